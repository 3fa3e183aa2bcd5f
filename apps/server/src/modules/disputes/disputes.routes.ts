import { Permission } from '@portico/contracts/access/permission-names';
import type { UserType } from '@portico/contracts/auth/roles';
import { errorResponses } from '@portico/contracts/common/envelope';
import {
  disputeDraftBody,
  disputeEvidenceBody,
  disputeEvidenceResponse,
  disputeParams,
  disputeResponse,
  disputesQuery,
  disputesResponse,
  emptyStrictBody,
  simulateDisputeBody,
  transactionDisputeQuery,
  transactionDisputeResponse,
} from '@portico/contracts/disputes/disputes';
import { maxDocumentRequestLength } from '@portico/contracts/documents/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import { disputesPollJob } from '../../jobs/disputes.job';
import { sendJsonText } from '../../lib/json-text';
import {
  acceptDispute,
  addEvidence,
  type DisputesDeps,
  disputeDetail,
  disputeOfTransaction,
  disputeRowsJson,
  saveDraft,
  simulateDispute,
  submitResponse,
} from './disputes.service';

// Staff, parents and merchant users holding Disputes; the service scopes rows and single disputes to
// the merchants the caller reaches and holds Disputes on (staff skip the permission).
const roles: readonly UserType[] = ['admin', 'parent', 'user'];
const listAccess: RouteAccess = {
  kind: 'authenticated',
  roles,
  permission: Permission.Disputes,
  merchant: { from: 'query', key: 'merchant_id' },
};
const oneAccess: RouteAccess = { kind: 'authenticated', roles, permission: Permission.Disputes };
const staffAccess: RouteAccess = { kind: 'authenticated', roles: ['admin'] };
const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);

// publicUrl: the portal's address, for the link in the dispute e-mails.
export type DisputesRoutesOptions = { publicUrl: string };

export const disputesRoutes: FastifyPluginAsyncZod<DisputesRoutesOptions> = async (app, opts) => {
  const notices = { mail: app.mail, publicUrl: opts.publicUrl };
  const deps: DisputesDeps = { db: app.db, feed: app.disputeFeed, now: () => app.now(), notices };
  app.jobs.register(disputesPollJob(app.disputeFeed, notices));

  app.get(
    '/api/disputes',
    {
      config: { access: listAccess },
      schema: {
        tags: ['disputes'],
        summary: "The Disputes grid: the caller's merchants' disputes, newest first",
        querystring: disputesQuery,
        response: { 200: disputesResponse, ...errors },
      },
    },
    // Written as JSON by the database (disputeRowsJson): the schema documents the answer, the API
    // tests hold the answer to it and to each dispute's own page.
    async (request, reply) =>
      sendJsonText(reply, await disputeRowsJson(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/disputes/of-transaction',
    {
      config: { access: oneAccess },
      schema: {
        tags: ['disputes'],
        summary: 'The dispute of a payment, if any (the transaction detail links to it)',
        querystring: transactionDisputeQuery,
        response: { 200: transactionDisputeResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await disputeOfTransaction(app.db, callerOf(request), request.query.transaction_id),
    }),
  );

  app.get(
    '/api/disputes/:id',
    {
      config: { access: oneAccess },
      schema: {
        tags: ['disputes'],
        summary: 'One dispute: its timeline, reason in words, evidence and draft',
        params: disputeParams,
        response: { 200: disputeResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await disputeDetail(app.db, callerOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/disputes/:id/draft',
    {
      config: { access: oneAccess },
      schema: {
        tags: ['disputes'],
        summary: "Save the response's written explanation (until submitted)",
        params: disputeParams,
        body: disputeDraftBody,
        response: { 200: disputeResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await saveDraft(deps, callerOf(request), request.params.id, request.body.explanation),
    }),
  );

  app.post(
    '/api/disputes/:id/evidence',
    {
      config: { access: oneAccess },
      bodyLimit: maxDocumentRequestLength,
      schema: {
        tags: ['disputes'],
        summary: 'Add a piece of evidence (a data URL; checked by content like documents, 10 MB at most)',
        params: disputeParams,
        body: disputeEvidenceBody,
        response: { 200: disputeEvidenceResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await addEvidence(deps, callerOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/disputes/:id/submit',
    {
      config: { access: oneAccess },
      schema: {
        tags: ['disputes'],
        summary: 'Submit the evidence to the processor; it is sealed from then on',
        params: disputeParams,
        body: emptyStrictBody,
        response: { 200: disputeResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await submitResponse(deps, callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/disputes/:id/accept',
    {
      config: { access: oneAccess },
      schema: {
        tags: ['disputes'],
        summary: 'Accept the dispute: the money stays with the cardholder',
        params: disputeParams,
        body: emptyStrictBody,
        response: { 200: disputeResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await acceptDispute(deps, callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/disputes/simulate',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['disputes'],
        summary: 'Staff: open a sandbox dispute on a settled card sale (Simulate dispute)',
        body: simulateDisputeBody,
        response: { 200: disputeResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await simulateDispute(
        deps,
        callerOf(request),
        request.body.transaction_id,
        request.body.category,
      ),
    }),
  );
};

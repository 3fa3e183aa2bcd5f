import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  approveEnrollmentResponse,
  clientParentsResponse,
  clientUsersQuery,
  clientUsersResponse,
  createSandboxResponse,
  developerEmailBody,
  developerEmailResponse,
  enrollDeveloperBody,
  enrollDeveloperResponse,
  enrollmentHierarchyBody,
  enrollmentHierarchyResponse,
  enrollmentIdBody,
  enrollmentIdQuery,
  kycViewResponse,
  newUserBody,
  newUserResponse,
  rejectEnrollmentBody,
  rejectEnrollmentResponse,
  runKycResponse,
} from '@portico/contracts/enrollment/enrollment-actions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import type { KycProvider } from '../../integrations/kyc/kyc-provider';
import { createSandboxKycProvider } from '../../integrations/kyc/sandbox-kyc';
import { accountUsers, createAccountUser } from './account-users.service';
import { approveEnrollment, rejectEnrollment } from './approval.service';
import type { ActionDeps } from './enrollment-actions.common';
import { assignableParentOptions, changeEnrollmentParent } from './hierarchy.service';
import { runKyc, viewKyc } from './kyc.service';
import { createSandbox, enrollDeveloper, sendDeveloperEmail } from './sandbox.service';

export type EnrollmentActionsRoutesOptions = {
  publicUrl: string;
  // The KYC service; the sandbox unless a test brings a failing one.
  kyc?: KycProvider | undefined;
};

// The Actions menu (KYC, approve or reject, hierarchy) and the certification panel are
// for admin and white-label staff; Users & Contacts is for everyone who reviews enrollments, a
// parent within its own hierarchy.
const staffAccess = { kind: 'authenticated', roles: ['admin', 'healnow'] } as const;
const usersRoles = ['admin', 'healnow', 'parent'] as const;
const errors = errorResponses(400, 401, 403, 404, 409, 422);

export const enrollmentActionsRoutes: FastifyPluginAsyncZod<EnrollmentActionsRoutesOptions> = async (
  app,
  opts,
) => {
  const deps: ActionDeps = {
    db: app.db,
    cipher: app.fieldCipher,
    now: app.now,
    kyc: opts.kyc ?? createSandboxKycProvider(),
    mail: app.mail,
    publicUrl: opts.publicUrl,
  };

  app.post(
    '/api/kyc',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['enrollment'],
        summary: 'Run KYC on an enrollment: the result is stored on it and in its KYC log',
        body: enrollmentIdBody,
        response: { 200: runKycResponse, ...errors, 503: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await runKyc(deps, callerOf(request), request.body.id, request.log),
    }),
  );

  app.get(
    '/api/kyc',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['enrollment'],
        summary: 'KYC status of an enrollment and its KYC log, newest first',
        querystring: enrollmentIdQuery,
        response: { 200: kycViewResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await viewKyc(deps, callerOf(request), request.query.id),
    }),
  );

  app.patch(
    '/api/enroll/approve',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['enrollment'],
        summary:
          'Approve an undecided enrollment (KYC passed): the account is created or enabled with production keys, the applicant gets a portal user and an e-mail saying how to sign in',
        body: enrollmentIdBody,
        response: { 200: approveEnrollmentResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await approveEnrollment(deps, callerOf(request), request.body.id),
    }),
  );

  app.patch(
    '/api/enroll/reject',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['enrollment'],
        summary:
          'Reject an undecided enrollment: its account, if any, is barred from production payments; the applicant is e-mailed, with the reason when given',
        body: rejectEnrollmentBody,
        response: { 200: rejectEnrollmentResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await rejectEnrollment(deps, callerOf(request), request.body),
    }),
  );

  app.get(
    '/api/client/parent',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['enrollment'],
        summary: 'Parents the caller may assign, by legal name',
        response: { 200: clientParentsResponse, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await assignableParentOptions(app.db, callerOf(request)),
    }),
  );

  app.post(
    '/api/enroll/hierarchy',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['enrollment'],
        summary: 'Move an enrollment (and its account) under the parent with this legal name',
        body: enrollmentHierarchyBody,
        response: { 200: enrollmentHierarchyResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await changeEnrollmentParent(deps, callerOf(request), request.body),
    }),
  );

  app.get(
    '/api/client/users',
    {
      config: {
        access: { kind: 'authenticated', roles: usersRoles, merchant: { from: 'query', key: 'id' } },
      },
      schema: {
        tags: ['enrollment'],
        summary: "An account's users and contacts as [user id, client id, created at, user]",
        querystring: clientUsersQuery,
        response: { 200: clientUsersResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await accountUsers(app.db, callerOf(request), request.query.id),
    }),
  );

  app.post(
    '/api/user/new',
    {
      config: {
        access: { kind: 'authenticated', roles: usersRoles, merchant: { from: 'body', key: 'clientid' } },
      },
      schema: {
        tags: ['enrollment'],
        summary: 'Add a user or a contact to an account (every field required, e-mail lowercased)',
        body: newUserBody,
        response: { 200: newUserResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await createAccountUser(app.db, callerOf(request), request.body),
    }),
  );

  app.post(
    '/api/createsandbox',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['enrollment'],
        summary: "Create the enrollment's sandbox (certification) account and its sandbox API key",
        querystring: enrollmentIdQuery,
        response: { 200: createSandboxResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await createSandbox(deps, callerOf(request), request.query.id),
    }),
  );

  app.post(
    '/api/enroll/developer',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['enrollment'],
        summary: "Enroll the lead developer in the account's sandbox or production",
        body: enrollDeveloperBody,
        response: { 200: enrollDeveloperResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await enrollDeveloper(deps, callerOf(request), request.body),
    }),
  );

  app.post(
    '/api/enroll/developer/email',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['enrollment'],
        summary: 'E-mail an enrolled developer the sign-in and sandbox instructions',
        body: developerEmailBody,
        response: { 200: developerEmailResponse, ...errors, 503: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await sendDeveloperEmail(deps, callerOf(request), request.body),
    }),
  );
};

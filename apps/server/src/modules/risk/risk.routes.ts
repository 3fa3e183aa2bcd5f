import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import { maxDocumentRequestLength } from '@portico/contracts/documents/documents';
import {
  disputeRatiosQuery,
  disputeRatiosResponse,
  disputeThresholdBody,
  disputeThresholdResponse,
} from '@portico/contracts/risk/dispute-ratio';
import {
  attachmentIdParams,
  createTransactionNoteBody,
  createTransactionNoteResponse,
  merchantHistoryResponse,
  merchantIdParams,
  merchantNamesResponse,
  merchantStatusChangeResponse,
  merchantStatusResponse,
  transactionIdParams,
  transactionMonitoringResponse,
  transactionNotesResponse,
} from '@portico/contracts/risk/risk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { changeDisputeRatioThreshold, disputeRatios } from './dispute-ratio.service';
import { readNoteMultipart } from './note-upload.routes-helper';
import {
  addTransactionNote,
  changeMerchantStatus,
  merchantIsActive,
  merchantNames,
  merchantStatusHistory,
  noteAttachment,
  notesOfTransaction,
  transactionMonitoring,
} from './risk.service';

// Risk is admin only. Processor-audit staff read it; the access plugin refuses their writes.
const riskAccess = { kind: 'authenticated', roles: ['admin'] } as const;
const errors = errorResponses(400, 401, 403, 404);
const changeErrors = { ...errors, 409: errorEnvelope };

// RFC 6266: a plain ASCII fallback name and the exact name in UTF-8.
function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

// supportEmail: whom the owners of a frozen merchant are told to contact.
export type RiskRoutesOptions = { supportEmail: string };

export const riskRoutes: FastifyPluginAsyncZod<RiskRoutesOptions> = async (app, opts) => {
  app.get(
    '/api/risk/dispute-ratios',
    {
      // A merchant named narrows the list to it and its hierarchy.
      config: { access: { ...riskAccess, merchant: { from: 'query', key: 'merchant_id' } } },
      schema: {
        tags: ['risk'],
        summary:
          "The Disputes tab: per merchant, the month's disputes, card sales and their ratio, flagged over the threshold",
        querystring: disputeRatiosQuery,
        response: { 200: disputeRatiosResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await disputeRatios(app.db, callerOf(request), request.query, app.now()),
    }),
  );

  app.put(
    '/api/risk/dispute-ratio-threshold',
    {
      config: { access: riskAccess },
      schema: {
        tags: ['risk'],
        summary: 'Set the dispute ratio over which a merchant is flagged (percent, 0.01 to 100; audited)',
        body: disputeThresholdBody,
        response: { 200: disputeThresholdResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await changeDisputeRatioThreshold(app.db, callerOf(request), request.body.threshold),
    }),
  );

  app.get(
    '/api/transaction-monitoring',
    {
      config: { access: riskAccess },
      schema: {
        tags: ['risk'],
        summary: "The Risk Dashboard's three lists over the last 30 days, each payment with has_notes",
        response: { 200: transactionMonitoringResponse, ...errors },
      },
    },
    async () => ({ status: true as const, message: await transactionMonitoring(app.db, app.now()) }),
  );

  app.get(
    '/api/transaction-monitoring/notes/:transactionId',
    {
      config: { access: riskAccess },
      schema: {
        tags: ['risk'],
        summary: 'Risk notes of one transaction with their attachments, newest first',
        params: transactionIdParams,
        response: { 200: transactionNotesResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await notesOfTransaction(app.db, request.params.transactionId),
    }),
  );

  app.post(
    '/api/transaction-monitoring/notes',
    {
      config: { access: riskAccess },
      bodyLimit: maxDocumentRequestLength,
      preValidation: readNoteMultipart,
      schema: {
        tags: ['risk'],
        summary: 'Add a risk note (multipart; one optional attachment checked by content); closes its alerts',
        consumes: ['multipart/form-data', 'application/json'],
        body: createTransactionNoteBody,
        response: { 200: createTransactionNoteResponse, ...errors, 413: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await addTransactionNote(app.db, callerOf(request), request.body),
    }),
  );

  app.get(
    '/api/transaction-monitoring/attachments/:id',
    {
      config: { access: riskAccess },
      schema: {
        tags: ['risk'],
        // The answer is the file itself (errors use the usual envelope).
        summary: 'Download a risk note attachment (Content-Disposition, nosniff)',
        params: attachmentIdParams,
      },
    },
    async (request, reply) => {
      const attachment = await noteAttachment(app.db, request.params.id);
      return reply
        .header('content-type', attachment.mimeType)
        .header('content-disposition', attachmentDisposition(attachment.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(attachment.content);
    },
  );

  app.get(
    '/api/merchant-names',
    {
      config: { access: riskAccess },
      schema: {
        tags: ['risk'],
        summary: 'Every merchant as a single-pair map from id to name, by name',
        response: { 200: merchantNamesResponse, ...errors },
      },
    },
    async () => ({ status: true as const, message: { merchant_names: await merchantNames(app.db) } }),
  );

  app.get(
    '/api/merchant-status/history',
    {
      config: { access: riskAccess },
      schema: {
        tags: ['risk'],
        summary: 'Freeze and unfreeze history of every merchant, newest first',
        response: { 200: merchantHistoryResponse, ...errors },
      },
    },
    async () => ({ status: true as const, message: { history: await merchantStatusHistory(app.db) } }),
  );

  app.get(
    '/api/merchant-status/:id',
    {
      config: { access: riskAccess },
      schema: {
        tags: ['risk'],
        summary: 'Whether a merchant may take payments (false: frozen)',
        params: merchantIdParams,
        response: { 200: merchantStatusResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: { is_active: await merchantIsActive(app.db, request.params.id) },
    }),
  );

  for (const action of ['freeze', 'unfreeze'] as const) {
    app.post(
      `/api/merchant-status/:id/${action}`,
      {
        config: { access: riskAccess },
        schema: {
          tags: ['risk'],
          summary:
            action === 'freeze'
              ? 'Freeze a merchant: its payments are refused and its payouts held (audited)'
              : 'Unfreeze a merchant: payments and payouts resume (audited)',
          params: merchantIdParams,
          response: { 200: merchantStatusChangeResponse, ...changeErrors },
        },
      },
      async (request) => {
        const isActive = await changeMerchantStatus(
          { db: app.db, mail: app.mail, supportEmail: opts.supportEmail },
          callerOf(request),
          request.params.id,
          action === 'unfreeze',
        );
        return { status: true as const, message: { success: true as const, is_active: isActive } };
      },
    );
  }
};

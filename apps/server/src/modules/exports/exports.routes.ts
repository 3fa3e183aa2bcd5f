import { createReadStream } from 'node:fs';
import path from 'node:path';
import { userTypes } from '@portico/contracts/auth/roles';
import { errorResponses } from '@portico/contracts/common/envelope';
import {
  exportIdParams,
  exportListResponse,
  exportRequestBody,
  exportResponse,
} from '@portico/contracts/exports/exports';
import { exportRunJobName } from '@portico/contracts/jobs/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { createPatientCrypto, type PatientCrypto } from '../vault/vault-patient-fields';
import type { ExportableGrid } from './export-registry';
import {
  cancelExport,
  type ExportDeps,
  expireExports,
  exportExpiryJobName,
  getExport,
  listExports,
  openExportDownload,
  requestExport,
  retryExport,
  runExport,
} from './exports.service';
import { auditLogExport } from './grids/audit-log';
import { disputesExport } from './grids/disputes';
import { payoutsExport } from './grids/payouts';
import { statementsExport } from './grids/statements';
import { transactionReportExport } from './grids/transaction-report';
import { transactionSearchExport } from './grids/transaction-search';
import { createVaultExport } from './grids/vault';
import { registerReportScheduleRoutes } from './report-schedules.routes';

// Any signed-in user lists, follows, cancels, retries and downloads their own exports; asking for one
// takes the grid's own access.
const ownExports = {
  kind: 'authenticated',
  roles: userTypes,
  processorAudit: 'allowed',
} as const;

const errors = errorResponses(400, 401, 403, 404, 409, 422);

// RFC 6266: a plain ASCII fallback name and the exact name in UTF-8.
function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export type ExportsRoutesOptions = { dataDir: string; publicUrl: string };

export const exportsRoutes: FastifyPluginAsyncZod<ExportsRoutesOptions> = async (app, opts) => {
  // The vault's patient-field cipher, made when an export first opens a patient field.
  let patientCrypto: PatientCrypto | undefined;
  // Every grid that exports on the server.
  const exportableGrids: readonly ExportableGrid[] = [
    transactionReportExport,
    auditLogExport,
    disputesExport,
    payoutsExport,
    statementsExport,
    transactionSearchExport,
    createVaultExport(() => {
      patientCrypto ??= createPatientCrypto(app.fieldCipher(), app.dataKey);
      return patientCrypto;
    }),
  ];
  const deps: ExportDeps = {
    db: app.db,
    database: app.database,
    reportingDatabase: app.reportingDatabase,
    mail: app.mail,
    jobs: app.jobs,
    grids: new Map(exportableGrids.map((grid) => [grid.grid, grid])),
    denials: app.accessDenials,
    publicUrl: opts.publicUrl,
    directory: path.join(opts.dataDir, 'exports'),
    log: app.log,
  };

  // One run per export attempt (its key: id and attempt); a failure says why on the export and is
  // retried by the requester, not by the runner.
  app.jobs.register({ name: exportRunJobName, maxAttempts: 1, run: ({ runKey }) => runExport(deps, runKey) });
  app.jobs.register({
    name: exportExpiryJobName,
    schedule: { everyMinutes: 60 },
    run: () => expireExports(deps),
  });

  registerReportScheduleRoutes(app, deps, exportableGrids);

  for (const grid of exportableGrids) {
    app.post(
      `/api/exports/${grid.grid}`,
      {
        config: { access: grid.requestAccess },
        schema: {
          tags: ['exports'],
          summary: `Export every row of the ${grid.fileStem} the grid's filters match, as CSV or xlsx`,
          description:
            'Starts a job writing the file; follow it with GET /api/exports/{id}. Columns the caller may ' +
            'not see are refused (400); only the newest-first order streams (422 for another sort).',
          body: exportRequestBody,
          response: { 200: exportResponse, ...errors },
        },
      },
      async (request) => ({
        status: true as const,
        message: await requestExport(deps, grid, callerOf(request), request.body),
      }),
    );
  }

  app.get(
    '/api/exports',
    {
      config: { access: ownExports },
      schema: {
        tags: ['exports'],
        summary: 'The signed-in user’s exports, newest first',
        response: { 200: exportListResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, message: await listExports(deps, callerOf(request)) }),
  );

  app.get(
    '/api/exports/:id',
    {
      config: { access: ownExports },
      schema: {
        tags: ['exports'],
        summary: 'One of the signed-in user’s exports: status and progress',
        params: exportIdParams,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await getExport(deps, callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/exports/:id/cancel',
    {
      config: { access: ownExports },
      schema: {
        tags: ['exports'],
        summary: 'Cancel an export that is waiting or running',
        params: exportIdParams,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await cancelExport(deps, callerOf(request), request.params.id),
    }),
  );

  app.post(
    '/api/exports/:id/retry',
    {
      config: { access: ownExports },
      schema: {
        tags: ['exports'],
        summary: 'Run a failed or cancelled export again',
        params: exportIdParams,
        response: { 200: exportResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await retryExport(deps, callerOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/exports/:id/download',
    {
      config: { access: ownExports },
      schema: {
        tags: ['exports'],
        summary: 'The export’s file, for its requester while they still see its rows',
        description:
          'The file itself (errors use the usual envelope). 409 when it expired, was cancelled or failed; ' +
          '403 when the requester lost access to its rows.',
        params: exportIdParams,
      },
    },
    async (request, reply) => {
      const file = await openExportDownload(deps, callerOf(request), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.byteSize)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(createReadStream(file.filePath));
    },
  );
};

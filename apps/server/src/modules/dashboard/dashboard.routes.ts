import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import {
  alertsQuery,
  operationsAlertsResponse,
  riskAlertsResponse,
} from '@portico/contracts/dashboard/alerts';
import { certificationQuery, certificationResponse } from '@portico/contracts/dashboard/certification';
import {
  clientsMetaQuery,
  clientsMetaResponse,
  clientsMetaRoles,
} from '@portico/contracts/dashboard/clients-meta';
import {
  dataSyncRequestBody,
  dataSyncRequestResponse,
  merchantSyncOptionsResponse,
} from '@portico/contracts/dashboard/manual-data-pull';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import {
  certificationProgress,
  clientsMeta,
  merchantSyncOptions,
  openOperationsAlerts,
  openRiskAlerts,
  submitDataSyncRequest,
} from './dashboard.service';

// Merchant Data Sync and the risk and operations alert cards are admin only.
const adminOnly = ['admin'] as const;
// The Certification page: admin, user, parent, healnow (shown only for a client in certification).
const certificationRoles = ['admin', 'user', 'parent', 'healnow'] as const;

const errors = errorResponses(400, 401, 403, 404);

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/manual-data-pull-accounts',
    {
      config: { access: { kind: 'authenticated', roles: adminOnly } },
      schema: {
        tags: ['dashboard'],
        summary: 'Merchants a data sync can be requested for (merchant_id, dba_name), by name',
        response: { 200: merchantSyncOptionsResponse, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async () => ({ status: true as const, message: await merchantSyncOptions(app.db) }),
  );

  app.post(
    '/api/v1/manual-data-pull-accounts',
    {
      config: { access: { kind: 'authenticated', roles: adminOnly } },
      schema: {
        tags: ['dashboard'],
        summary: 'Request a merchant data sync (recorded as requested; the job that pulls is not built yet)',
        body: dataSyncRequestBody,
        response: { 200: dataSyncRequestResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await submitDataSyncRequest(app.db, callerOf(request), request.body.merchant_id),
    }),
  );

  app.get(
    '/api/portal/clients-meta',
    {
      config: {
        access: { kind: 'authenticated', roles: clientsMetaRoles, merchant: { from: 'query', key: 'id' } },
      },
      schema: {
        tags: ['dashboard'],
        summary: 'Clients in reach with their level (Parent or Merchant); with id, that client and below',
        querystring: clientsMetaQuery,
        response: { 200: clientsMetaResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await clientsMeta(app.db, callerOf(request)),
    }),
  );

  app.get(
    '/api/risk',
    {
      config: { access: { kind: 'authenticated', roles: adminOnly, merchant: { from: 'query', key: 'id' } } },
      schema: {
        tags: ['dashboard'],
        summary: 'Open risk alerts of the last 30 days (flagged payments without a risk note)',
        querystring: alertsQuery,
        response: { 200: riskAlertsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await openRiskAlerts(app.db, callerOf(request), app.now()),
    }),
  );

  app.get(
    '/api/operations',
    {
      config: { access: { kind: 'authenticated', roles: adminOnly, merchant: { from: 'query', key: 'id' } } },
      schema: {
        tags: ['dashboard'],
        summary: 'Open operations alerts: held or failed payouts, recent ACH returns and failed data syncs',
        querystring: alertsQuery,
        response: { 200: operationsAlertsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await openOperationsAlerts(app.db, callerOf(request), app.now()),
    }),
  );

  app.get(
    '/api/certification',
    {
      config: {
        access: { kind: 'authenticated', roles: certificationRoles, merchant: { from: 'query', key: 'id' } },
      },
      schema: {
        tags: ['dashboard'],
        summary: 'Certification progress (charges, refunds, reporting) of a client, by default your own',
        querystring: certificationQuery,
        response: { 200: certificationResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await certificationProgress(app.db, callerOf(request)),
    }),
  );
};

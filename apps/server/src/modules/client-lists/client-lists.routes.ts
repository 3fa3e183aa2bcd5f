import { Permission } from '@portico/contracts/access/permission-names';
import { userTypes } from '@portico/contracts/auth/roles';
import {
  clientListResponse,
  clientTuplesResponse,
  merchantGridResponse,
  myConfigurationsResponse,
} from '@portico/contracts/clients/client-lists';
import { errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import { sendJsonText } from '../../lib/json-text';
import { clientListRows, clientTuples, merchantGridJson, myConfigurations } from './client-lists.service';

const errors = errorResponses(401, 403);

// Access follows the sidebar menu. Accounts (/merchants)
// shows to admin, parent and user holding Merchant Accounts (hasPermission: RBAC off passes);
// Admin Accounts (/accounts) to admin and healnow. The rows are scoped to the caller's reach.
const merchantsAccess = {
  kind: 'authenticated',
  roles: ['admin', 'parent', 'user'],
  permission: Permission.MerchantAccounts,
} as const;
const adminAccountsAccess = { kind: 'authenticated', roles: ['admin', 'healnow'] } as const;

export const clientListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client/all',
    {
      config: { access: merchantsAccess },
      schema: {
        tags: ['clients'],
        summary: 'Merchants grid: every client the caller reaches, by name',
        response: { 200: merchantGridResponse, ...errors },
      },
    },
    // Written as JSON by the database (merchantGridJson): the schema documents the answer, the API
    // test holds the answer to it.
    async (request, reply) => sendJsonText(reply, await merchantGridJson(app.db, callerOf(request))),
  );

  app.get(
    '/api/portal/clients',
    {
      config: { access: adminAccountsAccess },
      schema: {
        tags: ['clients'],
        summary: 'Admin Accounts: the client list',
        response: { 200: clientListResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, message: await clientListRows(app.db, callerOf(request)) }),
  );

  app.get(
    '/api/clients',
    {
      config: { access: { kind: 'authenticated', roles: userTypes } },
      schema: {
        tags: ['clients'],
        summary: 'Clients in reach as arrays: [id, parent id, level, name]',
        response: { 200: clientTuplesResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, message: await clientTuples(app.db, callerOf(request)) }),
  );

  app.get(
    '/api/client/my-configurations',
    {
      config: { access: { kind: 'authenticated', roles: userTypes } },
      schema: {
        tags: ['clients'],
        summary: "The reporting configuration of the caller's default client and memberships",
        response: { 200: myConfigurationsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await myConfigurations(app.db, callerOf(request)),
    }),
  );
};

import {
  merchantPermissionsParams,
  merchantPermissionsResponse,
} from '@portico/contracts/auth/merchant-permissions';
import { myClientsResponse } from '@portico/contracts/auth/my-clients';
import { userTypes } from '@portico/contracts/auth/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineErrors } from '../../lib/app-error';
import { listMerchantsUserCanActFor } from './rbac.service';

export const RbacError = defineErrors({
  MerchantNotFound: ['MERCHANT_NOT_FOUND', 'not_found'],
});

export const rbacRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/rbac/:clientId/permissions',
    {
      config: {
        access: { kind: 'authenticated', roles: userTypes, merchant: { from: 'params', key: 'clientId' } },
      },
      schema: {
        tags: ['access'],
        summary: "The caller's permissions on one merchant",
        params: merchantPermissionsParams,
        response: { 200: merchantPermissionsResponse },
      },
    },
    async (request) => {
      // The access hook has decided reach and computed the permissions for this merchant.
      const access = request.merchantAccess;
      if (!access?.merchantExists) throw RbacError.MerchantNotFound('Merchant not found');
      return {
        status: true as const,
        message: access.effectivePermissions.map((name) => ({ name })),
      };
    },
  );

  app.get(
    '/api/client/my-clients',
    {
      config: { access: { kind: 'authenticated', roles: userTypes } },
      schema: {
        tags: ['access'],
        summary: 'Merchants the caller may act for',
        response: { 200: myClientsResponse },
      },
    },
    async (request) => {
      const caller = request.requireSession();
      const clients = await listMerchantsUserCanActFor(app.db, caller, request.viewAsClientId);
      return {
        status: true as const,
        message: clients.map((client) => ({
          id: client.id,
          name: client.name,
          dba_name: client.dbaName,
          level: client.level,
          parent_id: client.parentId,
        })),
      };
    },
  );
};

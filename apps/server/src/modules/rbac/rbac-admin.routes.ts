import { Permission } from '@portico/contracts/access/permission-names';
import {
  clientIdParams,
  createRoleBody,
  deleteRoleQuery,
  deleteRoleResponse,
  groupsResponse,
  merchantTerminalsParams,
  merchantTerminalsResponse,
  permissionMerchantsResponse,
  rbacUserParams,
  rbacUserResponse,
  rbacUsersQuery,
  rbacUsersResponse,
  roleFieldParams,
  roleParams,
  rolePermissionParams,
  rolePermissionsBody,
  roleResponse,
  rolesQuery,
  rolesResponse,
  setUserRoleBody,
  subEntitiesQuery,
  subEntitiesResponse,
  terminalCustomFieldsParams,
  terminalCustomFieldsResponse,
  updateRoleBody,
  userSubEntityParams,
  userSubEntityResponse,
} from '@portico/contracts/access/rbac-admin';
import { userTypes } from '@portico/contracts/auth/roles';
import { errorEnvelope, errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import { listMerchantsUserCanActFor } from './rbac.service';
import {
  changeRolePermission,
  changeUserSubEntity,
  createMerchantRole,
  deleteMerchantRole,
  listMerchantGroups,
  listMerchantRbacUsers,
  listMerchantRoles,
  listMerchantSubEntities,
  listMerchantTerminals,
  listTerminalCustomFields,
  setRolePermissions,
  setUserRole,
  toggleRoleField,
  updateMerchantRole,
} from './rbac-admin.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

// The permissions page and its calls need the Permissions permission on the merchant
// named in the path (admin holds every permission; a merchant without RBAC grants every one).
const managesPermissions = (key: string): Extract<RouteAccess, { kind: 'authenticated' }> => ({
  kind: 'authenticated',
  roles: userTypes,
  permission: Permission.Permissions,
  merchant: { from: 'params', key },
});
// Granting: a role's permissions or a user's role, with the second factor proved within the step-up
// window (a revoke is not asked for it: taking access away must never wait).
const grantsPermissions = (key: string): RouteAccess => ({ ...managesPermissions(key), stepUp: 'required' });
// Reading the roles, locations and groups of a merchant one reaches (the users page lists them too).
const readsMerchant = (key: string): RouteAccess => ({
  kind: 'authenticated',
  roles: userTypes,
  merchant: { from: 'params', key },
});

const roleMessage = <T>(message: T) => ({ status: true as const, message });

export const rbacAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/rbac/:clientId/roles',
    {
      config: { access: readsMerchant('clientId') },
      schema: {
        tags: ['access'],
        summary: "The merchant's roles (and its parents' unless with_hierarchy=false)",
        params: clientIdParams,
        querystring: rolesQuery,
        response: { 200: rolesResponse, ...errors },
      },
    },
    async (request) =>
      roleMessage(
        await listMerchantRoles(app.db, callerOf(request), request.query.with_hierarchy === 'true'),
      ),
  );

  app.post(
    '/api/rbac/:clientId/roles',
    {
      config: { access: managesPermissions('clientId') },
      schema: {
        tags: ['access'],
        summary: 'Add a role to the merchant',
        params: clientIdParams,
        body: createRoleBody,
        response: { 200: roleResponse, ...errors },
      },
    },
    async (request) => roleMessage(await createMerchantRole(app.db, callerOf(request), request.body.name)),
  );

  app.patch(
    '/api/rbac/:clientId/roles/:roleId',
    {
      config: { access: managesPermissions('clientId') },
      schema: {
        tags: ['access'],
        summary: 'Rename a role (trimmed; empty keeps the name) and set its custom-field access',
        params: roleParams,
        body: updateRoleBody,
        response: { 200: roleResponse, ...errors },
      },
    },
    async (request) =>
      roleMessage(await updateMerchantRole(app.db, callerOf(request), request.params.roleId, request.body)),
  );

  app.delete(
    '/api/rbac/:clientId/roles/:roleId',
    {
      config: { access: managesPermissions('clientId') },
      schema: {
        tags: ['access'],
        summary: 'Remove a role; force=true also when users hold it (they are left without a role)',
        params: roleParams,
        querystring: deleteRoleQuery,
        response: { 200: deleteRoleResponse, ...errors },
      },
    },
    async (request) =>
      roleMessage(
        await deleteMerchantRole(
          app.db,
          callerOf(request),
          request.params.roleId,
          request.query.force === 'true',
        ),
      ),
  );

  app.put(
    '/api/rbac/:clientId/roles/:roleId/permissions',
    {
      config: { access: grantsPermissions('clientId') },
      schema: {
        tags: ['access'],
        summary: "Save a role's whole set of permissions at once (what changed, in one transaction)",
        params: roleParams,
        body: rolePermissionsBody,
        response: { 200: roleResponse, ...errors },
      },
    },
    async (request) =>
      roleMessage(
        await setRolePermissions(app.db, callerOf(request), request.params.roleId, request.body.permissions),
      ),
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/rbac/:clientId/roles/:roleId/permissions/:permission',
      config: { access: method === 'POST' ? grantsPermissions('clientId') : managesPermissions('clientId') },
      schema: {
        tags: ['access'],
        summary: method === 'POST' ? 'Grant a permission to a role' : 'Revoke a permission from a role',
        params: rolePermissionParams,
        response: { 200: roleResponse, ...errors },
      },
      handler: async (request) =>
        roleMessage(
          await changeRolePermission(
            app.db,
            callerOf(request),
            request.params.roleId,
            request.params.permission,
            method === 'POST',
          ),
        ),
    });

    // POST hides / DELETE shows a field; DELETE requires / POST unrequires it.
    const fieldRoutes = [
      {
        list: 'hideable-fields',
        toggle: method === 'POST' ? 'hide' : 'show',
        summary:
          method === 'POST' ? 'Hide a terminal field from the role' : 'Show a terminal field to the role',
      },
      {
        list: 'omittable-fields',
        toggle: method === 'POST' ? 'unrequire' : 'require',
        summary:
          method === 'POST'
            ? 'Make a terminal field optional for the role'
            : 'Make a terminal field required for the role',
      },
    ] as const;
    for (const field of fieldRoutes) {
      app.route({
        method,
        url: `/api/rbac/:clientId/roles/:roleId/terminals/:terminalId/${field.list}/:fieldName`,
        config: { access: managesPermissions('clientId') },
        schema: {
          tags: ['access'],
          summary: field.summary,
          params: roleFieldParams,
          response: { 200: roleResponse, ...errors },
        },
        handler: async (request) =>
          roleMessage(
            await toggleRoleField(app.db, callerOf(request), { ...request.params, toggle: field.toggle }),
          ),
      });
    }

    app.route({
      method,
      url: '/api/rbac/:clientId/users/:userId/sub-entities/:subEntityId',
      config: { access: managesPermissions('clientId') },
      schema: {
        tags: ['access'],
        summary: method === 'POST' ? 'Assign a sub-location to a user' : 'Take a sub-location from a user',
        params: userSubEntityParams,
        response: { 200: userSubEntityResponse, ...errors },
      },
      handler: async (request) =>
        roleMessage(
          await changeUserSubEntity(app.db, callerOf(request), {
            userId: request.params.userId,
            subEntityId: request.params.subEntityId,
            isAdd: method === 'POST',
          }),
        ),
    });
  }

  app.get(
    '/api/rbac/:clientId/users',
    {
      config: { access: managesPermissions('clientId') },
      schema: {
        tags: ['access'],
        summary: "The merchant's users with role, memberships and sub-locations",
        params: clientIdParams,
        querystring: rbacUsersQuery,
        response: { 200: rbacUsersResponse, ...errors },
      },
    },
    async (request) =>
      roleMessage(
        await listMerchantRbacUsers(app.db, callerOf(request), request.query.with_recursion === 'true'),
      ),
  );

  app.patch(
    '/api/rbac/:clientId/users/:userId',
    {
      config: { access: grantsPermissions('clientId') },
      schema: {
        tags: ['access'],
        summary: "Set a user's role on the merchant (Edit User)",
        params: rbacUserParams,
        body: setUserRoleBody,
        response: { 200: rbacUserResponse, ...errors },
      },
    },
    async (request) =>
      roleMessage(await setUserRole(app.db, callerOf(request), request.params.userId, request.body.role)),
  );

  app.get(
    '/api/rbac/:clientId/sub-entities',
    {
      config: { access: readsMerchant('clientId') },
      schema: {
        tags: ['access'],
        summary: "The merchant's sub-locations (and those below it unless skipRecursion=true)",
        params: clientIdParams,
        querystring: subEntitiesQuery,
        response: { 200: subEntitiesResponse, ...errors },
      },
    },
    async (request) => {
      const merchantIds = (request.query.merchant_ids ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => z.uuid().safeParse(id).success);
      return roleMessage(
        await listMerchantSubEntities(app.db, callerOf(request), {
          skipRecursion: request.query.skipRecursion === 'true',
          merchantIds,
        }),
      );
    },
  );

  app.get(
    '/api/rbac/:clientId/groups',
    {
      config: { access: readsMerchant('clientId') },
      schema: {
        tags: ['access'],
        summary: 'The merchant and the clients below it, which a membership may name',
        params: clientIdParams,
        response: { 200: groupsResponse, ...errors },
      },
    },
    async (request) => roleMessage(await listMerchantGroups(app.db, callerOf(request))),
  );

  app.get(
    '/api/permissions/merchants',
    {
      config: { access: { kind: 'authenticated', roles: userTypes } },
      schema: {
        tags: ['access'],
        summary: 'Merchants whose roles the caller may open on the permissions page',
        response: { 200: permissionMerchantsResponse, 401: errorEnvelope },
      },
    },
    async (request) => {
      const caller = request.requireSession();
      const merchants = await listMerchantsUserCanActFor(app.db, caller, request.viewAsClientId);
      return roleMessage(merchants.map((merchant) => ({ id: merchant.id, name: merchant.name })));
    },
  );

  app.get(
    '/api/permissions/merchant/:id/terminals',
    {
      config: { access: managesPermissions('id') },
      schema: {
        tags: ['access'],
        summary: "The merchant's virtual terminals (for per-terminal field access)",
        params: merchantTerminalsParams,
        response: { 200: merchantTerminalsResponse, ...errors },
      },
    },
    async (request) => roleMessage(await listMerchantTerminals(app.db, callerOf(request))),
  );

  app.get(
    '/api/permissions/merchant/:merchantId/terminal/:terminalId/custom-fields',
    {
      config: { access: managesPermissions('merchantId') },
      schema: {
        tags: ['access'],
        summary: "A terminal's custom fields",
        params: terminalCustomFieldsParams,
        response: { 200: terminalCustomFieldsResponse, ...errors },
      },
    },
    async (request) =>
      roleMessage(await listTerminalCustomFields(app.db, callerOf(request), request.params.terminalId)),
  );
};

import { Permission } from '@portico/contracts/access/permission-names';
import {
  createSubLocationBody,
  deleteSubLocationResponse,
  merchantParams,
  midOverrideOptionsResponse,
  subLocationParams,
  subLocationResponse,
  updateSubLocationBody,
} from '@portico/contracts/access/sub-locations';
import { userTypes } from '@portico/contracts/auth/roles';
import { errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import {
  createSubLocation,
  deleteSubLocation,
  listMidOverrideOptions,
  updateSubLocation,
} from './sub-locations.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

// Sublocations is offered with the Permissions permission; the server asks for it on the merchant
// named in the path, within the caller's reach.
const managesLocations: RouteAccess = {
  kind: 'authenticated',
  roles: userTypes,
  permission: Permission.Permissions,
  merchant: { from: 'params', key: 'merchantId' },
};

const answer = <T>(message: T) => ({ status: true as const, message });

export const subLocationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/rbac/:merchantId/mid-overrides',
    {
      config: { access: managesLocations },
      schema: {
        tags: ['access'],
        summary: 'Processors a location of the merchant may settle under its own MID at',
        params: merchantParams,
        response: { 200: midOverrideOptionsResponse, ...errors },
      },
    },
    async (request) => answer(await listMidOverrideOptions(app.db, callerOf(request))),
  );

  app.post(
    '/api/rbac/:merchantId/sub-entities',
    {
      config: { access: managesLocations },
      schema: {
        tags: ['access'],
        summary: 'Add a sub-location to the merchant',
        params: merchantParams,
        body: createSubLocationBody,
        response: { 200: subLocationResponse, ...errors },
      },
    },
    async (request) => answer(await createSubLocation(app.db, callerOf(request), request.body.name)),
  );

  app.patch(
    '/api/rbac/:merchantId/sub-entities/:id',
    {
      config: { access: managesLocations },
      schema: {
        tags: ['access'],
        summary: 'Edit a sub-location: name, phone, address, custom fields, MID overrides',
        params: subLocationParams,
        body: updateSubLocationBody,
        response: { 200: subLocationResponse, ...errors },
      },
    },
    async (request) =>
      answer(await updateSubLocation(app.db, callerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/rbac/:merchantId/sub-entities/:id',
    {
      config: { access: managesLocations },
      schema: {
        tags: ['access'],
        summary: 'Delete a sub-location that no user is tied to',
        params: subLocationParams,
        response: { 200: deleteSubLocationResponse, ...errors },
      },
    },
    async (request) => answer(await deleteSubLocation(app.db, callerOf(request), request.params.id)),
  );
};

import { userTypes } from '@portico/contracts/auth/roles';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import {
  getGridConfigResponse,
  gridConfigKeyParams,
  gridConfigNamesResponse,
  putGridConfigBody,
  putGridConfigResponse,
} from '@portico/contracts/grid/grid-layout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listGridLayoutNames, readGridLayout, saveGridLayout } from './grid-config.service';

// Saved layouts belong to the signed-in user alone: the key never names another user's row.
const everySignedInUser = { kind: 'authenticated', roles: userTypes } as const;
// A layout of the caller's own grids changes no business data: processor-audit users save theirs.
const ownLayouts = { ...everySignedInUser, processorAudit: 'allowed' } as const;

export const gridConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/user/grid-config/:key',
    {
      config: { access: ownLayouts },
      schema: {
        tags: ['users'],
        summary: 'Save a grid layout under a key (a null body deletes it)',
        params: gridConfigKeyParams,
        body: putGridConfigBody,
        response: { 200: putGridConfigResponse, 400: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      await saveGridLayout(app.db, request.requireSession().userId, request.params.key, request.body);
      return { status: true as const, message: null };
    },
  );

  app.get(
    '/api/user/grid-config/:key',
    {
      config: { access: everySignedInUser },
      schema: {
        tags: ['users'],
        summary: 'The grid layout saved under a key (v2 layout or legacy column array), or null',
        params: gridConfigKeyParams,
        response: { 200: getGridConfigResponse, 400: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await readGridLayout(app.db, request.requireSession().userId, request.params.key, request.log),
    }),
  );

  app.get(
    '/api/user/grid-config-names/:key',
    {
      config: { access: everySignedInUser },
      schema: {
        tags: ['users'],
        summary: "Names of the layouts saved under '{key}___{name}', sorted",
        params: gridConfigKeyParams,
        response: { 200: gridConfigNamesResponse, 400: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await listGridLayoutNames(app.db, request.requireSession().userId, request.params.key),
    }),
  );
};

import { logoResponse } from '@portico/contracts/auth/logo';
import { userTypes } from '@portico/contracts/auth/roles';
import { sessionUserResponse } from '@portico/contracts/auth/session-user-response';
import { errorResponses } from '@portico/contracts/common/envelope';
import { tourStateBody, tourStateResponse } from '@portico/contracts/tours/tours';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../access/route-access';
import { setTourSeen } from './user-tours.service';
import { loadLogoBase64, loadSessionUser } from './users.service';

const everySignedInUser = { kind: 'authenticated', roles: userTypes } as const;

// The user's own tour state; never from a mimic session (the tour is the user's first visit, not staff's).
const ownTourState: RouteAccess = {
  kind: 'authenticated',
  roles: userTypes,
  processorAudit: 'allowed',
  mimicSession: 'refused',
};

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user',
    {
      config: { access: everySignedInUser },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: sessionUserResponse },
      },
    },
    async (request) => ({
      status: true as const,
      message: await loadSessionUser(app.db, request.requireSession()),
    }),
  );

  app.get(
    '/api/logo',
    {
      config: { access: everySignedInUser },
      schema: {
        tags: ['users'],
        summary: "The parent's logo, or the Portico logo, as base64 PNG",
        response: { 200: logoResponse },
      },
    },
    async (request) => ({
      status: true as const,
      message: await loadLogoBase64(app.db, request.requireSession().userId),
    }),
  );

  app.put(
    '/api/user/tour',
    {
      config: { access: ownTourState },
      schema: {
        tags: ['users'],
        summary: "Mark the caller's portal tour seen (finished or dismissed) or not yet seen",
        body: tourStateBody,
        response: { 200: tourStateResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: true as const,
      message: await setTourSeen(app.db, request.requireSession().userId, request.body),
    }),
  );
};

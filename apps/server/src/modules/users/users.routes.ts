import { colorSchemeBody, colorSchemeResponse } from '@portico/contracts/auth/color-scheme';
import { logoResponse } from '@portico/contracts/auth/logo';
import { userTypes } from '@portico/contracts/auth/roles';
import { sessionUserResponse } from '@portico/contracts/auth/session-user-response';
import { errorResponses } from '@portico/contracts/common/envelope';
import { tourStateBody, tourStateResponse } from '@portico/contracts/tours/tours';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../access/route-access';
import { setColorScheme, setTourSeen } from './user-preferences.service';
import { loadLogoBase64, loadSessionUser } from './users.service';

const everySignedInUser = { kind: 'authenticated', roles: userTypes } as const;

// The user's own preferences (tour state, theme); never from a mimic session: the tour is the user's
// first visit, and the look is the person's choice, not staff's.
const ownPreference: RouteAccess = {
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
      config: { access: ownPreference },
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

  app.put(
    '/api/user/color-scheme',
    {
      config: { access: ownPreference },
      schema: {
        tags: ['users'],
        summary: "Keep the caller's portal look: light, dark, or the device's setting ('auto')",
        body: colorSchemeBody,
        response: { 200: colorSchemeResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      status: true as const,
      message: await setColorScheme(app.db, request.requireSession().userId, request.body.color_scheme),
    }),
  );
};

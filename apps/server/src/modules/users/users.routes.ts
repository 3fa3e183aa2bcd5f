import { logoResponse } from '@portico/contracts/auth/logo';
import { userTypes } from '@portico/contracts/auth/roles';
import { sessionUserResponse } from '@portico/contracts/auth/session-user-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadLogoBase64, loadSessionUser } from './users.service';

const everySignedInUser = { kind: 'authenticated', roles: userTypes } as const;

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
};

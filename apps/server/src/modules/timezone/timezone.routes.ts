import { userTypes } from '@portico/contracts/auth/roles';
import { timezoneListResponse, updateTimezoneBody } from '@portico/contracts/auth/timezone';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeUserTimezone, offeredTimezones, userTimezone } from './timezone.service';

const everySignedInUser = { kind: 'authenticated', roles: userTypes } as const;
// The caller's own display setting (the user-settings modal): processor-audit users keep theirs.
const ownPreference = { ...everySignedInUser, processorAudit: 'allowed' } as const;

export const timezoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/timezone',
    {
      config: { access: everySignedInUser },
      schema: {
        tags: ['users'],
        summary: "The user's timezone as [[name, label]]",
        response: { 200: timezoneListResponse },
      },
    },
    async (request) => ({
      status: true as const,
      message: await userTimezone(app.db, request.requireSession().userId),
    }),
  );

  app.get(
    '/api/timezones',
    {
      config: { access: everySignedInUser },
      schema: {
        tags: ['users'],
        summary: 'The timezones the settings offer, as [name, label] pairs',
        response: { 200: timezoneListResponse },
      },
    },
    async () => ({ status: true as const, message: await offeredTimezones(app.db) }),
  );

  app.post(
    '/api/timezone',
    {
      config: { access: ownPreference },
      schema: {
        tags: ['users'],
        summary: "Change the user's timezone (one of GET /api/timezones)",
        body: updateTimezoneBody,
        response: { 200: timezoneListResponse, 400: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await changeUserTimezone(app.db, request.requireSession().userId, request.body.timezone),
    }),
  );
};

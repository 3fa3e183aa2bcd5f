import { userTypes } from '@portico/contracts/auth/roles';
import {
  challengeBody,
  challengeInfoResponse,
  challengeResponse,
  enrolmentStartResponse,
  recoveryCodesBody,
  recoveryCodesResponse,
  secondFactorDisableResponse,
  secondFactorResetParams,
  secondFactorResetResponse,
  secondFactorStatusResponse,
  stepUpBody,
  stepUpResponse,
  totpCodeBody,
} from '@portico/contracts/auth/second-factor';
import {
  teamRequirementBody,
  teamRequirementParams,
  teamRequirementResponse,
} from '@portico/contracts/auth/second-factor-requirement';
import { errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import { requestOrigin } from '../../lib/audit';
import { SecondFactorError } from './second-factor.errors';
import {
  answerChallenge,
  challengeInfoOf,
  confirmEnrolment,
  disableSecondFactor,
  regenerateRecoveryCodes,
  resetSecondFactor,
  secondFactorStatusOf,
  startEnrolment,
  stepUpWithCode,
} from './second-factor.service';
import { setTeamRequirement, teamRequirementOf } from './second-factor-requirement';

export type SecondFactorRoutesOptions = { publicUrl: string; rateLimitPerMinute: number };

// A person's own authenticator: anyone signed in, processor-audit users included (their own account's
// safety, not the product's data), never from a mimic session (staff do not enrol for someone else).
const ownAuthenticator: RouteAccess = {
  kind: 'authenticated',
  roles: userTypes,
  processorAudit: 'allowed',
  mimicSession: 'refused',
};

// The set-up of an authenticator app also serves a sign-in that waits for it: the user must have a
// second factor and has none.
const ownAuthenticatorSetUp: RouteAccess = { ...ownAuthenticator, secondFactorPending: 'enrolment' };

// Reading whether it is set up is harmless, in a mimic session too (the Settings page shows it).
const ownAuthenticatorStatus: RouteAccess = { kind: 'authenticated', roles: userTypes };

// The challenge serves only a session waiting for its second factor.
const challengeAccess: RouteAccess = {
  kind: 'public',
  readsSession: true,
  processorAudit: 'allowed',
  secondFactorPending: 'allowed',
};

// Stepping up: any full session, a mimic session included (the staff member behind it proves it).
const stepUpAccess: RouteAccess = { kind: 'authenticated', roles: userTypes, processorAudit: 'allowed' };

// A team's requirement is set by staff, on any client.
const teamRequirementAccess: RouteAccess = { kind: 'authenticated', roles: ['admin'] };

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);

export const secondFactorRoutes: FastifyPluginAsyncZod<SecondFactorRoutesOptions> = async (app, opts) => {
  const rateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };
  const deps = { db: app.db, cipher: () => app.fieldCipher(), now: () => app.now() };

  app.get(
    '/api/second-factor',
    {
      config: { access: ownAuthenticatorStatus },
      schema: {
        tags: ['auth'],
        summary: "Whether the caller's authenticator app is set up, since when, and recovery codes left",
        response: { 200: secondFactorStatusResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await secondFactorStatusOf(app.db, request.requireSession().userId),
    }),
  );

  app.post(
    '/api/second-factor/enrolment',
    {
      config: { access: ownAuthenticatorSetUp, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Start setting up an authenticator app: a new secret, its otpauth address and QR code',
        response: { 200: enrolmentStartResponse, ...errors },
      },
    },
    async (request, reply) => {
      // The secret is shown once: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return { status: true as const, message: await startEnrolment(deps, callerOf(request)) };
    },
  );

  app.post(
    '/api/second-factor/enrolment/confirm',
    {
      config: { access: ownAuthenticatorSetUp, rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Confirm the set-up with a code from the app; answers the 10 recovery codes once (and finishes ' +
          'a sign-in that waited for the set-up: a new session cookie)',
        body: totpCodeBody,
        response: { 200: recoveryCodesResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { answer, token } = await confirmEnrolment(deps, callerOf(request), request.body.code);
      if (token !== null) app.sessionCookies.set(reply, token);
      return { status: true as const, message: answer };
    },
  );

  app.post(
    '/api/second-factor/disable',
    {
      config: { access: ownAuthenticator, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Remove the authenticator app and its recovery codes (asks a current code)',
        body: totpCodeBody,
        response: { 200: secondFactorDisableResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await disableSecondFactor(deps, callerOf(request), request.body.code),
    }),
  );

  app.post(
    '/api/second-factor/recovery-codes',
    {
      config: { access: ownAuthenticator, rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Replace the recovery codes (asks a current code from the app; a passkey-only user a recent ' +
          'step-up); answers the new ones once',
        body: recoveryCodesBody,
        response: { 200: recoveryCodesResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        status: true as const,
        message: await regenerateRecoveryCodes(deps, callerOf(request), request.body.code ?? null),
      };
    },
  );

  app.post(
    '/api/second-factor/users/:user_id/reset',
    {
      config: { access: { kind: 'authenticated', roles: ['admin'], mimicSession: 'refused' } },
      schema: {
        tags: ['auth', 'users'],
        summary:
          "Staff: remove another user's authenticator app and passkeys (audited; the user is e-mailed)",
        params: secondFactorResetParams,
        response: { 200: secondFactorResetResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await resetSecondFactor(
        { ...deps, mail: app.mail, publicUrl: opts.publicUrl },
        caller,
        request.params.user_id,
      );
      return { status: true as const, message: { is_reset: true as const } };
    },
  );

  app.get(
    '/api/second-factor/challenge',
    {
      config: { access: challengeAccess },
      schema: {
        tags: ['auth'],
        summary: 'The sign-in waiting for its second factor (401 when there is none)',
        response: { 200: challengeInfoResponse, 401: errors[401] },
      },
    },
    async (request) => {
      const session = request.session;
      if (!session?.isAwaitingSecondFactor) throw SecondFactorError.NoChallenge();
      return { status: true as const, message: await challengeInfoOf(app.db, session) };
    },
  );

  app.post(
    '/api/second-factor/challenge',
    {
      config: { access: challengeAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Finish signing in with a code from the app or a recovery code; a new session cookie',
        body: challengeBody,
        response: { 200: challengeResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session?.isAwaitingSecondFactor) throw SecondFactorError.NoChallenge();
      const { token, result } = await answerChallenge(deps, session, request.body, requestOrigin(request));
      app.sessionCookies.set(reply, token);
      return { status: true as const, message: result };
    },
  );

  app.post(
    '/api/second-factor/step-up',
    {
      config: { access: stepUpAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Prove the second factor again for a sensitive action (a code from the app or a recovery code)',
        body: stepUpBody,
        response: { 200: stepUpResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await stepUpWithCode(deps, request.requireSession(), request.body, requestOrigin(request)),
    }),
  );

  app.get(
    '/api/clients/:client_id/second-factor-requirement',
    {
      config: { access: teamRequirementAccess },
      schema: {
        tags: ['auth', 'users'],
        summary: "Staff: whether a team must have a second factor (the client's and its merchants' users)",
        params: teamRequirementParams,
        response: { 200: teamRequirementResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await teamRequirementOf(app.db, request.params.client_id),
    }),
  );

  app.put(
    '/api/clients/:client_id/second-factor-requirement',
    {
      config: { access: { ...teamRequirementAccess, mimicSession: 'refused' } },
      schema: {
        tags: ['auth', 'users'],
        summary: "Staff: require a second factor of a whole team, from each member's next sign-in (audited)",
        params: teamRequirementParams,
        body: teamRequirementBody,
        response: { 200: teamRequirementResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await setTeamRequirement(
        app.db,
        callerOf(request),
        request.params.client_id,
        request.body.is_required,
      ),
    }),
  );
};

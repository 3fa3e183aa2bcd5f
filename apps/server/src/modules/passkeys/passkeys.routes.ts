import {
  PASSKEY_CHALLENGE_MINUTES,
  passkeyAssertionBody,
  passkeyCreationOptionsResponse,
  passkeyItemResponse,
  passkeyListResponse,
  passkeyParams,
  passkeyRegisteredResponse,
  passkeyRegistrationBody,
  passkeyRemovedResponse,
  passkeyRenameBody,
  passkeyRequestOptionsResponse,
  passkeySignInResponse,
} from '@portico/contracts/auth/passkeys';
import { userTypes } from '@portico/contracts/auth/roles';
import { stepUpResponse } from '@portico/contracts/auth/second-factor';
import { errorResponses } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../access/caller';
import { publicAccess, type RouteAccess } from '../../access/route-access';
import { requestOrigin } from '../../lib/audit';
import { completeSignIn } from '../auth/complete-sign-in';
import { clearCookie, readSignedJsonCookie, writeSignedJsonCookie } from '../auth/signed-cookie';
import { SecondFactorError } from '../second-factor/second-factor.errors';
import { relyingPartyOf } from './passkeys.rules';
import {
  answerWithPasskey,
  ownPasskeys,
  registerPasskey,
  registrationOptions,
  removeOwnPasskey,
  renameOwnPasskey,
  secondFactorOptions,
  signInOptions,
  signInWithPasskey,
  stepUpWithPasskey,
} from './passkeys.service';

export type PasskeyRoutesOptions = { publicUrl: string; rateLimitPerMinute: number; secureCookies: boolean };

// A person's own passkeys: anyone signed in, never from a mimic session (staff do not register a
// device for someone else). Reading the list is harmless in a mimic session too.
const ownPasskeysAccess: RouteAccess = {
  kind: 'authenticated',
  roles: userTypes,
  processorAudit: 'allowed',
  mimicSession: 'refused',
};
const ownPasskeysRead: RouteAccess = { kind: 'authenticated', roles: userTypes };
// Adding a passkey also serves a sign-in that waits for the set-up of a first second factor.
const ownPasskeySetUp: RouteAccess = { ...ownPasskeysAccess, secondFactorPending: 'enrolment' };
// Stepping up with a passkey: any full session, a mimic session included (the staff member behind it
// proves it).
const stepUpAccess: RouteAccess = { kind: 'authenticated', roles: userTypes, processorAudit: 'allowed' };

// The second factor serves only a session waiting for it.
const challengeAccess: RouteAccess = {
  kind: 'public',
  readsSession: true,
  processorAudit: 'allowed',
  secondFactorPending: 'allowed',
};

// The passwordless request's stored challenge, named in a signed cookie only its two calls receive.
const signInCookie = {
  name: 'portico_passkey',
  path: '/api/auth/passkey',
  maxAgeSeconds: PASSKEY_CHALLENGE_MINUTES * 60,
};
const signInCookieSchema = z.object({ challenge_id: z.uuid() });

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);

export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (app, opts) => {
  const rateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };
  const deps = { db: app.db, rp: relyingPartyOf(opts.publicUrl), now: () => app.now() };
  const cookieSecurity = { secure: opts.secureCookies, path: signInCookie.path };

  app.get(
    '/api/passkeys',
    {
      config: { access: ownPasskeysRead },
      schema: {
        tags: ['auth'],
        summary: "The caller's passkeys: name, created, last used",
        response: { 200: passkeyListResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await ownPasskeys(app.db, request.requireSession().userId),
    }),
  );

  app.post(
    '/api/passkeys/registration/options',
    {
      config: { access: ownPasskeySetUp, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Start adding a passkey: the options for navigator.credentials.create (5 minutes, once)',
        response: { 200: passkeyCreationOptionsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: true as const, message: await registrationOptions(deps, callerOf(request)) };
    },
  );

  app.post(
    '/api/passkeys/registration',
    {
      config: { access: ownPasskeySetUp, rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          "Finish adding a passkey with the browser's answer and the name the person gave it (a first " +
          'second factor answers recovery codes once, and finishes a sign-in that waited for it)',
        body: passkeyRegistrationBody,
        response: { 200: passkeyRegisteredResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { answer, token } = await registerPasskey(deps, callerOf(request), request.body);
      if (token !== null) app.sessionCookies.set(reply, token);
      return { status: true as const, message: answer };
    },
  );

  app.post(
    '/api/second-factor/step-up/passkey/options',
    {
      config: { access: stepUpAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Step up with a passkey: the options for navigator.credentials.get (your passkeys only)',
        response: { 200: passkeyRequestOptionsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: true as const, message: await secondFactorOptions(deps, request.requireSession()) };
    },
  );

  app.post(
    '/api/second-factor/step-up/passkey',
    {
      config: { access: stepUpAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Prove the second factor again with one of your passkeys, for a sensitive action',
        body: passkeyAssertionBody,
        response: { 200: stepUpResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await stepUpWithPasskey(deps, request.requireSession(), request.body, requestOrigin(request)),
    }),
  );

  app.patch(
    '/api/passkeys/:passkey_id',
    {
      config: { access: ownPasskeysAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Rename one of your passkeys',
        params: passkeyParams,
        body: passkeyRenameBody,
        response: { 200: passkeyItemResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await renameOwnPasskey(deps, callerOf(request), request.params.passkey_id, request.body.name),
    }),
  );

  app.delete(
    '/api/passkeys/:passkey_id',
    {
      config: { access: ownPasskeysAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Remove one of your passkeys',
        params: passkeyParams,
        response: { 200: passkeyRemovedResponse, ...errors },
      },
    },
    async (request) => {
      await removeOwnPasskey(deps, callerOf(request), request.params.passkey_id);
      return { status: true as const, message: { is_removed: true as const } };
    },
  );

  app.post(
    '/api/second-factor/passkey/options',
    {
      config: { access: challengeAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: "The waiting sign-in's passkey request: the options for navigator.credentials.get",
        response: { 200: passkeyRequestOptionsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session?.isAwaitingSecondFactor) throw SecondFactorError.NoChallenge();
      reply.header('cache-control', 'no-store');
      return { status: true as const, message: await secondFactorOptions(deps, session) };
    },
  );

  app.post(
    '/api/second-factor/passkey',
    {
      config: { access: challengeAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Finish signing in with one of your passkeys; a new session cookie',
        body: passkeyAssertionBody,
        response: { 200: passkeySignInResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session?.isAwaitingSecondFactor) throw SecondFactorError.NoChallenge();
      const { token, result } = await answerWithPasskey(deps, session, request.body, requestOrigin(request));
      app.sessionCookies.set(reply, token);
      return { status: true as const, message: result };
    },
  );

  app.post(
    '/api/auth/passkey/options',
    {
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Start a passwordless sign-in: options for any passkey of the portal (user verification)',
        response: { 200: passkeyRequestOptionsResponse, 400: errors[400], 429: errors[429] },
      },
    },
    async (_request, reply) => {
      const { options, challengeId } = await signInOptions(deps);
      writeSignedJsonCookie(
        reply,
        signInCookie.name,
        { challenge_id: challengeId },
        {
          ...cookieSecurity,
          maxAgeSeconds: signInCookie.maxAgeSeconds,
        },
      );
      reply.header('cache-control', 'no-store');
      return { status: true as const, message: options };
    },
  );

  app.post(
    '/api/auth/passkey/sign-in',
    {
      // Any session cookie presented here is revoked by completeSignIn (rotation).
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey (possession and user verification: a whole sign-in)',
        body: passkeyAssertionBody,
        response: { 200: passkeySignInResponse, ...errors },
      },
    },
    async (request, reply) => {
      const pending = readSignedJsonCookie(request, signInCookie.name, signInCookieSchema);
      clearCookie(reply, signInCookie.name, cookieSecurity);
      const account = await signInWithPasskey(
        deps,
        pending?.challenge_id,
        request.body,
        requestOrigin(request),
      );
      const { result } = await completeSignIn(app, request, reply, account, 'passkey');
      return { status: true as const, message: result };
    },
  );
};

import {
  passwordResetBody,
  passwordResetRequestBody,
  passwordResetRequestResponse,
  passwordResetResponse,
  passwordSignInBody,
  passwordSignInResponse,
  passwordStatusResponse,
  setPasswordBody,
  setPasswordResponse,
} from '@portico/contracts/auth/password';
import { userTypes } from '@portico/contracts/auth/roles';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../access/route-access';
import { requestOrigin } from '../../lib/audit';
import { completeSignIn } from './complete-sign-in';
import {
  loadPasswordStatus,
  requestPasswordReset,
  resetPassword,
  setOwnPassword,
  signInWithPassword,
} from './password.service';

export type PasswordRoutesOptions = {
  publicUrl: string;
  rateLimitPerMinute: number;
  loginLinksPerAddress: number;
};

// The signed-in user's own password: any role; processor-audit users too (their own credential, not
// the data they audit); never from a mimic session (the staff member would set the user's password).
const ownPassword = {
  kind: 'authenticated',
  roles: userTypes,
  processorAudit: 'allowed',
  mimicSession: 'refused',
} as const;

export const passwordRoutes: FastifyPluginAsyncZod<PasswordRoutesOptions> = async (app, opts) => {
  const rateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };
  const deps = {
    db: app.db,
    mail: app.mail,
    publicUrl: opts.publicUrl,
    log: app.log.child({ module: 'auth' }),
    loginLinksPerAddress: opts.loginLinksPerAddress,
  };

  app.post(
    '/api/auth/password/sign-in',
    {
      // Any session cookie presented here is revoked by completeSignIn (rotation).
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password (one answer for every wrong combination)',
        body: passwordSignInBody,
        response: {
          200: passwordSignInResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const account = await signInWithPassword(deps, {
        rawEmail: request.body.email,
        password: request.body.password,
        origin: requestOrigin(request),
      });
      const { result } = await completeSignIn(app, request, reply, account, 'password');
      return { status: true as const, message: result };
    },
  );

  app.post(
    '/api/auth/password/reset-request',
    {
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          "E-mail a single-use link to set a new password ('Forgot password?'; same answer for every address)",
        body: passwordResetRequestBody,
        response: { 200: passwordResetRequestResponse, 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      message: await requestPasswordReset(deps, request.body.email, requestOrigin(request)),
    }),
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; ends every other session and signs in',
        body: passwordResetBody,
        response: { 200: passwordResetResponse, 400: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const account = await resetPassword(deps, {
        token: request.body.token,
        password: request.body.password,
        origin: requestOrigin(request),
      });
      const { result } = await completeSignIn(app, request, reply, account, 'password');
      return { status: true as const, message: result };
    },
  );

  app.get(
    '/api/auth/password',
    {
      config: { access: ownPassword },
      schema: {
        tags: ['auth'],
        summary: 'Whether the signed-in user has a password, and since when',
        response: { 200: passwordStatusResponse },
      },
    },
    async (request) => ({
      status: true as const,
      message: await loadPasswordStatus(app.db, request.requireSession().userId),
    }),
  );

  app.post(
    '/api/auth/password',
    {
      config: { access: ownPassword, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set or change the signed-in user’s password (the current one when there is one)',
        body: setPasswordBody,
        response: { 200: setPasswordResponse, 400: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      const session = request.requireSession();
      const message = await setOwnPassword(
        deps,
        { userId: session.userId, sessionId: session.sessionId },
        request.body,
        requestOrigin(request),
      );
      return { status: true as const, message };
    },
  );
};

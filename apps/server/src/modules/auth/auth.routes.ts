import {
  loginLinkRequestBody,
  loginLinkResponse,
  signInWithLinkBody,
  signInWithLinkResponse,
} from '@portico/contracts/auth/sign-in';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAccess } from '../../access/route-access';
import { requestOrigin } from '../../lib/audit';
import { completeSignIn } from './complete-sign-in';
import { redeemLoginLink, requestLoginLink } from './login-link.service';

export type AuthRoutesOptions = {
  publicUrl: string;
  rateLimitPerMinute: number;
  loginLinksPerAddress: number;
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const rateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };
  const deps = {
    db: app.db,
    mail: app.mail,
    publicUrl: opts.publicUrl,
    log: app.log.child({ module: 'auth' }),
    loginLinksPerAddress: opts.loginLinksPerAddress,
  };

  app.post(
    '/firebase',
    {
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a single-use login link (same answer for unknown addresses)',
        body: loginLinkRequestBody,
        response: { 200: loginLinkResponse, 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      const message = await requestLoginLink(deps, request.body.email, request.ip);
      return { status: true as const, message };
    },
  );

  app.post(
    '/auth',
    {
      // Any session cookie presented here is revoked by completeSignIn (rotation).
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a login link code for a session',
        body: signInWithLinkBody,
        response: { 200: signInWithLinkResponse, 400: errorEnvelope, 401: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const account = await redeemLoginLink(deps, {
        token: request.body.token,
        rawEmail: request.body.email,
        origin: requestOrigin(request),
      });
      const { result } = await completeSignIn(app, request, reply, account, 'email_link');
      return { status: true as const, message: result };
    },
  );
};

import { userTypes } from '@portico/contracts/auth/roles';
import { SignInText } from '@portico/contracts/auth/sign-in';
import {
  linkContinueResponse,
  pendingLinkResponse,
  type SocialProviderId,
  type SocialSignInLoginError,
  socialProviderIdSchema,
  socialProvidersResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from '@portico/contracts/auth/social-sign-in';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOfSession } from '../../access/audit-actor';
import { publicAccess } from '../../access/route-access';
import type { OidcProvider } from '../../integrations/oidc/oidc-providers';
import { recordAudit, requestOrigin } from '../../lib/audit';
import { AuthError } from './auth.errors';
import { completeSignIn } from './complete-sign-in';
import { clearCookie, readSignedJsonCookie, writeSignedJsonCookie } from './signed-cookie';
import {
  continuePendingLink,
  pendingCredentialSchema,
  resolveSocialSignIn,
  verifyPendingEmail,
} from './social-sign-in.service';

export type SocialSignInRoutesOptions = {
  providers: ReadonlyMap<SocialProviderId, OidcProvider>;
  publicUrl: string;
  secureCookies: boolean;
  rateLimitPerMinute: number;
  loginLinksPerAddress: number;
};

const roundTripCookie = { name: 'portico_oidc', path: '/auth/oidc', maxAgeSeconds: 10 * 60 };
const pendingCookie = { name: 'portico_pending_link', path: '/', maxAgeSeconds: 10 * 60 };

const roundTripSchema = z.object({
  provider: socialProviderIdSchema,
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
});

const providerParams = z.object({ provider: z.string().max(40) });
// Providers add their own parameters (iss, session_state, scope…); openid-client reads them all.
const callbackQuery = z.looseObject({
  state: z.string().max(2000).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(500).optional(),
});

export const socialSignInRoutes: FastifyPluginAsyncZod<SocialSignInRoutesOptions> = async (app, opts) => {
  const rateLimit = { max: opts.rateLimitPerMinute, timeWindow: '1 minute' };
  const deps = {
    db: app.db,
    mail: app.mail,
    publicUrl: opts.publicUrl,
    log: app.log.child({ module: 'oidc' }),
    loginLinksPerAddress: opts.loginLinksPerAddress,
  };
  const cookieSecurity = { secure: opts.secureCookies };

  const toLogin = (reply: FastifyReply, query: Record<string, string>) =>
    reply.redirect(`/app/login?${new URLSearchParams(query).toString()}`);
  const loginError = (reply: FastifyReply, error: SocialSignInLoginError) => toLogin(reply, { error });

  function providerOf(id: string): OidcProvider {
    const parsed = socialProviderIdSchema.safeParse(id);
    const provider = parsed.success ? opts.providers.get(parsed.data) : undefined;
    if (!provider) throw AuthError.UnknownProvider('Unknown sign-in provider');
    return provider;
  }

  app.get(
    '/api/auth/providers',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['auth'],
        summary: 'Social sign-in providers configured on this server',
        response: { 200: socialProvidersResponse },
      },
    },
    async () => ({
      status: true as const,
      message: [...opts.providers.values()].map((provider) => ({
        id: provider.id,
        name: provider.name,
        start_url: `/auth/oidc/${provider.id}/start`,
      })),
    }),
  );

  app.get(
    '/auth/oidc/:provider/start',
    {
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Redirect to the provider (authorization code with PKCE, state and nonce)',
        params: providerParams,
        response: { 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      let authorization: Awaited<ReturnType<OidcProvider['begin']>>;
      try {
        authorization = await provider.begin();
      } catch (err) {
        request.log.warn({ err, provider: provider.id }, 'social sign-in provider unreachable');
        return loginError(reply, 'failed');
      }
      writeSignedJsonCookie(
        reply,
        roundTripCookie.name,
        {
          provider: provider.id,
          state: authorization.state,
          nonce: authorization.nonce,
          codeVerifier: authorization.codeVerifier,
        },
        { ...cookieSecurity, path: roundTripCookie.path, maxAgeSeconds: roundTripCookie.maxAgeSeconds },
      );
      return reply.redirect(authorization.url.href);
    },
  );

  app.get(
    '/auth/oidc/:provider/callback',
    {
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Provider callback: sign in, or send the browser to the login page with a reason',
        params: providerParams,
        querystring: callbackQuery,
        response: { 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const origin = requestOrigin(request);
      const auditFailure = (reason: string) =>
        recordAudit(app.db, {
          action: 'sign_in',
          outcome: 'failure',
          ...origin,
          details: { method: provider.id, reason },
        });

      const roundTrip = readSignedJsonCookie(request, roundTripCookie.name, roundTripSchema);
      clearCookie(reply, roundTripCookie.name, { ...cookieSecurity, path: roundTripCookie.path });
      if (!roundTrip || roundTrip.provider !== provider.id || request.query.state !== roundTrip.state) {
        await auditFailure('state_mismatch');
        return loginError(reply, 'state');
      }
      if (request.query.error) {
        await auditFailure('provider_error');
        return loginError(reply, 'failed');
      }

      let claims: Awaited<ReturnType<OidcProvider['finish']>>;
      try {
        claims = await provider.finish(new URL(request.url, opts.publicUrl), roundTrip);
      } catch (err) {
        // The message names the failed check, never the code or the tokens.
        request.log.warn(
          { provider: provider.id, reason: err instanceof Error ? err.message : 'unknown' },
          'code exchange failed',
        );
        await auditFailure('code_exchange_failed');
        return loginError(reply, 'failed');
      }

      const outcome = await resolveSocialSignIn(deps, provider, claims, request.ip);
      switch (outcome.kind) {
        case 'signed-in': {
          const { sessionStarted, isAwaitingSecondFactor } = await completeSignIn(
            app,
            request,
            reply,
            outcome.account,
            provider.id,
          );
          if (!sessionStarted) return reply.redirect('/app/contact');
          return reply.redirect(isAwaitingSecondFactor ? '/app/second-factor' : '/app/home');
        }
        case 'verify-email':
        case 'link': {
          writeSignedJsonCookie(reply, pendingCookie.name, outcome.pending, {
            ...cookieSecurity,
            path: pendingCookie.path,
            maxAgeSeconds: pendingCookie.maxAgeSeconds,
          });
          return outcome.kind === 'link'
            ? toLogin(reply, { link: outcome.existingMethod })
            : toLogin(reply, { notice: 'verify-email' });
        }
        case 'not-recognized': {
          await auditFailure(outcome.reason);
          return loginError(reply, 'not-recognized');
        }
      }
    },
  );

  app.get(
    '/api/auth/link/pending',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['auth'],
        summary: 'The social account waiting in this browser to be linked, if any',
        response: { 200: pendingLinkResponse },
      },
    },
    async (request) => {
      const pending = readSignedJsonCookie(request, pendingCookie.name, pendingCredentialSchema);
      return {
        status: true as const,
        message: pending ? { provider: pending.provider, email: pending.email } : null,
      };
    },
  );

  app.post(
    '/api/auth/link/continue',
    {
      // Part of signing in, on the caller's own account: processor-audit users link theirs too.
      // Never from a mimic session: it would change how the mimicked user signs in.
      config: {
        access: {
          kind: 'authenticated',
          roles: userTypes,
          processorAudit: 'allowed',
          mimicSession: 'refused',
        },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Link the waiting social account to the signed-in user (on Continue, after signing in with the existing method)',
        response: { 200: linkContinueResponse, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const session = request.requireSession();
      const pending = readSignedJsonCookie(request, pendingCookie.name, pendingCredentialSchema);
      const linked = await continuePendingLink(app.db, session, pending);
      clearCookie(reply, pendingCookie.name, { ...cookieSecurity, path: pendingCookie.path });
      await recordAudit(app.db, {
        action: 'sign_in',
        outcome: 'success',
        ...auditActorOfSession(session, requestOrigin(request)),
        details: { event: 'identity_linked', provider: linked.provider },
      });
      return { status: true as const, message: linked };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { access: publicAccess, rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Confirm the address of a social sign-in the provider did not verify',
        body: verifyEmailBody,
        response: { 200: verifyEmailResponse, 401: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const pending = readSignedJsonCookie(request, pendingCookie.name, pendingCredentialSchema);
      const verified = await verifyPendingEmail(app.db, request.body.token, pending);
      clearCookie(reply, pendingCookie.name, { ...cookieSecurity, path: pendingCookie.path });
      await recordAudit(app.db, {
        action: 'sign_in',
        outcome: 'success',
        actorUserId: verified.userId,
        actorEmail: verified.email,
        ...requestOrigin(request),
        details: { event: 'identity_linked', provider: verified.provider, method: 'verify_email' },
      });
      return { status: true as const, message: SignInText.EmailVerified };
    },
  );
};

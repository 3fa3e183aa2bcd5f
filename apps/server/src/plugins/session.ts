import { sessionAbsoluteLimitHours, sessionCookieName } from '@portico/contracts/auth/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditActorOfSession } from '../access/audit-actor';
import { secondFactorRequired } from '../access/caller';
import { isSafeMethod } from '../access/processor-audit';
import { resolveRequestSession } from '../access/request-session';
import { requestAccessPlanOf, routeOf } from '../access/route-access';
import { auditRequestContext, recordAudit, requestOrigin } from '../lib/audit';

// hostPrefixed: served over https, the cookie is named __Host-…, which browsers accept only Secure,
// Path=/ and without Domain, so a sibling subdomain can neither set nor shadow it.
export type SessionPluginOptions = { secureCookies: boolean; hostPrefixed: boolean };

export function sessionCookieNameOf(hostPrefixed: boolean): string {
  return hostPrefixed ? `__Host-${sessionCookieName}` : sessionCookieName;
}

export type SessionCookies = {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookies: SessionCookies;
  }
}

// A cookie value we issued is 43 base64url characters; anything else is not worth a query.
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

// Resolves the portico_session cookie into request.session for routes that need a caller: every
// authenticated route, and public ones that declare readsSession. Static files and the docs never
// pay for a lookup.
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: SessionPluginOptions) => {
    const cookieName = sessionCookieNameOf(opts.hostPrefixed);
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'lax' as const,
      path: '/',
      secure: opts.secureCookies || opts.hostPrefixed,
    };
    const cookies: SessionCookies = {
      read(request) {
        const value = request.cookies[cookieName];
        return value && tokenShape.test(value) ? value : undefined;
      },
      set(reply, token) {
        reply.setCookie(cookieName, token, {
          ...cookieOptions,
          maxAge: sessionAbsoluteLimitHours * 3600,
        });
      },
      clear(reply) {
        reply.clearCookie(cookieName, cookieOptions);
      },
    };
    app.decorate('sessionCookies', cookies);
    app.decorateRequest('session', null);
    app.decorateRequest('prefetchedAccess', null);
    app.decorateRequest('prefetchedRead', null);

    // The rest of the request (hooks and handler) runs inside this context, which the audit
    // entries read (the pattern of @fastify/request-context).
    app.addHook('onRequest', (_request, _reply, done) => {
      auditRequestContext.run({ onBehalfOfUserId: null, viewAsClientId: null }, done);
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access) return;
      if (access.kind === 'public' && !access.readsSession) return;
      const token = cookies.read(request);
      if (!token) return;
      const prefetchOf = request.routeOptions.config.sessionPrefetch;
      const prefetch = access.kind === 'authenticated' && prefetchOf ? prefetchOf(request) : null;
      const resolved = await resolveRequestSession(app.db, token, requestAccessPlanOf(request), prefetch);
      const session = resolved?.session ?? null;
      const pendingRule = access.secondFactorPending;
      const servesWaitingSession =
        pendingRule === 'allowed' ||
        (pendingRule === 'enrolment' && session?.isEnrollingSecondFactor === true);
      if (session?.isAwaitingSecondFactor && !servesWaitingSession) {
        // Only the challenge, the session check and logout serve a session without its second factor;
        // the set-up of a first one serves only a session waiting for it.
        if (access.kind === 'authenticated') throw secondFactorRequired();
        return;
      }
      request.session = session;
      request.prefetchedAccess = resolved?.access ?? null;
      request.prefetchedRead = resolved?.prefetched ?? null;
      const context = auditRequestContext.getStore();
      if (context && request.session) context.onBehalfOfUserId = request.session.mimickedByUserId;
    });

    // Every change made in a mimic session is audited with both identities, whether or
    // not its module audits it too. Reads are not: they change nothing.
    app.addHook('onResponse', async (request, reply) => {
      const session = request.session;
      if (!session?.mimickedByUserId || isSafeMethod(request.method)) return;
      await recordAudit(app.db, {
        action: 'mimic.action',
        outcome: reply.statusCode < 400 ? 'success' : reply.statusCode === 403 ? 'denied' : 'failure',
        ...auditActorOfSession(session, requestOrigin(request)),
        onBehalfOfUserId: session.mimickedByUserId,
        targetType: 'route',
        targetId: routeOf(request),
        details: { status: reply.statusCode },
      });
    });
  },
  { name: 'session', dependencies: ['db'] },
);

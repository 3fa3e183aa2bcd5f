import { sessionAbsoluteLimitHours, sessionCookieName } from '@portico/contracts/auth/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSession, type SessionContext } from '../modules/session/session.service';

declare module 'fastify' {
  interface FastifyRequest {
    // Set when a valid session cookie is presented to a route that reads sessions.
    session: SessionContext | null;
  }
}

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

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access) return;
      if (access.kind === 'public' && !access.readsSession) return;
      const token = cookies.read(request);
      if (!token) return;
      request.session = await resolveSession(app.db, token);
    });
  },
  { name: 'session', dependencies: ['db'] },
);

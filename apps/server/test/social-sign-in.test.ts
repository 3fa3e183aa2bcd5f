import { createHash } from 'node:crypto';
import { sessionCookieName } from '@portico/contracts/auth/session';
import { and, eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identities } from '../src/db/schema/auth';
import { userAuthenticators } from '../src/db/schema/second-factor';
import { auditLog } from '../src/db/schema/system';
import { cookiePair, latestMailedCode, outboxFor, setCookieHeader } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { buildClientOutsideSecondFactorRequirement, buildUser } from './factories';

// oauth2-mock-server runs as a real OpenID provider on a free port; the browser's side of the round
// trip is played with fetch (provider) and inject (Portico), carrying the cookies by hand.
let provider: OAuth2Server;
let issuer: string;
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let merchantId: string;
// The claims the provider puts into the next ID tokens.
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, 'localhost');
  issuer = provider.issuer.url ?? '';
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
  ctx = await buildTestApp({
    oidc: {
      google: { issuer, clientId: 'portico-test', clientSecret: 'test-secret' },
      microsoft: undefined,
    },
  });
  merchantId = (await buildClientOutsideSecondFactorRequirement(ctx.app.db)).id;
});
afterAll(async () => {
  await ctx.close();
  await provider.stop();
});
beforeEach(() => {
  claims = {};
});

type Jar = Map<string, string>;

function remember(jar: Jar, headers: Record<string, unknown>) {
  const raw = headers['set-cookie'];
  for (const header of Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []) {
    if (typeof header !== 'string') continue;
    const [pair] = header.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (!name) continue;
    if (value.join('=') === '') jar.delete(name);
    else jar.set(name, value.join('='));
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

// Start -> provider /authorize -> back to our callback. Returns the callback answer.
async function signInWithProvider(jar: Jar = new Map(), tamper?: (callback: URL) => void) {
  const start = await ctx.app.inject({ method: 'GET', url: '/auth/oidc/google/start' });
  expect(start.statusCode).toBe(302);
  remember(jar, start.headers);
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location') ?? '');
  tamper?.(callback);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieHeader(jar) },
  });
  remember(jar, res.headers);
  return { res, jar, start };
}

async function userWithClient(overrides: Parameters<typeof buildUser>[1] = {}) {
  return buildUser(ctx.app.db, { defaultClientId: merchantId, ...overrides });
}

async function signInByLink(email: string, jar: Jar) {
  await ctx.app.inject({ method: 'POST', url: '/firebase', payload: { email } });
  await ctx.app.mail.idle();
  const token = await latestMailedCode(ctx.app.db, email);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth',
    payload: { token, email },
    headers: { cookie: cookieHeader(jar) },
  });
  remember(jar, res.headers);
  return res;
}

describe('GET /api/auth/providers', () => {
  it('lists the configured providers only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({
      status: true,
      message: [{ id: 'google', name: 'Google', start_url: '/auth/oidc/google/start' }],
    });
  });

  it('answers an empty list without configuration', async () => {
    const bare = await buildTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/auth/providers' })).json().message).toEqual(
        [],
      );
      const start = await bare.app.inject({ method: 'GET', url: '/auth/oidc/google/start' });
      expect(start.statusCode).toBe(404);
      expect(start.json().error).toEqual({ code: 'UNKNOWN_PROVIDER', message: 'Unknown sign-in provider' });
    } finally {
      await bare.close();
    }
  });
});

describe('GET /auth/oidc/google/start', () => {
  it('redirects with authorization code, PKCE S256, state and nonce kept in a signed HttpOnly cookie', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/auth/oidc/google/start' });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/authorize`);
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('client_id')).toBe('portico-test');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/oidc/google/callback');
    const cookie = setCookieHeader(res.headers, 'portico_oidc') ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Path=\/auth\/oidc/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    // The verifier stays in the cookie; the URL carries only its S256 challenge.
    const signed = decodeURIComponent(cookiePair(cookie).slice('portico_oidc='.length));
    const payload = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf('.')), 'base64url').toString());
    expect(location.search).not.toContain(payload.codeVerifier);
    expect(createHash('sha256').update(payload.codeVerifier).digest('base64url')).toBe(
      location.searchParams.get('code_challenge'),
    );
    expect(payload.state).toBe(location.searchParams.get('state'));
  });

  it('answers 404 for a provider that is not configured', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/auth/oidc/microsoft/start' });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /auth/oidc/google/callback', () => {
  it('signs a linked identity in and goes home', async () => {
    const user = await userWithClient();
    await ctx.app.db
      .insert(identities)
      .values({ userId: user.id, provider: 'google', issuer, subject: 'google-sub-1', email: user.email });
    claims = { sub: 'google-sub-1', email: user.email, email_verified: true };
    const { res, jar } = await signInWithProvider();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/home');
    expect(jar.has(sessionCookieName)).toBe(true);
    expect(jar.has('portico_oidc')).toBe(false);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(me.json().message.email).toBe(user.email);
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in'), eq(auditLog.actorUserId, user.id)));
    expect(entry).toMatchObject({ outcome: 'success', details: { method: 'google' } });
  });

  it('counts as the first factor only: a user with an authenticator app is sent to the code', async () => {
    const user = await userWithClient();
    await ctx.app.db
      .insert(identities)
      .values({ userId: user.id, provider: 'google', issuer, subject: 'google-sub-2fa', email: user.email });
    await ctx.app.db
      .insert(userAuthenticators)
      .values({ userId: user.id, secretEnc: 'sealed', confirmedAt: new Date() });
    claims = { sub: 'google-sub-2fa', email: user.email, email_verified: true };
    const { res, jar } = await signInWithProvider();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/second-factor');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in'), eq(auditLog.actorUserId, user.id)));
    expect(entry).toMatchObject({
      outcome: 'success',
      details: { method: 'google', second_factor: 'required' },
    });
  });

  it('keys identities by issuer and subject, not by e-mail', async () => {
    const owner = await userWithClient();
    await ctx.app.db
      .insert(identities)
      .values({ userId: owner.id, provider: 'google', issuer, subject: 'google-sub-2', email: owner.email });
    const stranger = await userWithClient();
    // Same subject, but the provider now reports another address: still the owner.
    claims = { sub: 'google-sub-2', email: stranger.email, email_verified: true };
    const { jar } = await signInWithProvider();
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(me.json().message.email).toBe(owner.email);
  });

  it('sends an unknown address back to the login page', async () => {
    claims = { sub: 'google-sub-unknown', email: 'stranger@nowhere.example', email_verified: true };
    const { res, jar } = await signInWithProvider();
    expect(res.headers.location).toBe('/app/login?error=not-recognized');
    expect(jar.has(sessionCookieName)).toBe(false);
  });

  it('refuses a tampered state, a tampered cookie and a missing cookie, without a stack trace', async () => {
    claims = { sub: 'google-sub-x', email: 'x@nowhere.example', email_verified: true };
    const tamperedState = await signInWithProvider(new Map(), (url) =>
      url.searchParams.set('state', 'forged'),
    );
    expect(tamperedState.res.statusCode).toBe(302);
    expect(tamperedState.res.headers.location).toBe('/app/login?error=state');

    const start = await ctx.app.inject({ method: 'GET', url: '/auth/oidc/google/start' });
    const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    const forgedCookie = cookiePair(setCookieHeader(start.headers, 'portico_oidc')).replace(/.$/, 'x');
    for (const cookie of [forgedCookie, '']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/app/login?error=state');
      expect(res.body).not.toMatch(/at .+:\d+/);
    }
  });

  it('refuses a callback replayed after its round trip was used', async () => {
    const user = await userWithClient();
    await ctx.app.db
      .insert(identities)
      .values({ userId: user.id, provider: 'google', issuer, subject: 'google-sub-3', email: user.email });
    claims = { sub: 'google-sub-3', email: user.email, email_verified: true };
    const start = await ctx.app.inject({ method: 'GET', url: '/auth/oidc/google/start' });
    const roundTrip = cookiePair(setCookieHeader(start.headers, 'portico_oidc'));
    const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    const url = `${callback.pathname}${callback.search}`;
    const first = await ctx.app.inject({ method: 'GET', url, headers: { cookie: roundTrip } });
    expect(first.headers.location).toBe('/app/home');
    // The provider accepts a code once: the replay fails at the exchange.
    const replay = await ctx.app.inject({ method: 'GET', url, headers: { cookie: roundTrip } });
    expect(replay.headers.location).toBe('/app/login?error=failed');
  });

  it('reports a provider error as a failed sign-in', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/auth/oidc/google/start' });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/auth/oidc/google/callback?error=access_denied&state=${state}`,
      headers: { cookie: cookiePair(setCookieHeader(start.headers, 'portico_oidc')) },
    });
    expect(res.headers.location).toBe('/app/login?error=failed');
  });
});

describe('an address that belongs to a user who signs in another way', () => {
  it('names the existing method, then links the identity after that sign-in', async () => {
    const user = await userWithClient();
    claims = { sub: 'google-sub-link', email: user.email, email_verified: true };
    const { res, jar } = await signInWithProvider();
    expect(res.headers.location).toBe('/app/login?link=email');
    expect(jar.has(sessionCookieName)).toBe(false);
    expect(setCookieHeader(res.headers, 'portico_pending_link')).toMatch(/; HttpOnly/);

    const pending = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/link/pending',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(pending.json()).toEqual({ status: true, message: { provider: 'google', email: user.email } });

    // Continue: sign in with the e-mail link, then ask the server to link.
    expect((await signInByLink(user.email, jar)).statusCode).toBe(200);
    const linked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/link/continue',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ status: true, message: { provider: 'google' } });
    remember(jar, linked.headers);
    expect(jar.has('portico_pending_link')).toBe(false);
    const rows = await ctx.app.db.select().from(identities).where(eq(identities.userId, user.id));
    expect(rows).toMatchObject([
      { provider: 'google', issuer, subject: 'google-sub-link', emailVerified: true },
    ]);

    // From now on Google signs the user straight in.
    const again = await signInWithProvider();
    expect(again.res.headers.location).toBe('/app/home');
  });

  it('names the provider the user already uses', async () => {
    const user = await userWithClient();
    await ctx.app.db.insert(identities).values({
      userId: user.id,
      provider: 'microsoft',
      issuer: 'https://login.example/tenant',
      subject: 'ms-1',
    });
    claims = { sub: 'google-sub-other', email: user.email, email_verified: true };
    const { res } = await signInWithProvider();
    expect(res.headers.location).toBe('/app/login?link=microsoft');
  });

  it('refuses to link the waiting account to somebody else', async () => {
    const user = await userWithClient();
    const other = await userWithClient();
    claims = { sub: 'google-sub-hijack', email: user.email, email_verified: true };
    const { jar } = await signInWithProvider();
    await signInByLink(other.email, jar);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/link/continue',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PENDING_LINK_FOR_ANOTHER_USER');
    expect(
      await ctx.app.db.select().from(identities).where(eq(identities.subject, 'google-sub-hijack')),
    ).toEqual([]);
  });

  it('answers 404 when nothing waits, and 401 without a session', async () => {
    const user = await userWithClient();
    const jar: Jar = new Map();
    await signInByLink(user.email, jar);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/link/continue',
      headers: { cookie: cookieHeader(jar) },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'NO_PENDING_LINK',
      message: 'There is no sign-in method waiting to be linked',
    });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/link/continue' })).statusCode).toBe(401);
  });
});

describe('an address the provider did not verify', () => {
  it('mails a confirmation link; opening it in the same browser links the identity', async () => {
    const user = await userWithClient();
    claims = { sub: 'google-sub-unverified', email: user.email, email_verified: false };
    const { res, jar } = await signInWithProvider();
    expect(res.headers.location).toBe('/app/login?notice=verify-email');
    expect(jar.has(sessionCookieName)).toBe(false);
    await ctx.app.mail.idle();
    const [mail] = await outboxFor(ctx.app.db, user.email);
    expect(mail?.subject).toBe('Confirm your email for Portico');
    expect(mail?.bodyText).toContain('mode=verifyEmail');
    const token = await latestMailedCode(ctx.app.db, user.email);

    // A login code cannot stand in for it, nor can another browser use it.
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().error).toEqual({
      code: 'INVALID_OR_EXPIRED_TOKEN',
      message: 'Session has expired',
    });

    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      headers: { cookie: cookieHeader(jar) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: true, message: 'Email was verified' });
    remember(jar, verified.headers);

    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      headers: { cookie: cookieHeader(jar) },
    });
    expect(reused.statusCode).toBe(401);

    const again = await signInWithProvider();
    expect(again.res.headers.location).toBe('/app/home');
  });

  it('treats a missing email_verified claim as unverified', async () => {
    const user = await userWithClient();
    claims = { sub: 'google-sub-no-claim', email: user.email };
    const { res } = await signInWithProvider();
    expect(res.headers.location).toBe('/app/login?notice=verify-email');
  });

  it('does not accept a sign-in code as a verification code', async () => {
    const user = await userWithClient();
    claims = { sub: 'google-sub-mixed', email: user.email, email_verified: false };
    const { jar } = await signInWithProvider();
    await ctx.app.inject({ method: 'POST', url: '/firebase', payload: { email: user.email } });
    await ctx.app.mail.idle();
    const loginCode = await latestMailedCode(ctx.app.db, user.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: loginCode },
      headers: { cookie: cookieHeader(jar) },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('an account without a client', () => {
  it('goes to the contact page without a session', async () => {
    const user = await buildUser(ctx.app.db, { userType: 'parent', defaultClientId: null });
    await ctx.app.db.insert(identities).values({
      userId: user.id,
      provider: 'google',
      issuer,
      subject: 'google-sub-noclient',
      email: user.email,
    });
    claims = { sub: 'google-sub-noclient', email: user.email, email_verified: true };
    const { res, jar } = await signInWithProvider();
    expect(res.headers.location).toBe('/app/contact');
    expect(jar.has(sessionCookieName)).toBe(false);
  });
});

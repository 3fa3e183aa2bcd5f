import { sessionCookieName } from '@portico/contracts/auth/session';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app';
import { loginTokens, sessions } from '../src/db/schema/auth';
import { auditLog, emailOutbox } from '../src/db/schema/system';
import { hashSecretToken } from '../src/lib/secret-token';
import {
  cookiePair,
  latestMailedCode,
  outboxFor,
  sessionCookieFor,
  sessionRow,
  setCookieHeader,
} from './auth-helpers';
import { buildTestApp, testConfig } from './build-test-app';
import { buildClient, buildClientOutsideSecondFactorRequirement, buildUser } from './factories';
import { openTestDatabase } from './test-database';

const sent = { status: true, message: 'Email was sent to you. Please check your inbox!' };
const expired = {
  status: false,
  error: { code: 'INVALID_OR_EXPIRED_TOKEN', message: 'Session has expired' },
  requestId: expect.any(String),
};

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let merchantId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  merchantId = (await buildClientOutsideSecondFactorRequirement(ctx.app.db, { name: 'Copper Kettle Bistro' }))
    .id;
});
afterAll(() => ctx.close());

async function newUser(overrides: Parameters<typeof buildUser>[1] = {}) {
  return buildUser(ctx.app.db, { defaultClientId: merchantId, ...overrides });
}

async function askForLink(email: unknown, extra: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: '/firebase', payload: { email, ...extra } });
  await ctx.app.mail.idle();
  return res;
}

async function redeem(token: string, email: unknown, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/auth',
    payload: { token, email },
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

async function tokensFor(email: string) {
  return ctx.app.db.select().from(loginTokens).where(eq(loginTokens.email, email));
}

describe('POST /firebase', () => {
  it('mails a single-use link to a known address and answers without it', async () => {
    const user = await newUser();
    const res = await askForLink(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sent);

    const [mail] = await outboxFor(ctx.app.db, user.email);
    expect(mail?.subject).toBe('Sign in to Portico');
    const code = await latestMailedCode(ctx.app.db, user.email);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toContain(code);
    const link = mail?.bodyText?.match(/http\S+/)?.[0] ?? '';
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/app/verify-email');
    expect(url.searchParams.get('mode')).toBe('signIn');
    expect(url.searchParams.get('continueUrl')).toBe(
      `http://localhost:3000/app/sso?email=${encodeURIComponent(user.email)}`,
    );
    expect(mail?.bodyHtml).toContain('href="http://localhost:3000/app/verify-email?oobCode=');

    // Only the SHA-256 of the token is stored, valid for 10 minutes.
    const [token] = await ctx.app.db
      .select({
        hash: loginTokens.tokenHash,
        purpose: loginTokens.purpose,
        validSeconds: sql<number>`extract(epoch from ${loginTokens.expiresAt} - ${loginTokens.createdAt})::int`,
      })
      .from(loginTokens)
      .where(eq(loginTokens.email, user.email));
    expect(token).toEqual({ hash: hashSecretToken(code), purpose: 'sign_in', validSeconds: 600 });
  });

  it('normalises the address (trim, lowercase)', async () => {
    const user = await newUser();
    const res = await askForLink(`  ${user.email.toUpperCase()} `);
    expect(res.json()).toEqual(sent);
    expect(await tokensFor(user.email)).toHaveLength(1);
  });

  it('answers an unknown address identically and stores and sends nothing', async () => {
    const [before] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    const res = await askForLink('nobody@nowhere.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sent);
    expect(await tokensFor('nobody@nowhere.example')).toHaveLength(0);
    const [after] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox);
    expect(after?.n).toBe(before?.n);
  });

  it('sends nothing to a disabled account, a locked-out one or a contact', async () => {
    for (const overrides of [{ isDisabled: true }, { isLockedOut: true }, { userType: 'contact' as const }]) {
      const user = await newUser(overrides);
      expect((await askForLink(user.email)).json()).toEqual(sent);
      expect(await tokensFor(user.email)).toHaveLength(0);
      expect(await outboxFor(ctx.app.db, user.email)).toHaveLength(0);
    }
  });

  it('answers the exact texts for a missing or malformed address', async () => {
    for (const email of [undefined, '', '   ']) {
      const res = await askForLink(email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: false,
        error: { code: 'EMAIL_REQUIRED', message: 'Email is required' },
        requestId: expect.any(String),
      });
    }
    const res = await askForLink('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      error: { code: 'EMAIL_NOT_VALID', message: 'Email is not valid' },
      requestId: expect.any(String),
    });
  });

  it('accepts accessToken and refuses any other key', async () => {
    const user = await newUser();
    expect((await askForLink(user.email, { accessToken: 'legacy' })).statusCode).toBe(200);
    const res = await askForLink(user.email, { redirect: 'https://evil.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('stops mailing an address after 5 links in 15 minutes, with the same answer', async () => {
    const user = await newUser();
    for (let i = 0; i < 7; i++) expect((await askForLink(user.email)).json()).toEqual(sent);
    expect(await tokensFor(user.email)).toHaveLength(5);
    expect(await outboxFor(ctx.app.db, user.email)).toHaveLength(5);
    // Older links leave the window.
    await ctx.app.db
      .update(loginTokens)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(loginTokens.email, user.email));
    await askForLink(user.email);
    expect(await tokensFor(user.email)).toHaveLength(6);
  });
});

describe('POST /auth', () => {
  it('signs in with the mailed code and answers clientid, utype and details', async () => {
    const user = await newUser({ name: 'Pat Kowalski' });
    await askForLink(user.email);
    const code = await latestMailedCode(ctx.app.db, user.email);
    const res = await redeem(code, user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: { clientid: merchantId, utype: 'user', details: { email: user.email, name: 'Pat Kowalski' } },
    });
    const cookie = cookiePair(setCookieHeader(res.headers, sessionCookieName));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().message.email).toBe(user.email);
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in'), eq(auditLog.actorUserId, user.id)));
    expect(entry).toMatchObject({
      outcome: 'success',
      clientId: merchantId,
      details: { method: 'email_link' },
    });
    expect(JSON.stringify(entry)).not.toContain(code);
  });

  it('accepts the address in any case and with spaces', async () => {
    const user = await newUser();
    await askForLink(user.email);
    const code = await latestMailedCode(ctx.app.db, user.email);
    expect((await redeem(code, ` ${user.email.toUpperCase()}`)).statusCode).toBe(200);
  });

  it('works once: the second use answers Session has expired', async () => {
    const user = await newUser();
    await askForLink(user.email);
    const code = await latestMailedCode(ctx.app.db, user.email);
    expect((await redeem(code, user.email)).statusCode).toBe(200);
    const again = await redeem(code, user.email);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(expired);
    expect(setCookieHeader(again.headers, sessionCookieName)).toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const user = await newUser();
    await askForLink(user.email);
    const code = await latestMailedCode(ctx.app.db, user.email);
    await ctx.app.db
      .update(loginTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginTokens.tokenHash, hashSecretToken(code)));
    const res = await redeem(code, user.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });

  it('refuses a code issued for another address, burns it and audits the attempt', async () => {
    const victim = await newUser();
    const other = await newUser();
    await askForLink(victim.email);
    const code = await latestMailedCode(ctx.app.db, victim.email);
    const res = await redeem(code, other.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
    expect((await redeem(code, victim.email)).statusCode).toBe(401);
    const entries = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in'), eq(auditLog.actorEmail, other.email)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ outcome: 'failure', details: { reason: 'foreign_token' } });
    expect(JSON.stringify(entries)).not.toContain(code);
  });

  it('refuses a made-up code', async () => {
    const user = await newUser();
    const res = await redeem('A'.repeat(43), user.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });

  it('answers the exact texts for a missing or malformed address', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/auth', payload: { token: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({ code: 'EMAIL_REQUIRED', message: 'Email is required' });
    const malformed = await redeem('x', 'pat@');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toEqual({ code: 'EMAIL_NOT_VALID', message: 'Email is not valid' });
  });

  it('is strict about its body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth',
      payload: { token: 'x', email: 'a@b.example', remember: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a code once the account was disabled', async () => {
    const user = await newUser();
    await askForLink(user.email);
    const code = await latestMailedCode(ctx.app.db, user.email);
    await ctx.app.db.execute(sql`update users set is_disabled = true where id = ${user.id}`);
    expect((await redeem(code, user.email)).json()).toEqual(expired);
  });

  it('answers clientid null and starts no session for a non-admin without a client', async () => {
    const user = await newUser({ defaultClientId: null, userType: 'parent' });
    await askForLink(user.email);
    const res = await redeem(await latestMailedCode(ctx.app.db, user.email), user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual({
      clientid: null,
      utype: 'parent',
      details: { email: user.email, name: user.name },
    });
    expect(setCookieHeader(res.headers, sessionCookieName)).toBeUndefined();
    const rows = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('starts a session for an admin without a client', async () => {
    const user = await newUser({ defaultClientId: null, userType: 'admin' });
    await askForLink(user.email);
    const res = await redeem(await latestMailedCode(ctx.app.db, user.email), user.email);
    expect(res.json().message.clientid).toBeNull();
    expect(setCookieHeader(res.headers, sessionCookieName)).toBeDefined();
  });

  it('rotates: a session cookie presented at sign-in is revoked', async () => {
    const user = await newUser();
    const oldCookie = await sessionCookieFor(ctx.app.db, user.email);
    await askForLink(user.email);
    const res = await redeem(await latestMailedCode(ctx.app.db, user.email), user.email, oldCookie);
    const newCookie = cookiePair(setCookieHeader(res.headers, sessionCookieName));
    expect(newCookie).not.toBe(oldCookie);
    expect((await sessionRow(ctx.app.db, oldCookie))?.revokedAt).not.toBeNull();
    const old = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: oldCookie } });
    expect(old.statusCode).toBe(401);
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: newCookie } });
    expect(fresh.statusCode).toBe(200);
  });

  it('is not burned by a GET of the link (mail scanners)', async () => {
    const user = await newUser();
    await askForLink(user.email);
    const code = await latestMailedCode(ctx.app.db, user.email);
    await ctx.app.inject({ method: 'GET', url: `/app/verify-email?oobCode=${code}&mode=signIn` });
    expect((await redeem(code, user.email)).statusCode).toBe(200);
  });
});

describe('GET /api/dev/mailbox', () => {
  it('lists the newest outbox messages with their bodies', async () => {
    const user = await newUser();
    await askForLink(user.email);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const [first] = res.json().message;
    expect(first).toMatchObject({ to: [user.email], subject: 'Sign in to Portico', status: 'pending' });
    expect(first.text).toContain('/app/verify-email?oobCode=');
    expect(first.html).toContain('<a href=');
    expect(Number.isNaN(Date.parse(first.created_at))).toBe(false);
  });

  it('does not exist when SMTP delivers the mail', async () => {
    const other = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:1', devMailboxEnabled: false });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      expect(other.app.routeCatalog.some((route) => route.url === '/api/dev/mailbox')).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('answers only callers on this machine, whatever X-Forwarded-For claims', async () => {
    const remote = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('oobCode');
  });
});

describe('rate limits', () => {
  it('limits sign-in calls per IP', async () => {
    const limited = await buildTestApp({ authRateLimitPerMinute: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/firebase',
          payload: { email: 'someone@merchant.example' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await limited.app.inject({
        method: 'POST',
        url: '/auth',
        payload: { token: 'x', email: 'someone@merchant.example' },
        remoteAddress: '10.0.0.9',
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('logs', () => {
  it('never carry the login code, the link or the session id', async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      database,
      logger: { ...loggerOptions('trace'), stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
    try {
      const client = await buildClient(app.db);
      const user = await buildUser(app.db, { defaultClientId: client.id });
      await app.inject({ method: 'POST', url: '/firebase', payload: { email: user.email } });
      await app.mail.idle();
      const code = await latestMailedCode(app.db, user.email);
      await app.inject({ method: 'GET', url: `/app/verify-email?oobCode=${code}&mode=signIn` });
      const res = await app.inject({
        method: 'POST',
        url: '/auth',
        payload: { token: code, email: user.email },
      });
      const cookie = cookiePair(setCookieHeader(res.headers, sessionCookieName));
      await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      await app.inject({ method: 'POST', url: '/auth', payload: { token: code, email: user.email } });

      const log = lines.join('');
      expect(log).toContain('mail stored in outbox; open /app/dev/mailbox');
      expect(log).toContain('"url":"/firebase"');
      expect(log).not.toContain(code);
      expect(log).not.toContain(cookie.split('=')[1]);
      expect(log).not.toContain('Sign in to Portico');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

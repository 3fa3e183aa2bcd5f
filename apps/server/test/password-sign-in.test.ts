import { sessionCookieName } from '@portico/contracts/auth/session';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTokens, sessions } from '../src/db/schema/auth';
import { auditLog } from '../src/db/schema/system';
import { users } from '../src/db/schema/users';
import { hashPassword } from '../src/lib/password-hash';
import { cookiePair, outboxFor, sessionCookieFor, sessionRow, setCookieHeader } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { buildClientOutsideSecondFactorRequirement, buildUser } from './factories';

const goodPassword = 'lantern-orbit-tulip-42';
const credentialsNotValid = {
  status: false,
  error: { code: 'CREDENTIALS_NOT_VALID', message: 'Credentials are not valid' },
  requestId: expect.any(String),
};
const sent = { status: true, message: 'Email was sent to you. Please check your inbox!' };

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let merchantId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  merchantId = (await buildClientOutsideSecondFactorRequirement(ctx.app.db, { name: 'Copper Kettle Bistro' }))
    .id;
});
afterAll(() => ctx.close());

// A merchant user who proved the address, with a password unless told otherwise.
async function newUser(
  options: { password?: string | null; isVerified?: boolean } & Parameters<typeof buildUser>[1] = {},
) {
  const { password = goodPassword, isVerified = true, ...overrides } = options;
  return buildUser(ctx.app.db, {
    defaultClientId: merchantId,
    emailVerifiedAt: isVerified ? new Date() : null,
    passwordHash: password === null ? null : await hashPassword(password),
    ...overrides,
  });
}

async function signIn(email: unknown, password: unknown, cookie?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/password/sign-in',
    payload: { email, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });
  await ctx.app.mail.idle();
  return res;
}

async function askForReset(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/password/reset-request',
    payload: { email },
  });
  await ctx.app.mail.idle();
  return res;
}

async function resetWith(token: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });
}

async function setPassword(cookie: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/password', payload, headers: { cookie } });
}

async function auditOf(userId: string, action: string) {
  return ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

async function userRow(id: string) {
  const [row] = await ctx.app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row;
}

// The oobCode of the newest reset link mailed to the address.
async function mailedResetCode(email: string): Promise<string> {
  const [mail] = await outboxFor(ctx.app.db, email);
  const match = mail?.bodyText?.match(/\/app\/reset-password\?oobCode=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`No reset link mailed to ${email}`);
  return match[1];
}

describe('POST /api/auth/password/sign-in', () => {
  it('signs in with the right password: a session cookie, the result, an audit entry', async () => {
    const user = await newUser();
    const res = await signIn(user.email.toUpperCase(), goodPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: { clientid: merchantId, utype: 'user', details: { email: user.email, name: user.name } },
    });
    const cookie = cookiePair(setCookieHeader(res.headers, sessionCookieName));
    expect((await sessionRow(ctx.app.db, cookie))?.userId).toBe(user.id);
    const [entry] = await auditOf(user.id, 'sign_in');
    expect(entry).toMatchObject({ outcome: 'success', details: { method: 'password' } });
    expect(res.body).not.toContain('scrypt');
  });

  it('answers a wrong password and an unknown address alike, and counts only the wrong password', async () => {
    const user = await newUser();
    const wrong = await signIn(user.email, 'lantern-orbit-tulip-43');
    const unknown = await signIn('nobody-here@nowhere.example', goodPassword);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(credentialsNotValid);
    expect(unknown.json()).toEqual(credentialsNotValid);
    expect(setCookieHeader(wrong.headers, sessionCookieName)).toBeUndefined();
    expect((await userRow(user.id)).passwordFailedCount).toBe(1);
    const [entry] = await auditOf(user.id, 'sign_in');
    expect(entry).toMatchObject({
      outcome: 'failure',
      details: { method: 'password', reason: 'wrong_password' },
    });
    const [unknownEntry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, 'nobody-here@nowhere.example'));
    expect(unknownEntry).toMatchObject({
      action: 'sign_in',
      outcome: 'failure',
      details: { reason: 'unknown_user' },
    });
  });

  it('answers the generic text for an account without a password, disabled or locked out by staff', async () => {
    for (const options of [{ password: null }, { isDisabled: true }, { isLockedOut: true }]) {
      const user = await newUser(options);
      const res = await signIn(user.email, goodPassword);
      expect(res.json()).toEqual(credentialsNotValid);
    }
  });

  it("tells the right password of an unverified address 'Please verify your email.' and starts no session", async () => {
    const user = await newUser({ isVerified: false });
    const res = await signIn(user.email, goodPassword);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: false,
      error: { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email.' },
      requestId: expect.any(String),
    });
    expect(setCookieHeader(res.headers, sessionCookieName)).toBeUndefined();
    expect(await outboxFor(ctx.app.db, user.email)).toHaveLength(0);
    // A wrong password on the same account hears only the generic text.
    expect((await signIn(user.email, 'not-the-password-1')).json()).toEqual(credentialsNotValid);
  });

  it('locks password sign-in after 10 wrong passwords for 30 minutes, mails the owner once, tells the caller nothing', async () => {
    const user = await newUser();
    for (let i = 0; i < 9; i++)
      expect((await signIn(user.email, `wrong-password-${i}`)).json()).toEqual(credentialsNotValid);
    expect((await userRow(user.id)).passwordLockedUntil).toBeNull();
    expect(await outboxFor(ctx.app.db, user.email)).toHaveLength(0);

    expect((await signIn(user.email, 'wrong-password-10')).json()).toEqual(credentialsNotValid);
    const [lock] = await ctx.app.db
      .select({
        minutes: sql<number>`round(extract(epoch from ${users.passwordLockedUntil} - now()) / 60)::int`,
      })
      .from(users)
      .where(eq(users.id, user.id));
    expect(lock?.minutes).toBe(30);
    const mails = await outboxFor(ctx.app.db, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Password sign-in to Portico is locked for 30 minutes');
    expect(mails[0]?.bodyText).toContain('10 times in a row');
    expect(await auditOf(user.id, 'password.lock_out')).toHaveLength(1);

    // Locked: even the right password gets the generic answer; more tries neither extend nor re-mail.
    const locked = await signIn(user.email, goodPassword);
    expect(locked.json()).toEqual(credentialsNotValid);
    expect(setCookieHeader(locked.headers, sessionCookieName)).toBeUndefined();
    await signIn(user.email, 'wrong-password-11');
    expect(await outboxFor(ctx.app.db, user.email)).toHaveLength(1);
    const [entry] = await auditOf(user.id, 'sign_in');
    expect(entry).toMatchObject({ outcome: 'failure', details: { reason: 'password_locked' } });
  });

  it('lets the right password in again once the 30 minutes have passed', async () => {
    const user = await newUser();
    for (let i = 0; i < 10; i++) await signIn(user.email, `wrong-password-${i}`);
    expect((await signIn(user.email, goodPassword)).statusCode).toBe(401);
    // The lock is compared with the database clock: move the lock's end into the past.
    await ctx.app.db
      .update(users)
      .set({ passwordLockedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, user.id));
    const res = await signIn(user.email, goodPassword);
    expect(res.statusCode).toBe(200);
    expect((await userRow(user.id)).passwordFailedCount).toBe(0);
  });

  it('starts the count again after a right password', async () => {
    const user = await newUser();
    for (let i = 0; i < 9; i++) await signIn(user.email, `wrong-password-${i}`);
    expect((await signIn(user.email, goodPassword)).statusCode).toBe(200);
    expect((await userRow(user.id)).passwordFailedCount).toBe(0);
    await signIn(user.email, 'wrong-password-again');
    expect((await userRow(user.id)).passwordLockedUntil).toBeNull();
  });

  it('answers the exact texts for a missing address and an empty password, and refuses unknown keys', async () => {
    expect((await signIn('', goodPassword)).json().error.message).toBe('Email is required');
    const empty = await signIn('someone@merchant.example', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual({ code: 'PASSWORD_REQUIRED', message: 'Password is required' });
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password/sign-in',
      payload: { email: 'a@b.example', password: 'x', remember: true },
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe("'Forgot password?'", () => {
  it('mails a single-use link valid 30 minutes, with the same answer as for an unknown address', async () => {
    const user = await newUser({ password: null, isVerified: false });
    const res = await askForReset(user.email);
    expect(res.json()).toEqual(sent);
    expect((await askForReset('nobody-at-all@nowhere.example')).json()).toEqual(sent);
    const [mail] = await outboxFor(ctx.app.db, user.email);
    expect(mail?.subject).toBe('Set a new Portico password');
    const code = await mailedResetCode(user.email);
    expect(res.body).not.toContain(code);
    const [token] = await ctx.app.db
      .select({
        purpose: loginTokens.purpose,
        validSeconds: sql<number>`extract(epoch from ${loginTokens.expiresAt} - ${loginTokens.createdAt})::int`,
      })
      .from(loginTokens)
      .where(eq(loginTokens.email, user.email));
    expect(token).toEqual({ purpose: 'password_reset', validSeconds: 1800 });
    expect(await auditOf(user.id, 'password.reset_request')).toHaveLength(1);
  });

  it('sets the password once: signs in, proves the address, clears the lock, ends other sessions', async () => {
    const user = await newUser({ isVerified: false });
    for (let i = 0; i < 10; i++) await signIn(user.email, `wrong-password-${i}`);
    const otherSession = await sessionCookieFor(ctx.app.db, user.email);
    await askForReset(user.email);
    const code = await mailedResetCode(user.email);

    const res = await resetWith(code, 'a-brand-new-passphrase');
    expect(res.statusCode).toBe(200);
    expect(res.json().message.details.email).toBe(user.email);
    expect(setCookieHeader(res.headers, sessionCookieName)).toBeDefined();
    expect((await sessionRow(ctx.app.db, otherSession))?.revokedAt).not.toBeNull();
    const row = await userRow(user.id);
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(row.passwordLockedUntil).toBeNull();
    expect(row.passwordSetAt).not.toBeNull();
    expect((await auditOf(user.id, 'password.reset'))[0]).toMatchObject({ outcome: 'success' });
    expect((await signIn(user.email, 'a-brand-new-passphrase')).statusCode).toBe(200);
    expect((await signIn(user.email, goodPassword)).json()).toEqual(credentialsNotValid);

    // Used once: the second use changes nothing.
    const again = await resetWith(code, 'yet-another-passphrase');
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toEqual({
      code: 'RESET_LINK_NOT_VALID',
      message: 'This link has expired or was already used. Ask for a new one with Forgot password?',
    });
    expect((await userRow(user.id)).passwordHash).toBe(row.passwordHash);
  });

  it('refuses an expired link and changes nothing', async () => {
    const user = await newUser();
    const before = (await userRow(user.id)).passwordHash;
    await askForReset(user.email);
    const code = await mailedResetCode(user.email);
    await ctx.app.db
      .update(loginTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginTokens.email, user.email));
    const res = await resetWith(code, 'a-brand-new-passphrase');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('RESET_LINK_NOT_VALID');
    expect((await userRow(user.id)).passwordHash).toBe(before);
  });

  it('refuses a weak password with why, and leaves the link usable', async () => {
    const user = await newUser({ password: null, email: `harbor-owner-${Date.now()}@merchant.example` });
    await askForReset(user.email);
    const code = await mailedResetCode(user.email);
    for (const [password, why] of [
      ['short-one', 'Use at least 12 characters.'],
      ['password1234!', 'This is one of the most commonly used passwords.'],
      [`${user.email.split('@')[0]}-x`, 'It must not contain the name of your e-mail address.'],
    ] as const) {
      const res = await resetWith(code, password);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'WEAK_PASSWORD',
        message: 'Password is too weak',
        issues: [{ path: 'password', message: why }],
      });
    }
    expect((await userRow(user.id)).passwordHash).toBeNull();
    expect((await resetWith(code, 'a-brand-new-passphrase')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/password (signed in)', () => {
  it('sets a first password without a current one, and says so in the status', async () => {
    const user = await newUser({ password: null });
    const cookie = await sessionCookieFor(ctx.app.db, user.email);
    const before = await ctx.app.inject({ method: 'GET', url: '/api/auth/password', headers: { cookie } });
    expect(before.json().message).toEqual({ has_password: false, set_at: null });
    const res = await setPassword(cookie, { new_password: 'first-passphrase-here' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Your password was saved' });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/password', headers: { cookie } });
    expect(after.json().message).toEqual({ has_password: true, set_at: expect.any(String) });
    expect(await auditOf(user.id, 'password.set')).toHaveLength(1);
    expect((await signIn(user.email, 'first-passphrase-here')).statusCode).toBe(200);
  });

  it('changes a password only with the right current one, ends other sessions, keeps this one', async () => {
    const user = await newUser();
    const cookie = await sessionCookieFor(ctx.app.db, user.email);
    const other = await sessionCookieFor(ctx.app.db, user.email);

    const missing = await setPassword(cookie, { new_password: 'changed-passphrase-1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('CURRENT_PASSWORD_REQUIRED');
    const wrong = await setPassword(cookie, {
      current_password: 'not-it-at-all',
      new_password: 'changed-passphrase-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toEqual({
      code: 'CURRENT_PASSWORD_NOT_VALID',
      message: 'Current password is not correct',
    });
    expect((await userRow(user.id)).passwordFailedCount).toBe(1);

    const weak = await setPassword(cookie, { current_password: goodPassword, new_password: 'qwertyuiop123' });
    expect(weak.json().error).toEqual({
      code: 'WEAK_PASSWORD',
      message: 'Password is too weak',
      issues: [{ path: 'new_password', message: 'This is one of the most commonly used passwords.' }],
    });

    const res = await setPassword(cookie, {
      current_password: goodPassword,
      new_password: 'changed-passphrase-1',
    });
    expect(res.statusCode).toBe(200);
    expect((await sessionRow(ctx.app.db, cookie))?.revokedAt).toBeNull();
    expect((await sessionRow(ctx.app.db, other))?.revokedAt).not.toBeNull();
    expect((await auditOf(user.id, 'password.change'))[0]).toMatchObject({ outcome: 'success' });
    expect((await signIn(user.email, 'changed-passphrase-1')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { new_password: 'first-passphrase-here' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('what is stored and logged', () => {
  it('stores scrypt with its parameters, never the password', async () => {
    const user = await newUser({ password: null });
    const cookie = await sessionCookieFor(ctx.app.db, user.email);
    await setPassword(cookie, { new_password: 'stored-passphrase-77' });
    const row = await userRow(user.id);
    expect(row.passwordHash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    const entries = await ctx.app.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id));
    expect(JSON.stringify(entries)).not.toContain('stored-passphrase-77');
    expect(JSON.stringify(entries)).not.toContain('scrypt');
  });
});

describe('sessions table', () => {
  it('is untouched by a failed sign-in', async () => {
    const user = await newUser();
    await signIn(user.email, 'wrong-password-x');
    const rows = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });
});

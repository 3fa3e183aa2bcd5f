import { createHmac } from 'node:crypto';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { SecondFactorErrorCode } from '@portico/contracts/auth/second-factor-errors';
import { sessionCookieName } from '@portico/contracts/auth/session';
import { base32Decode, type HmacSha1, totpCodeAt } from '@portico/contracts/auth/totp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookiePair,
  latestMailedCode,
  mimicSessionCookieFor,
  outboxFor,
  sessionCookieFor,
  sessionRow,
  setCookieHeader,
} from '../../../test/auth-helpers';
import { buildTestApp, testFieldCipher } from '../../../test/build-test-app';
import { buildClientOutsideSecondFactorRequirement, buildUser } from '../../../test/factories';
import { memberships } from '../../db/schema/access';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { recoveryCodes, userAuthenticators } from '../../db/schema/second-factor';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';

const hmacSha1: HmacSha1 = (key, message) => createHmac('sha1', key).update(message).digest();

// The app's clock, moved by the tests: a code is good for its 30-second step (and one either side).
let clock = Date.parse('2026-03-02T10:00:00Z');
const nextStep = () => {
  clock += 30_000;
};

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let merchantId: string;
// Every log line at trace level, and every secret and code the tests saw: none may meet.
const logLines: string[] = [];
const secretsSeen: string[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({}, { now: () => new Date(clock), logLines });
  // Each test chooses whether its user has a second factor.
  merchantId = (await buildClientOutsideSecondFactorRequirement(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const codeOf = (secret: string) => {
  const key = base32Decode(secret);
  if (!key) throw new Error('not base32');
  return totpCodeAt(key, clock, hmacSha1);
};

function call(method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function signInByLink(email: string) {
  await ctx.app.inject({ method: 'POST', url: '/firebase', payload: { email } });
  await ctx.app.mail.idle();
  const token = await latestMailedCode(ctx.app.db, email);
  const res = await ctx.app.inject({ method: 'POST', url: '/auth', payload: { token, email } });
  expect(res.statusCode).toBe(200);
  return { res, cookie: cookiePair(setCookieHeader(res.headers, sessionCookieName)) };
}

// A user with a confirmed authenticator: its secret, its recovery codes, a full session's cookie.
async function enrolledUser() {
  const user = await buildUser(ctx.app.db, { defaultClientId: merchantId });
  await ctx.app.db.insert(memberships).values({ userId: user.id, clientId: merchantId });
  const cookie = await sessionCookieFor(ctx.app.db, user.email);
  const start = await call('POST', '/api/second-factor/enrolment', cookie);
  expect(start.statusCode).toBe(200);
  const { secret } = start.json().message;
  nextStep();
  const confirm = await call('POST', '/api/second-factor/enrolment/confirm', cookie, {
    code: codeOf(secret),
  });
  expect(confirm.statusCode).toBe(200);
  const codes: string[] = confirm.json().message.recovery_codes;
  secretsSeen.push(secret, ...codes);
  nextStep();
  return { user, cookie, secret: String(secret), codes };
}

async function auditOf(userId: string, action: string) {
  return ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, userId)));
}

describe('setting up an authenticator app', () => {
  it('answers a secret, its otpauth address and a QR code, and guards nothing until confirmed', async () => {
    const user = await buildUser(ctx.app.db, { defaultClientId: merchantId });
    const cookie = await sessionCookieFor(ctx.app.db, user.email);
    const start = await call('POST', '/api/second-factor/enrolment', cookie);
    expect(start.statusCode).toBe(200);
    expect(start.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_uri, qr_code } = start.json().message;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Portico:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Portico&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_code).toMatch(/^data:image\/png;base64,/);

    // Sealed at rest, tied to its column.
    const [row] = await ctx.app.db
      .select()
      .from(userAuthenticators)
      .where(eq(userAuthenticators.userId, user.id));
    expect(row?.secretEnc).not.toContain(secret);
    expect(testFieldCipher().decrypt(row?.secretEnc ?? '', encryptedColumn.authenticatorSecret)).toBe(secret);

    const status = await call('GET', '/api/second-factor', cookie);
    expect(status.json().message).toEqual({ is_enabled: false, enrolled_at: null, recovery_codes_left: 0 });
    // Not confirmed: the next sign-in needs no code.
    const signIn = await signInByLink(user.email);
    expect(signIn.res.json().message.second_factor_required).toBeUndefined();
    expect((await call('GET', '/api/user', signIn.cookie)).statusCode).toBe(200);
  });

  it('refuses a wrong code with its text and changes nothing; the right one answers 10 recovery codes once', async () => {
    const user = await buildUser(ctx.app.db, { defaultClientId: merchantId });
    const cookie = await sessionCookieFor(ctx.app.db, user.email);
    const { secret } = (await call('POST', '/api/second-factor/enrolment', cookie)).json().message;
    const right = codeOf(secret);
    const wrong = right === '000000' ? '111111' : '000000';

    const refused = await call('POST', '/api/second-factor/enrolment/confirm', cookie, { code: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: SecondFactorErrorCode.CodeNotValid,
      message: SecondFactorText.CodeNotValid,
    });
    expect((await call('GET', '/api/second-factor', cookie)).json().message.is_enabled).toBe(false);
    expect(await auditOf(user.id, 'second_factor.enrol')).toMatchObject([{ outcome: 'failure' }]);

    const confirmed = await call('POST', '/api/second-factor/enrolment/confirm', cookie, { code: right });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().message.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);

    const status = (await call('GET', '/api/second-factor', cookie)).json().message;
    expect(status).toMatchObject({ is_enabled: true, recovery_codes_left: 10 });
    expect(status.enrolled_at).not.toBeNull();
    // Only digests are stored; no entry holds a code or the secret.
    const stored = await ctx.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const audit = JSON.stringify(
      await ctx.app.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id)),
    );
    for (const code of codes) {
      expect(JSON.stringify(stored)).not.toContain(code.replaceAll('-', ''));
      expect(audit).not.toContain(code);
    }
    expect(audit).not.toContain(secret);
    expect(audit).not.toContain(right);

    // Set up once: a second start is refused and keeps the secret.
    const again = await call('POST', '/api/second-factor/enrolment', cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(SecondFactorText.AlreadyEnabled);
  });
});

describe('signing in with an authenticator app', () => {
  it('gives a waiting session that every route but the challenge refuses with SECOND_FACTOR_REQUIRED', async () => {
    const { user } = await enrolledUser();
    const { res, cookie } = await signInByLink(user.email);
    expect(res.json().message.second_factor_required).toBe(true);

    const me = await call('GET', '/api/user', cookie);
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toEqual({
      code: SecondFactorErrorCode.Required,
      message: SecondFactorText.Required,
    });
    expect((await call('GET', `/api/client/my-users?merchant_id=${merchantId}`, cookie)).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/second-factor', cookie)).statusCode).toBe(401);
    // Not signed in yet, as the sign-in screens see it.
    expect((await call('POST', '/authenticated', cookie)).json().message).toBe(false);
    const challenge = await call('GET', '/api/second-factor/challenge', cookie);
    expect(challenge.json().message).toEqual({
      email: user.email,
      has_authenticator_app: true,
      has_passkey: false,
      must_set_up: false,
    });
    // It expires with the challenge: 10 minutes, whatever the idle limit.
    const row = await sessionRow(ctx.app.db, cookie);
    expect(row?.awaitingSecondFactor).toBe(true);
    const lifetime = (row?.absoluteExpiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.round(lifetime / 60_000)).toBe(10);
    // Without a waiting session there is no challenge.
    const full = await sessionCookieFor(ctx.app.db, user.email);
    expect((await call('GET', '/api/second-factor/challenge', full)).json().error.code).toBe(
      SecondFactorErrorCode.NoChallenge,
    );
  });

  it('accepts a code once under a new session token, and refuses it when replayed', async () => {
    const { user, secret } = await enrolledUser();
    const first = await signInByLink(user.email);
    const code = codeOf(secret);
    const passed = await call('POST', '/api/second-factor/challenge', first.cookie, { code });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().message).toMatchObject({ clientid: merchantId, details: { email: user.email } });
    const full = cookiePair(setCookieHeader(passed.headers, sessionCookieName));
    expect(full).not.toBe(first.cookie);
    expect((await call('GET', '/api/user', full)).statusCode).toBe(200);
    expect((await call('POST', '/authenticated', full)).json().message).toBe(true);
    // The waiting session's token is spent.
    expect((await call('GET', '/api/user', first.cookie)).json().error.code).toBe('UNAUTHENTICATED');
    const row = await sessionRow(ctx.app.db, full);
    expect(row?.awaitingSecondFactor).toBe(false);
    expect(row?.secondFactorAt).not.toBeNull();
    expect(await auditOf(user.id, 'second_factor.challenge')).toMatchObject([
      { outcome: 'success', details: { method: 'totp' } },
    ]);

    // The same code, still inside its window, on a new sign-in.
    const second = await signInByLink(user.email);
    const replayed = await call('POST', '/api/second-factor/challenge', second.cookie, { code });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().error.message).toBe(SecondFactorText.CodeNotValid);
    expect((await call('GET', '/api/user', second.cookie)).json().error.code).toBe(
      SecondFactorErrorCode.Required,
    );
    expect(setCookieHeader(replayed.headers, sessionCookieName)).toBeUndefined();
    expect((await sessionRow(ctx.app.db, second.cookie))?.secondFactorFailures).toBe(1);
    // The next step's code passes.
    nextStep();
    const next = await call('POST', '/api/second-factor/challenge', second.cookie, { code: codeOf(secret) });
    expect(next.statusCode).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const { user, cookie, codes } = await enrolledUser();
    const recoveryCode = codes[3] ?? '';
    const first = await signInByLink(user.email);
    const passed = await call('POST', '/api/second-factor/challenge', first.cookie, {
      recovery_code: recoveryCode.toUpperCase().replaceAll('-', ' '),
    });
    expect(passed.statusCode).toBe(200);
    expect(await auditOf(user.id, 'second_factor.recovery_code_used')).toMatchObject([
      { outcome: 'success', details: { recovery_codes_left: 9 } },
    ]);
    expect((await call('GET', '/api/second-factor', cookie)).json().message.recovery_codes_left).toBe(9);

    const second = await signInByLink(user.email);
    const again = await call('POST', '/api/second-factor/challenge', second.cookie, {
      recovery_code: recoveryCode,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(SecondFactorText.RecoveryCodeNotValid);
    const other = await call('POST', '/api/second-factor/challenge', second.cookie, {
      recovery_code: codes[4],
    });
    expect(other.statusCode).toBe(200);
  });

  it('ends the waiting session at the fifth wrong code', async () => {
    const { user, secret } = await enrolledUser();
    const { cookie } = await signInByLink(user.email);
    const right = codeOf(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await call('POST', '/api/second-factor/challenge', cookie, { code: wrong });
      expect(res.statusCode).toBe(422);
    }
    const fifth = await call('POST', '/api/second-factor/challenge', cookie, { code: wrong });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().error).toEqual({
      code: SecondFactorErrorCode.ChallengeEnded,
      message: SecondFactorText.ChallengeEnded,
    });
    expect((await sessionRow(ctx.app.db, cookie))?.revokedAt).not.toBeNull();
    // Even the right code is too late now.
    const late = await call('POST', '/api/second-factor/challenge', cookie, { code: right });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe(SecondFactorErrorCode.NoChallenge);
    const failures = await auditOf(user.id, 'second_factor.challenge');
    expect(failures.filter((entry) => entry.outcome === 'failure')).toHaveLength(5);
  });
});

describe('managing the authenticator app', () => {
  it('replaces the recovery codes and disables only with a current code', async () => {
    const { user, cookie, secret, codes } = await enrolledUser();
    const wrong = codeOf(secret) === '000000' ? '111111' : '000000';
    expect(
      (await call('POST', '/api/second-factor/recovery-codes', cookie, { code: wrong })).statusCode,
    ).toBe(422);
    const renewed = await call('POST', '/api/second-factor/recovery-codes', cookie, { code: codeOf(secret) });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().message.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
    // The old codes are gone.
    const signIn = await signInByLink(user.email);
    const old = await call('POST', '/api/second-factor/challenge', signIn.cookie, {
      recovery_code: codes[0],
    });
    expect(old.statusCode).toBe(422);

    nextStep();
    expect((await call('POST', '/api/second-factor/disable', cookie, { code: wrong })).statusCode).toBe(422);
    expect((await call('GET', '/api/second-factor', cookie)).json().message.is_enabled).toBe(true);
    const disabled = await call('POST', '/api/second-factor/disable', cookie, { code: codeOf(secret) });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().message).toEqual({ is_enabled: false, enrolled_at: null, recovery_codes_left: 0 });
    expect(await ctx.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual(
      [],
    );
    expect(await auditOf(user.id, 'second_factor.disable')).toMatchObject([
      { outcome: 'failure' },
      { outcome: 'success' },
    ]);
    const after = await signInByLink(user.email);
    expect(after.res.json().message.second_factor_required).toBeUndefined();
  });
});

describe('a mimic session', () => {
  it("reads the user's status but never sets up, disables or replaces anything for them", async () => {
    const staff = await buildUser(ctx.app.db, { userType: 'admin', defaultClientId: merchantId });
    const { user } = await enrolledUser();
    const cookie = await mimicSessionCookieFor(ctx.app.db, user.id, staff.id);
    expect((await call('GET', '/api/second-factor', cookie)).json().message.is_enabled).toBe(true);
    for (const url of ['/api/second-factor/disable', '/api/second-factor/recovery-codes']) {
      expect((await call('POST', url, cookie, { code: '123456' })).statusCode).toBe(403);
    }
    expect((await call('POST', '/api/second-factor/enrolment', cookie)).statusCode).toBe(403);
  });
});

describe("staff resetting another user's second factor", () => {
  it('removes it, ends waiting sessions, audits and e-mails the user; others are refused', async () => {
    const staff = await buildUser(ctx.app.db, { userType: 'admin', defaultClientId: merchantId });
    const staffCookie = await sessionCookieFor(ctx.app.db, staff.email);
    const { user } = await enrolledUser();
    const waiting = await signInByLink(user.email);

    const merchantUser = await buildUser(ctx.app.db, { defaultClientId: merchantId });
    const refused = await call(
      'POST',
      `/api/second-factor/users/${user.id}/reset`,
      await sessionCookieFor(ctx.app.db, merchantUser.email),
    );
    expect(refused.statusCode).toBe(403);
    expect(
      await ctx.app.db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, user.id)),
    ).toHaveLength(1);

    // The Users page says who has one.
    const listed = async () => {
      const res = await call('GET', `/api/client/my-users?merchant_id=${merchantId}`, staffCookie);
      return res.json().message.find((row: { id: string }) => row.id === user.id)?.has_second_factor;
    };
    expect(await listed()).toBe(true);

    const reset = await call('POST', `/api/second-factor/users/${user.id}/reset`, staffCookie);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toEqual({ is_reset: true });
    expect(await listed()).toBe(false);
    expect(
      await ctx.app.db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, user.id)),
    ).toEqual([]);
    expect((await sessionRow(ctx.app.db, waiting.cookie))?.revokedAt).not.toBeNull();
    expect(await auditOf(staff.id, 'second_factor.reset')).toMatchObject([
      { outcome: 'success', targetType: 'user', targetId: user.id },
    ]);
    await ctx.app.mail.idle();
    const [mail] = await outboxFor(ctx.app.db, user.email);
    expect(mail?.subject).toBe('Your Portico second sign-in step was removed');
    expect(mail?.bodyText).toContain(
      'removed the authenticator app with its recovery codes from your account',
    );
    // Signs in with the first factor alone again.
    expect((await signInByLink(user.email)).res.json().message.second_factor_required).toBeUndefined();

    const none = await call('POST', `/api/second-factor/users/${user.id}/reset`, staffCookie);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(SecondFactorText.UserHasNone);
    const unknown = await call('POST', `/api/second-factor/users/${crypto.randomUUID()}/reset`, staffCookie);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the log', () => {
  it('holds no secret and no recovery code of the tests above', () => {
    expect(secretsSeen.length).toBeGreaterThan(20);
    const log = logLines.join('');
    expect(log).toContain('/api/second-factor/challenge');
    for (const secret of secretsSeen) expect(log).not.toContain(secret);
  });
});

describe('a password is the first factor only', () => {
  it('answers second_factor_required and a waiting session after the right password', async () => {
    const { user, cookie, secret } = await enrolledUser();
    const password = 'a long passphrase of mine 42';
    expect((await call('POST', '/api/auth/password', cookie, { new_password: password })).statusCode).toBe(
      200,
    );
    await ctx.app.db
      .update(users)
      .set({ emailVerifiedAt: new Date(clock) })
      .where(eq(users.id, user.id));

    const res = await call('POST', '/api/auth/password/sign-in', undefined, { email: user.email, password });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.second_factor_required).toBe(true);
    const waiting = cookiePair(setCookieHeader(res.headers, sessionCookieName));
    expect((await call('GET', '/api/user', waiting)).statusCode).toBe(401);
    nextStep();
    const passed = await call('POST', '/api/second-factor/challenge', waiting, { code: codeOf(secret) });
    expect(passed.statusCode).toBe(200);
  });
});

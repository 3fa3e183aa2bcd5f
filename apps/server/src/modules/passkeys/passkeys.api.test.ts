import { PasskeyErrorCode, PasskeyText } from '@portico/contracts/auth/passkeys';
import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { sessionCookieName } from '@portico/contracts/auth/session';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookiePair,
  latestMailedCode,
  outboxFor,
  sessionCookieFor,
  sessionRow,
  setCookieHeader,
} from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { buildClientOutsideSecondFactorRequirement, buildUser } from '../../../test/factories';
import {
  attest,
  authenticatorFlags,
  newCredential,
  type SoftwareCredential,
  assert as signAssertion,
} from '../../../test/software-authenticator';
import { memberships } from '../../db/schema/access';
import { passkeyChallenges, userPasskeys } from '../../db/schema/passkeys';
import { auditLog } from '../../db/schema/system';

// The relying party of the test app: its PUBLIC_URL.
const publicUrl = 'http://portal.test:8080';
const rp = { origin: publicUrl, rpId: 'portal.test' };

let clock = Date.parse('2026-03-02T10:00:00Z');
let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let merchantId: string;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({ publicUrl }, { now: () => new Date(clock), logLines });
  // Each test chooses whether its user has a second factor.
  merchantId = (await buildClientOutsideSecondFactorRequirement(ctx.app.db)).id;
});
afterAll(() => ctx.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | undefined,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function merchantUser() {
  const user = await buildUser(ctx.app.db, { defaultClientId: merchantId });
  await ctx.app.db.insert(memberships).values({ userId: user.id, clientId: merchantId });
  return { user, cookie: await sessionCookieFor(ctx.app.db, user.email) };
}

async function register(cookie: string, name: string, credential = newCredential()) {
  const options = await call('POST', '/api/passkeys/registration/options', cookie);
  expect(options.statusCode).toBe(200);
  const res = await call('POST', '/api/passkeys/registration', cookie, {
    name,
    response: attest(credential, options.json().message, rp),
  });
  return { res, credential, options: options.json().message };
}

async function signInByLink(email: string) {
  await ctx.app.inject({ method: 'POST', url: '/firebase', payload: { email } });
  await ctx.app.mail.idle();
  const token = await latestMailedCode(ctx.app.db, email);
  const res = await ctx.app.inject({ method: 'POST', url: '/auth', payload: { token, email } });
  expect(res.statusCode).toBe(200);
  return { res, cookie: cookiePair(setCookieHeader(res.headers, sessionCookieName)) };
}

async function auditOf(action: string, actorUserId?: string) {
  const rows = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, action));
  return actorUserId === undefined ? rows : rows.filter((row) => row.actorUserId === actorUserId);
}

async function passkeysOf(userId: string) {
  return ctx.app.db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId));
}

describe('registering passkeys', () => {
  it('adds several named passkeys, telling the browser about the ones already there', async () => {
    const { user, cookie } = await merchantUser();
    const first = await register(cookie, 'Work laptop');
    expect(first.res.statusCode).toBe(200);
    expect(first.res.json().message).toMatchObject({ name: 'Work laptop', last_used_at: null });
    expect(first.options).toMatchObject({
      rp: { id: 'portal.test', name: 'Portico' },
      user: { name: user.email },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { userVerification: 'preferred' },
    });

    const second = await register(cookie, '  Phone  ');
    expect(second.res.statusCode).toBe(200);
    expect(second.options.excludeCredentials).toEqual([
      { id: first.credential.id.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);

    const list = await call('GET', '/api/passkeys', cookie);
    expect(list.json().message.passkeys.map((p: { name: string }) => p.name)).toEqual([
      'Work laptop',
      'Phone',
    ]);
    const [row] = await passkeysOf(user.id);
    expect(row).toMatchObject({ credentialId: first.credential.id.toString('base64url'), counter: 0 });
    expect(row?.transports).toEqual(['internal']);
    expect(await auditOf('passkey.registered', user.id)).toHaveLength(2);
    // Nobody else sees them.
    const other = await merchantUser();
    expect((await call('GET', '/api/passkeys', other.cookie)).json().message.passkeys).toEqual([]);
  });

  it('takes a request once, five minutes at most, from the portal origin only, and never twice the same passkey', async () => {
    const { user, cookie } = await merchantUser();
    const credential = newCredential();
    const options = (await call('POST', '/api/passkeys/registration/options', cookie)).json().message;
    const response = attest(credential, options, rp);

    // A wrong origin: refused, the request spent.
    const wrongOrigin = await call('POST', '/api/passkeys/registration', cookie, {
      name: 'Key',
      response: attest(newCredential(), options, { ...rp, origin: 'https://evil.example' }),
    });
    expect(wrongOrigin.statusCode).toBe(422);
    expect(wrongOrigin.json().error).toMatchObject({
      code: PasskeyErrorCode.NotVerified,
      message: PasskeyText.NotVerified,
    });
    const replay = await call('POST', '/api/passkeys/registration', cookie, { name: 'Key', response });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.message).toBe(PasskeyText.ChallengeExpired);
    expect(await passkeysOf(user.id)).toEqual([]);

    // Expired after five minutes.
    const late = (await call('POST', '/api/passkeys/registration/options', cookie)).json().message;
    clock += 5 * 60_000 + 1_000;
    const expired = await call('POST', '/api/passkeys/registration', cookie, {
      name: 'Key',
      response: attest(credential, late, rp),
    });
    expect(expired.json().error.message).toBe(PasskeyText.ChallengeExpired);

    // The same authenticator twice (or on another account): refused.
    expect((await register(cookie, 'Key', credential)).res.statusCode).toBe(200);
    const twice = await register(cookie, 'Again', credential);
    expect(twice.res.statusCode).toBe(409);
    expect(twice.res.json().error.message).toBe(PasskeyText.AlreadyRegistered);
    const other = await merchantUser();
    expect((await register(other.cookie, 'Stolen', credential)).res.statusCode).toBe(409);

    expect(await passkeysOf(user.id)).toHaveLength(1);
    const failures = await auditOf('passkey.registered', user.id);
    expect(failures.filter((row) => row.outcome === 'failure').map((row) => row.details)).toEqual([
      { reason: 'wrong_origin' },
      { reason: 'challenge_expired' },
      { reason: 'challenge_expired' },
      { reason: 'already_registered' },
    ]);
    // A blank name is refused before any ceremony is spent.
    const blank = await call('POST', '/api/passkeys/registration', cookie, { name: '  ', response });
    expect(blank.statusCode).toBe(400);
  });

  it('renames and removes only your own passkeys', async () => {
    const { user, cookie } = await merchantUser();
    const { res } = await register(cookie, 'Old name');
    const id = res.json().message.id;
    const other = await merchantUser();

    expect((await call('PATCH', `/api/passkeys/${id}`, other.cookie, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/passkeys/${id}`, other.cookie)).statusCode).toBe(404);

    const renamed = await call('PATCH', `/api/passkeys/${id}`, cookie, { name: 'Desk key' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().message.name).toBe('Desk key');
    const removed = await call('DELETE', `/api/passkeys/${id}`, cookie);
    expect(removed.json().message).toEqual({ is_removed: true });
    expect(await passkeysOf(user.id)).toEqual([]);
    expect(await auditOf('passkey.removed', user.id)).toMatchObject([
      { outcome: 'success', targetType: 'passkey', targetId: id, details: { name: 'Desk key' } },
    ]);
    expect((await call('DELETE', `/api/passkeys/${id}`, cookie)).json().error.message).toBe(
      PasskeyText.NotFound,
    );
  });
});

// A user with one passkey, signed in by e-mail link and waiting for the second factor.
async function waitingUser() {
  const { user, cookie } = await merchantUser();
  const { credential } = await register(cookie, 'Laptop');
  const waiting = await signInByLink(user.email);
  return { user, credential, waiting };
}

async function secondFactorAnswer(cookie: string, credential: SoftwareCredential, extra = {}) {
  const options = await call('POST', '/api/second-factor/passkey/options', cookie);
  expect(options.statusCode).toBe(200);
  const challenge = options.json().message.challenge;
  return {
    options: options.json().message,
    res: await call('POST', '/api/second-factor/passkey', cookie, {
      response: signAssertion(credential, challenge, { ...rp, ...extra }),
    }),
  };
}

describe('a passkey as the second factor', () => {
  it('makes the first factor wait, and a right passkey completes the sign-in like a right code', async () => {
    const { user, credential, waiting } = await waitingUser();
    expect(waiting.res.json().message.second_factor_required).toBe(true);
    const info = await call('GET', '/api/second-factor/challenge', waiting.cookie);
    expect(info.json().message).toEqual({
      email: user.email,
      has_authenticator_app: false,
      has_passkey: true,
      must_set_up: false,
    });
    // The waiting session reaches nothing else.
    expect((await call('GET', '/api/passkeys', waiting.cookie)).statusCode).toBe(401);

    const { options, res } = await secondFactorAnswer(waiting.cookie, credential);
    expect(options.allowCredentials).toEqual([
      { id: credential.id.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
    expect(options.userVerification).toBe('preferred');
    expect(res.statusCode).toBe(200);
    expect(res.json().message.details.email).toBe(user.email);
    const full = cookiePair(setCookieHeader(res.headers, sessionCookieName));
    expect((await sessionRow(ctx.app.db, full))?.secondFactorAt).not.toBeNull();
    expect((await sessionRow(ctx.app.db, waiting.cookie))?.revokedAt).not.toBeNull();
    expect((await call('GET', '/api/passkeys', full)).json().message.passkeys[0].last_used_at).not.toBeNull();
    expect((await passkeysOf(user.id))[0]?.counter).toBe(1);
    expect(await auditOf('second_factor.challenge', user.id)).toMatchObject([
      { outcome: 'success', details: { method: 'passkey' } },
    ]);
  });

  it("refuses another user's passkey, an unknown one, a replay and a counter that goes back, changing nothing", async () => {
    const { user, credential, waiting } = await waitingUser();
    const stranger = await waitingUser();

    const foreign = await secondFactorAnswer(waiting.cookie, stranger.credential);
    expect(foreign.res.statusCode).toBe(422);
    expect(foreign.res.json().error.message).toBe(PasskeyText.NotYours);
    expect((await passkeysOf(stranger.user.id))[0]?.counter).toBe(0);

    const unknown = await secondFactorAnswer(waiting.cookie, newCredential());
    expect(unknown.res.json().error.message).toBe(PasskeyText.NotYours);

    // The same signed answer sent twice: the request is spent.
    const options = (await call('POST', '/api/second-factor/passkey/options', waiting.cookie)).json().message;
    credential.counter = 5;
    const answer = signAssertion(credential, options.challenge, rp);
    await ctx.app.db.update(userPasskeys).set({ counter: 9 }).where(eq(userPasskeys.userId, user.id));
    const backwards = await call('POST', '/api/second-factor/passkey', waiting.cookie, { response: answer });
    expect(backwards.json().error.message).toBe(PasskeyText.NotVerified);
    const replay = await call('POST', '/api/second-factor/passkey', waiting.cookie, { response: answer });
    expect(replay.json().error.message).toBe(PasskeyText.ChallengeExpired);
    expect((await passkeysOf(user.id))[0]?.counter).toBe(9);
    expect((await sessionRow(ctx.app.db, waiting.cookie))?.secondFactorFailures).toBe(4);

    const reasons = (await auditOf('passkey.second_factor', user.id)).map((row) => row.details?.reason);
    expect(reasons).toEqual([
      'another_users_passkey',
      'unknown_credential',
      'counter_not_increased',
      'challenge_expired',
    ]);
    // The fifth failure ends the waiting sign-in.
    const wrongOrigin = await secondFactorAnswer(waiting.cookie, credential, {
      origin: 'https://evil.example',
    });
    expect(wrongOrigin.res.statusCode).toBe(401);
    expect(wrongOrigin.res.json().error.message).toBe(SecondFactorText.ChallengeEnded);
  });

  it('is asked for by a waiting session only', async () => {
    const { cookie } = await merchantUser();
    const res = await call('POST', '/api/second-factor/passkey/options', cookie);
    expect(res.statusCode).toBe(401);
  });
});

async function signInOptions() {
  const res = await call('POST', '/api/auth/passkey/options', undefined);
  expect(res.statusCode).toBe(200);
  const cookie = cookiePair(setCookieHeader(res.headers, 'portico_passkey'));
  return { cookie, options: res.json().message };
}

describe('passwordless sign-in with a passkey', () => {
  it('is a whole sign-in: no second factor asked, the session marked as having proved it', async () => {
    const { user, cookie } = await merchantUser();
    const { credential } = await register(cookie, 'Laptop');
    const { cookie: requestCookie, options } = await signInOptions();
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe('portal.test');

    const res = await call('POST', '/api/auth/passkey/sign-in', requestCookie, {
      response: signAssertion(credential, options.challenge, rp),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ clientid: merchantId, details: { email: user.email } });
    expect(res.json().message.second_factor_required).toBeUndefined();
    const session = cookiePair(setCookieHeader(res.headers, sessionCookieName));
    const row = await sessionRow(ctx.app.db, session);
    expect(row).toMatchObject({ awaitingSecondFactor: false });
    expect(row?.secondFactorAt).not.toBeNull();
    expect((await call('GET', '/api/passkeys', session)).statusCode).toBe(200);
    const [entry] = (await auditOf('sign_in', user.id)).filter((r) => r.details?.method === 'passkey');
    expect(entry).toMatchObject({ outcome: 'success', details: { method: 'passkey', multi_factor: true } });

    // The same answer again: the request was taken.
    const replay = await call('POST', '/api/auth/passkey/sign-in', requestCookie, {
      response: signAssertion(credential, options.challenge, rp),
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(PasskeyText.ChallengeExpired);
  });

  it('refuses an unknown passkey, a missing request, no user verification, a wrong origin and an expired request', async () => {
    const { user, cookie } = await merchantUser();
    const { credential } = await register(cookie, 'Laptop');
    const attempt = async (cred: SoftwareCredential, extra: object = {}, withCookie = true) => {
      const { cookie: requestCookie, options } = await signInOptions();
      return call('POST', '/api/auth/passkey/sign-in', withCookie ? requestCookie : undefined, {
        response: signAssertion(cred, options.challenge, { ...rp, ...extra }),
      });
    };
    const unknown = await attempt(newCredential());
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(PasskeyText.Unknown);
    expect((await attempt(credential, {}, false)).json().error.message).toBe(PasskeyText.ChallengeExpired);
    const notVerified = await attempt(credential, { flags: authenticatorFlags.userPresent });
    expect(notVerified.json().error.message).toBe(PasskeyText.NotVerified);
    expect((await attempt(credential, { origin: 'http://portal.test:9999' })).json().error.message).toBe(
      PasskeyText.NotVerified,
    );
    const { cookie: requestCookie, options } = await signInOptions();
    clock += 6 * 60_000;
    const late = await call('POST', '/api/auth/passkey/sign-in', requestCookie, {
      response: signAssertion(credential, options.challenge, rp),
    });
    expect(late.json().error.message).toBe(PasskeyText.ChallengeExpired);

    expect((await passkeysOf(user.id))[0]).toMatchObject({ counter: 0, lastUsedAt: null });
    const reasons = (await auditOf('passkey.sign_in'))
      .filter((row) => row.outcome === 'failure')
      .map((row) => row.details?.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'unknown_credential',
        'challenge_expired',
        'user_not_verified',
        'wrong_origin',
      ]),
    );
    // Stale requests are swept as new ones are made.
    await signInOptions();
    const left = await ctx.app.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.purpose, 'sign_in'));
    expect(left.every((row) => row.expiresAt.getTime() > clock)).toBe(true);
  });
});

describe('a staff reset', () => {
  it("removes the user's passkeys too and tells them", async () => {
    const { user, credential, waiting } = await waitingUser();
    const staff = await buildUser(ctx.app.db, { userType: 'admin', defaultClientId: merchantId });
    const staffCookie = await sessionCookieFor(ctx.app.db, staff.email);
    const reset = await call('POST', `/api/second-factor/users/${user.id}/reset`, staffCookie);
    expect(reset.statusCode).toBe(200);
    expect(await passkeysOf(user.id)).toEqual([]);
    expect((await sessionRow(ctx.app.db, waiting.cookie))?.revokedAt).not.toBeNull();
    await ctx.app.mail.idle();
    const [mail] = await outboxFor(ctx.app.db, user.email);
    expect(mail?.subject).toBe('Your Portico second sign-in step was removed');
    expect(mail?.bodyText).toContain('removed your passkey from your account');
    const [entry] = await auditOf('second_factor.reset', staff.id);
    expect(entry?.details).toMatchObject({ authenticator_app: false, passkeys_removed: 1 });
    // The removed passkey opens nothing any more; the link alone signs in again.
    const { cookie: requestCookie, options } = await signInOptions();
    const res = await call('POST', '/api/auth/passkey/sign-in', requestCookie, {
      response: signAssertion(credential, options.challenge, rp),
    });
    expect(res.json().error.message).toBe(PasskeyText.Unknown);
    expect((await signInByLink(user.email)).res.json().message.second_factor_required).toBeUndefined();
  });
});

describe('the log', () => {
  it('holds no challenge of the tests above', async () => {
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'passkey')));
    expect(rows.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toMatch(/"challenge"/);
  });
});

import { createHash, createHmac, randomBytes } from 'node:crypto';
import { userTypeSchema } from '@portico/contracts/auth/roles';
import {
  type ChallengeBody,
  type ChallengeInfo,
  type EnrolmentStart,
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MAX_FAILURES,
  type SecondFactorStatus,
} from '@portico/contracts/auth/second-factor';
import type { SignInResult } from '@portico/contracts/auth/sign-in';
import {
  base32Decode,
  base32Encode,
  type HmacSha1,
  matchingTotpStep,
  normalizeTotpCode,
  otpauthUri,
  TOTP_SECRET_BYTES,
} from '@portico/contracts/auth/totp';
import QRCode from 'qrcode';
import { type AuditOrigin, auditActorOf, auditActorOfSession } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { SessionContext } from '../../access/request-session';
import type { Db, Executor } from '../../db/client';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import type { Mailer } from '../../integrations/mail/mailer';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { completeSecondFactorSession } from '../session/session.service';
import { SecondFactorError } from './second-factor.errors';
import {
  acceptStep,
  confirmAuthenticator,
  countUnusedRecoveryCodes,
  deletePasskeysOfUser,
  deleteSecondFactor,
  findAuthenticator,
  findUser,
  hasConfirmedAuthenticator,
  hasPasskey,
  recordChallengeFailure,
  replaceRecoveryCodes,
  revokeWaitingSessions,
  upsertUnconfirmedAuthenticator,
  useRecoveryCode,
} from './second-factor.repository';
import { secondFactorResetMessage } from './second-factor-mail';

export type SecondFactorDeps = {
  db: Db;
  cipher: () => FieldCipher;
  // The clock codes are checked against (tests move it).
  now: () => Date;
};

const hmacSha1: HmacSha1 = (key, message) => createHmac('sha1', key).update(message).digest();

// Recovery codes carry 60 random bits; the digest is salted with the user so equal codes of two
// users differ, and a stolen table gives no code back.
function recoveryCodeHash(userId: string, normalized: string): string {
  return createHash('sha256').update(`${userId}:${normalized}`, 'utf8').digest('hex');
}

function newRecoveryCodes(userId: string): { shown: string[]; hashes: string[] } {
  const normalized = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    base32Encode(randomBytes(8)).slice(0, 12).toLowerCase(),
  );
  return {
    shown: normalized.map(formatRecoveryCode),
    hashes: normalized.map((code) => recoveryCodeHash(userId, code)),
  };
}

type Authenticator = NonNullable<Awaited<ReturnType<typeof findAuthenticator>>>;

// The step the typed code proves, moved forward in the same transaction; null: wrong, or used before.
async function proveCode(
  deps: SecondFactorDeps,
  tx: Executor,
  userId: string,
  authenticator: Authenticator,
  typed: string,
): Promise<number | null> {
  const code = normalizeTotpCode(typed);
  if (code === null) return null;
  const key = base32Decode(
    deps.cipher().decrypt(authenticator.secretEnc, encryptedColumn.authenticatorSecret),
  );
  if (key === null) return null;
  const step = matchingTotpStep({
    key,
    code,
    epochMs: deps.now().getTime(),
    lastUsedStep: authenticator.lastUsedStep,
    hmac: hmacSha1,
  });
  if (step === null || !(await acceptStep(tx, userId, step))) return null;
  return step;
}

// The code rides in nothing written: the entry names the outcome and the method only.
async function auditWrongCode(
  db: Db,
  caller: Caller,
  action: 'second_factor.enrol' | 'second_factor.disable' | 'second_factor.recovery_codes',
) {
  await recordAudit(db, {
    action,
    outcome: 'failure',
    ...auditActorOf(caller),
    targetType: 'user',
    targetId: caller.session.userId,
    details: { reason: 'code_not_valid' },
  });
}

export async function secondFactorStatusOf(db: Db, userId: string): Promise<SecondFactorStatus> {
  const authenticator = await findAuthenticator(db, userId, { lock: false });
  const confirmedAt = authenticator?.confirmedAt ?? null;
  return {
    is_enabled: confirmedAt !== null,
    enrolled_at: confirmedAt?.toISOString() ?? null,
    recovery_codes_left: confirmedAt === null ? 0 : await countUnusedRecoveryCodes(db, userId),
  };
}

// A new secret, shown this once; it guards nothing until a code from it is confirmed.
export async function startEnrolment(deps: SecondFactorDeps, caller: Caller): Promise<EnrolmentStart> {
  const secret = base32Encode(randomBytes(TOTP_SECRET_BYTES));
  const sealed = deps.cipher().encrypt(secret, encryptedColumn.authenticatorSecret);
  const isStarted = await upsertUnconfirmedAuthenticator(deps.db, caller.session.userId, sealed);
  if (!isStarted) throw SecondFactorError.AlreadyEnabled();
  const uri = otpauthUri({ accountName: caller.session.email, secretBase32: secret });
  const png = await QRCode.toBuffer(uri, { type: 'png', width: 200, margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_uri: uri, qr_code: `data:image/png;base64,${png.toString('base64')}` };
}

type CodeOutcome<T> = { ok: true; value: T } | { ok: false };

export async function confirmEnrolment(deps: SecondFactorDeps, caller: Caller, typed: string) {
  const userId = caller.session.userId;
  const outcome = await deps.db.transaction(async (tx): Promise<CodeOutcome<string[]>> => {
    const authenticator = await findAuthenticator(tx, userId, { lock: true });
    if (!authenticator) throw SecondFactorError.NoEnrolment();
    if (authenticator.confirmedAt !== null) throw SecondFactorError.AlreadyEnabled();
    if ((await proveCode(deps, tx, userId, authenticator, typed)) === null) return { ok: false };
    await confirmAuthenticator(tx, userId);
    const codes = newRecoveryCodes(userId);
    await replaceRecoveryCodes(tx, userId, codes.hashes);
    await recordAudit(tx, {
      action: 'second_factor.enrol',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'user',
      targetId: userId,
      details: { recovery_codes: RECOVERY_CODE_COUNT },
    });
    return { ok: true, value: codes.shown };
  });
  if (!outcome.ok) {
    await auditWrongCode(deps.db, caller, 'second_factor.enrol');
    throw SecondFactorError.CodeNotValid();
  }
  return { recovery_codes: outcome.value };
}

// Disabling and new recovery codes ask a current code from the app.
async function withConfirmedCode<T>(
  deps: SecondFactorDeps,
  caller: Caller,
  typed: string,
  action: 'second_factor.disable' | 'second_factor.recovery_codes',
  change: (tx: Executor) => Promise<T>,
): Promise<T> {
  const userId = caller.session.userId;
  const outcome = await deps.db.transaction(async (tx): Promise<CodeOutcome<T>> => {
    const authenticator = await findAuthenticator(tx, userId, { lock: true });
    if (!authenticator || authenticator.confirmedAt === null) throw SecondFactorError.NotEnabled();
    if ((await proveCode(deps, tx, userId, authenticator, typed)) === null) return { ok: false };
    const value = await change(tx);
    await recordAudit(tx, {
      action,
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'user',
      targetId: userId,
    });
    return { ok: true, value };
  });
  if (!outcome.ok) {
    await auditWrongCode(deps.db, caller, action);
    throw SecondFactorError.CodeNotValid();
  }
  return outcome.value;
}

export async function disableSecondFactor(deps: SecondFactorDeps, caller: Caller, typed: string) {
  await withConfirmedCode(deps, caller, typed, 'second_factor.disable', (tx) =>
    deleteSecondFactor(tx, caller.session.userId),
  );
  return secondFactorStatusOf(deps.db, caller.session.userId);
}

export async function regenerateRecoveryCodes(deps: SecondFactorDeps, caller: Caller, typed: string) {
  const shown = await withConfirmedCode(deps, caller, typed, 'second_factor.recovery_codes', async (tx) => {
    const codes = newRecoveryCodes(caller.session.userId);
    await replaceRecoveryCodes(tx, caller.session.userId, codes.hashes);
    return codes.shown;
  });
  return { recovery_codes: shown };
}

// Staff remove another user's authenticator and passkeys (a lost phone): audited, and the user is told by e-mail
// in the same transaction.
export async function resetSecondFactor(
  deps: SecondFactorDeps & { mail: Mailer; publicUrl: string },
  caller: Caller,
  userId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    if (!user) throw SecondFactorError.UserNotFound();
    const hadApp = await deleteSecondFactor(tx, userId);
    const passkeysRemoved = await deletePasskeysOfUser(tx, userId);
    if (!hadApp && passkeysRemoved === 0) throw SecondFactorError.UserHasNone();
    await revokeWaitingSessions(tx, userId);
    await recordAudit(tx, {
      action: 'second_factor.reset',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'user',
      targetId: userId,
      details: { email: user.email, authenticator_app: hadApp, passkeys_removed: passkeysRemoved },
    });
    await deps.mail.send(
      secondFactorResetMessage(user.email, user.name, deps.publicUrl, { hadApp, passkeysRemoved }),
      tx,
    );
  });
}

// The waiting sign-in's person and the factors they can answer with.
export async function challengeInfoOf(db: Db, session: SessionContext): Promise<ChallengeInfo> {
  return {
    email: session.email,
    has_authenticator_app: await hasConfirmedAuthenticator(db, session.userId),
    has_passkey: await hasPasskey(db, session.userId),
  };
}

type ChallengeOutcome = { ok: true; token: string; result: SignInResult } | { ok: false };

// The second factor proved (by a code, a recovery code or a passkey): a full session under a new
// token replaces the waiting one, in the transaction of the proof, audited with how it was proved.
export async function finishWaitingSignIn(
  tx: Executor,
  session: SessionContext,
  origin: AuditOrigin,
  method: 'totp' | 'recovery_code' | 'passkey',
): Promise<{ token: string; result: SignInResult }> {
  const user = await findUser(tx, session.userId);
  const role = userTypeSchema.safeParse(user?.userType);
  if (!user || !role.success) throw SecondFactorError.NoChallenge();
  const started = await completeSecondFactorSession(tx, {
    waitingSessionId: session.sessionId,
    userId: session.userId,
    origin,
  });
  if (!started) throw SecondFactorError.NoChallenge();
  await recordAudit(tx, {
    action: 'second_factor.challenge',
    outcome: 'success',
    ...auditActorOfSession(session, origin),
    clientId: user.defaultClientId,
    details: { method },
  });
  return {
    token: started.token,
    result: {
      clientid: user.defaultClientId,
      utype: role.data,
      details: { email: user.email, name: user.name },
    },
  };
}

// The waiting session proves the second factor with a code from the app or one recovery code: a full
// session under a new token replaces it. A wrong or replayed code changes nothing but the session's
// count of wrong codes; the last allowed one ends it.
export async function answerChallenge(
  deps: SecondFactorDeps,
  session: SessionContext,
  body: ChallengeBody,
  origin: AuditOrigin,
): Promise<{ token: string; result: SignInResult }> {
  const userId = session.userId;
  const method = 'code' in body ? 'totp' : 'recovery_code';
  const outcome = await deps.db.transaction(async (tx): Promise<ChallengeOutcome> => {
    const authenticator = await findAuthenticator(tx, userId, { lock: true });
    if (!authenticator || authenticator.confirmedAt === null) throw SecondFactorError.NoChallenge();
    if ('code' in body) {
      if ((await proveCode(deps, tx, userId, authenticator, body.code)) === null) return { ok: false };
    } else {
      const normalized = normalizeRecoveryCode(body.recovery_code);
      if (normalized === null || !(await useRecoveryCode(tx, userId, recoveryCodeHash(userId, normalized)))) {
        return { ok: false };
      }
      await recordAudit(tx, {
        action: 'second_factor.recovery_code_used',
        outcome: 'success',
        ...auditActorOfSession(session, origin),
        targetType: 'user',
        targetId: userId,
        details: { recovery_codes_left: await countUnusedRecoveryCodes(tx, userId) },
      });
    }
    return { ok: true, ...(await finishWaitingSignIn(tx, session, origin, method)) };
  });
  if (outcome.ok) return { token: outcome.token, result: outcome.result };
  const failure = await recordChallengeFailure(deps.db, session.sessionId, SECOND_FACTOR_MAX_FAILURES);
  await recordAudit(deps.db, {
    action: 'second_factor.challenge',
    outcome: 'failure',
    ...auditActorOfSession(session, origin),
    details: { method, failures: failure?.failures ?? null, session_ended: failure?.hasEnded ?? true },
  });
  if (!failure || failure.hasEnded) throw SecondFactorError.ChallengeEnded();
  throw method === 'totp' ? SecondFactorError.CodeNotValid() : SecondFactorError.RecoveryCodeNotValid();
}

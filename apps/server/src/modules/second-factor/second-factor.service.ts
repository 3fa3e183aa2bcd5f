import { createHash, randomBytes } from 'node:crypto';
import { userTypeSchema } from '@portico/contracts/auth/roles';
import {
  type ChallengeBody,
  type ChallengeInfo,
  type EnrolmentStart,
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  type RecoveryCodesAnswer,
  SECOND_FACTOR_MAX_FAILURES,
  type SecondFactorStatus,
  type StepUpAnswer,
} from '@portico/contracts/auth/second-factor';
import type { SignInResult } from '@portico/contracts/auth/sign-in';
import {
  base32Decode,
  base32Encode,
  matchingTotpStep,
  normalizeTotpCode,
  otpauthUri,
  TOTP_SECRET_BYTES,
} from '@portico/contracts/auth/totp';
import QRCode from 'qrcode';
import { type AuditOrigin, auditActorOf, auditActorOfSession } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { SessionContext } from '../../access/request-session';
import { hasConfirmedAuthenticator, hasPasskey } from '../../access/second-factor-facts';
import { secondFactorPersonOf, stepUpRequired } from '../../access/step-up';
import type { Db, Executor } from '../../db/client';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import type { Mailer } from '../../integrations/mail/mailer';
import { recordAudit } from '../../lib/audit';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { hmacSha1 } from '../../lib/crypto/hmac-sha1';
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
  recordChallengeFailure,
  recordSecondFactorProof,
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

// Confirming the set-up with a code from the app turns the authenticator on and answers 10 recovery
// codes once. In a sign-in waiting for the set-up of a first second factor, the same transaction
// finishes the sign-in (token: the full session's).
export async function confirmEnrolment(
  deps: SecondFactorDeps,
  caller: Caller,
  typed: string,
): Promise<{ answer: RecoveryCodesAnswer; token: string | null }> {
  const userId = caller.session.userId;
  const outcome = await deps.db.transaction(
    async (tx): Promise<CodeOutcome<{ codes: string[]; token: string | null }>> => {
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
      const finished = caller.session.isEnrollingSecondFactor
        ? await finishWaitingSignIn(tx, caller.session, caller.origin, 'totp')
        : null;
      return { ok: true, value: { codes: codes.shown, token: finished?.token ?? null } };
    },
  );
  if (!outcome.ok) {
    await auditWrongCode(deps.db, caller, 'second_factor.enrol');
    throw SecondFactorError.CodeNotValid();
  }
  return { answer: { recovery_codes: outcome.value.codes }, token: outcome.value.token };
}

// A first passkey of a user without recovery codes (no authenticator app) gets them, answered once:
// a lost device must not lock its owner out. null: the user has codes already.
export async function recoveryCodesForFirstPasskey(tx: Executor, userId: string): Promise<string[] | null> {
  if ((await countUnusedRecoveryCodes(tx, userId)) > 0 || (await hasConfirmedAuthenticator(tx, userId))) {
    return null;
  }
  const codes = newRecoveryCodes(userId);
  await replaceRecoveryCodes(tx, userId, codes.hashes);
  return codes.shown;
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
  // A user who keeps passkeys keeps the recovery codes that stand in for them.
  await withConfirmedCode(deps, caller, typed, 'second_factor.disable', async (tx) =>
    deleteSecondFactor(tx, caller.session.userId, {
      keepRecoveryCodes: await hasPasskey(tx, caller.session.userId),
    }),
  );
  return secondFactorStatusOf(deps.db, caller.session.userId);
}

// New recovery codes: a user with an authenticator app confirms with a current code; a passkey-only
// user with a recent step-up (their passkey proved in this session within the window).
export async function regenerateRecoveryCodes(deps: SecondFactorDeps, caller: Caller, typed: string | null) {
  const userId = caller.session.userId;
  const replace = async (tx: Executor) => {
    const codes = newRecoveryCodes(userId);
    await replaceRecoveryCodes(tx, userId, codes.hashes);
    return codes.shown;
  };
  if (await hasConfirmedAuthenticator(deps.db, userId)) {
    if (typed === null) throw SecondFactorError.CodeNotValid();
    return {
      recovery_codes: await withConfirmedCode(deps, caller, typed, 'second_factor.recovery_codes', replace),
    };
  }
  if (!(await hasPasskey(deps.db, userId))) throw SecondFactorError.NotEnabled();
  if (!caller.session.hasRecentSecondFactor) throw stepUpRequired();
  const shown = await deps.db.transaction(async (tx) => {
    const value = await replace(tx);
    await recordAudit(tx, {
      action: 'second_factor.recovery_codes',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'user',
      targetId: userId,
      details: { proved_by: 'passkey' },
    });
    return value;
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
    must_set_up: session.isEnrollingSecondFactor,
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
    if (!(await proveChallengeBody(deps, tx, userId, body, auditActorOfSession(session, origin)))) {
      return { ok: false };
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

// A code from the app, or one recovery code (a passkey-only user has codes too), proved for the user
// in tx: the code's step or the recovery code is spent with whatever the proof earns. false: wrong,
// replayed or already used.
async function proveChallengeBody(
  deps: SecondFactorDeps,
  tx: Executor,
  userId: string,
  body: ChallengeBody,
  actor: ReturnType<typeof auditActorOfSession>,
): Promise<boolean> {
  if ('code' in body) {
    const authenticator = await findAuthenticator(tx, userId, { lock: true });
    if (!authenticator || authenticator.confirmedAt === null) return false;
    return (await proveCode(deps, tx, userId, authenticator, body.code)) !== null;
  }
  const normalized = normalizeRecoveryCode(body.recovery_code);
  if (normalized === null || !(await useRecoveryCode(tx, userId, recoveryCodeHash(userId, normalized)))) {
    return false;
  }
  await recordAudit(tx, {
    action: 'second_factor.recovery_code_used',
    outcome: 'success',
    ...actor,
    targetType: 'user',
    targetId: userId,
    details: { recovery_codes_left: await countUnusedRecoveryCodes(tx, userId) },
  });
  return true;
}

// Step-up: a signed-in caller proves the second factor again with a code or a recovery code; the
// session's proof moves to now. A wrong code changes nothing and is audited.
export async function stepUpWithCode(
  deps: SecondFactorDeps,
  session: SessionContext,
  body: ChallengeBody,
  origin: AuditOrigin,
): Promise<StepUpAnswer> {
  const personId = secondFactorPersonOf(session);
  const actor = auditActorOfSession(session, origin);
  const method = 'code' in body ? 'totp' : 'recovery_code';
  const provedAt = await deps.db.transaction(async (tx) => {
    if (!(await proveChallengeBody(deps, tx, personId, body, actor))) return null;
    return recordStepUp(tx, session, actor, method);
  });
  if (provedAt === null) {
    await recordAudit(deps.db, {
      action: 'second_factor.step_up',
      outcome: 'failure',
      ...actor,
      details: { method, reason: 'code_not_valid' },
    });
    throw method === 'totp' ? SecondFactorError.CodeNotValid() : SecondFactorError.RecoveryCodeNotValid();
  }
  return { proved_at: provedAt.toISOString() };
}

// The proof recorded on the session and audited, in the transaction that spent the code or moved the
// passkey's counter.
export async function recordStepUp(
  tx: Executor,
  session: SessionContext,
  actor: ReturnType<typeof auditActorOfSession>,
  method: 'totp' | 'recovery_code' | 'passkey',
): Promise<Date> {
  const at = await recordSecondFactorProof(tx, session.sessionId);
  if (at === null) throw SecondFactorError.NoChallenge();
  await recordAudit(tx, {
    action: 'second_factor.step_up',
    outcome: 'success',
    ...actor,
    details: { method },
  });
  return at;
}

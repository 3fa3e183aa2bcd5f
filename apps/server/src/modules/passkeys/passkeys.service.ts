import {
  PASSKEY_CHALLENGE_MINUTES,
  type PasskeyAssertionBody,
  type PasskeyItem,
  type PasskeyRegistered,
  type PasskeyRegistrationBody,
} from '@portico/contracts/auth/passkeys';
import { SECOND_FACTOR_MAX_FAILURES, type StepUpAnswer } from '@portico/contracts/auth/second-factor';
import type { SignInResult } from '@portico/contracts/auth/sign-in';
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { type AuditOrigin, auditActorOf, auditActorOfSession } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { SessionContext } from '../../access/request-session';
import { hasSecondFactor } from '../../access/second-factor-facts';
import { secondFactorPersonOf } from '../../access/step-up';
import type { Db, Executor } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { findAccountById } from '../auth/auth.repository';
import { accountAllowedToSignIn, type SignInAccount } from '../auth/sign-in.rules';
import { SecondFactorError } from '../second-factor/second-factor.errors';
import { recordChallengeFailure } from '../second-factor/second-factor.repository';
import {
  finishWaitingSignIn,
  recordStepUp,
  recoveryCodesForFirstPasskey,
} from '../second-factor/second-factor.service';
import { PasskeyError } from './passkeys.errors';
import {
  acceptUse,
  type ChallengePurpose,
  credentialsOf,
  deletePasskey,
  findByCredentialId,
  insertPasskey,
  listPasskeys,
  renamePasskey,
  saveChallenge,
  takeChallenge,
} from './passkeys.repository';
import { type RelyingParty, refusalReasonOf, userHandleOf, userIdOfHandle } from './passkeys.rules';

export type PasskeyDeps = {
  db: Db;
  rp: RelyingParty;
  // The clock a request's five minutes are counted on (tests move it).
  now: () => Date;
};

const transportsOf = (stored: string[]) => stored as AuthenticatorTransport[];

function itemOf(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyItem {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function ownPasskeys(db: Db, userId: string) {
  return { passkeys: (await listPasskeys(db, userId)).map(itemOf) };
}

function expiryOf(deps: PasskeyDeps) {
  return new Date(deps.now().getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000);
}

// The stored challenge of this request, taken so it never answers twice; expired ones are refused.
async function takeLiveChallenge(
  deps: PasskeyDeps,
  purpose: ChallengePurpose,
  by: { sessionId: string } | { id: string },
): Promise<string | null> {
  const row = await takeChallenge(deps.db, purpose, by);
  if (!row || row.expiresAt.getTime() <= deps.now().getTime()) return null;
  return row.challenge;
}

// Registration: the browser is told the user's passkeys already there, so one authenticator is not
// registered twice; user verification is asked for where the device can.
export async function registrationOptions(deps: PasskeyDeps, caller: Caller) {
  const userId = caller.session.userId;
  const existing = await credentialsOf(deps.db, userId);
  const options = await generateRegistrationOptions({
    rpName: deps.rp.name,
    rpID: deps.rp.id,
    userID: userHandleOf(userId),
    userName: caller.session.email,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await saveChallenge(deps.db, {
    purpose: 'registration',
    challenge: options.challenge,
    sessionId: caller.session.sessionId,
    expiresAt: expiryOf(deps),
    now: deps.now(),
  });
  return { ...options };
}

async function auditFailure(
  db: Executor,
  action: 'passkey.registered' | 'passkey.second_factor' | 'passkey.sign_in',
  actor: { actorUserId: string | null; actorEmail: string | null } & AuditOrigin,
  reason: string,
) {
  await recordAudit(db, { action, outcome: 'failure', ...actor, details: { reason } });
}

export async function registerPasskey(
  deps: PasskeyDeps,
  caller: Caller,
  body: PasskeyRegistrationBody,
): Promise<{ answer: PasskeyRegistered; token: string | null }> {
  const userId = caller.session.userId;
  const actor = auditActorOf(caller);
  // A sign-in waiting for the set-up of a first second factor registers one passkey, no more.
  if (caller.session.isEnrollingSecondFactor && (await hasSecondFactor(deps.db, userId))) {
    throw SecondFactorError.NoChallenge();
  }
  const challenge = await takeLiveChallenge(deps, 'registration', { sessionId: caller.session.sessionId });
  if (challenge === null) {
    await auditFailure(deps.db, 'passkey.registered', actor, 'challenge_expired');
    throw PasskeyError.ChallengeExpired();
  }
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: body.response,
      expectedChallenge: challenge,
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    await auditFailure(deps.db, 'passkey.registered', actor, refusalReasonOf(error));
    throw PasskeyError.NotVerified();
  }
  if (!verification.verified) {
    await auditFailure(deps.db, 'passkey.registered', actor, 'not_verified');
    throw PasskeyError.NotVerified();
  }
  const { credential } = verification.registrationInfo;
  const created = await deps.db.transaction(async (tx) => {
    const row = await insertPasskey(tx, {
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? body.response.response.transports ?? [],
      name: body.name,
    });
    if (!row) return undefined;
    const recoveryCodes = await recoveryCodesForFirstPasskey(tx, userId);
    await recordAudit(tx, {
      action: 'passkey.registered',
      outcome: 'success',
      ...actor,
      targetType: 'passkey',
      targetId: row.id,
      details: { name: row.name, ...(recoveryCodes ? { recovery_codes: recoveryCodes.length } : {}) },
    });
    const finished = caller.session.isEnrollingSecondFactor
      ? await finishWaitingSignIn(tx, caller.session, caller.origin, 'passkey')
      : null;
    return { row, recoveryCodes, token: finished?.token ?? null };
  });
  if (!created) {
    await auditFailure(deps.db, 'passkey.registered', actor, 'already_registered');
    throw PasskeyError.AlreadyRegistered();
  }
  return {
    answer: { ...itemOf(created.row), recovery_codes: created.recoveryCodes },
    token: created.token,
  };
}

export async function renameOwnPasskey(deps: PasskeyDeps, caller: Caller, id: string, name: string) {
  return deps.db.transaction(async (tx) => {
    const row = await renamePasskey(tx, caller.session.userId, id, name);
    if (!row) throw PasskeyError.NotFound();
    await recordAudit(tx, {
      action: 'passkey.renamed',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'passkey',
      targetId: id,
      details: { name },
    });
    return itemOf(row);
  });
}

export async function removeOwnPasskey(deps: PasskeyDeps, caller: Caller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await deletePasskey(tx, caller.session.userId, id);
    if (!row) throw PasskeyError.NotFound();
    await recordAudit(tx, {
      action: 'passkey.removed',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'passkey',
      targetId: id,
      details: { name: row.name },
    });
  });
}

type Verified = { passkeyId: string; userId: string };

// One assertion checked against a stored credential; the counter and last use move in tx. Answers the
// reason for a refusal instead of throwing, so the caller audits and answers in its own words.
async function verifyAssertion(
  deps: PasskeyDeps,
  tx: Executor,
  input: {
    body: PasskeyAssertionBody;
    challenge: string;
    requireUserVerification: boolean;
    // A refusal reason for a credential whose owner may not use it here, checked before anything moves.
    refuseOwner: (userId: string) => Promise<string | null>;
  },
): Promise<{ ok: true; value: Verified } | { ok: false; reason: string; userId: string | null }> {
  const { response } = input.body;
  const stored = await findByCredentialId(tx, response.id);
  if (!stored) return { ok: false, reason: 'unknown_credential', userId: null };
  const ownerRefusal = await input.refuseOwner(stored.userId);
  if (ownerRefusal !== null) return { ok: false, reason: ownerRefusal, userId: stored.userId };
  // A discoverable passkey names its user; it must be the credential's owner.
  if (response.response.userHandle !== undefined) {
    const handleUser = userIdOfHandle(Buffer.from(response.response.userHandle, 'base64url'));
    if (handleUser !== stored.userId)
      return { ok: false, reason: 'user_handle_mismatch', userId: stored.userId };
  }
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: input.challenge,
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')),
        counter: stored.counter,
        transports: transportsOf(stored.transports),
      },
      requireUserVerification: input.requireUserVerification,
    });
    if (!verification.verified) return { ok: false, reason: 'not_verified', userId: stored.userId };
    const moved = await acceptUse(tx, stored.id, stored.counter, verification.authenticationInfo.newCounter);
    if (!moved) return { ok: false, reason: 'counter_not_increased', userId: stored.userId };
    return { ok: true, value: { passkeyId: stored.id, userId: stored.userId } };
  } catch (error) {
    return { ok: false, reason: refusalReasonOf(error), userId: stored.userId };
  }
}

// The second factor with a passkey: the browser may offer only this user's passkeys.
// The same request serves a step-up in a full session: the passkeys of the person who proves it.
export async function secondFactorOptions(deps: PasskeyDeps, session: SessionContext) {
  const credentials = await credentialsOf(deps.db, secondFactorPersonOf(session));
  if (credentials.length === 0) throw PasskeyError.NoneRegistered();
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.id,
    allowCredentials: credentials.map((c) => ({
      id: c.credentialId,
      transports: transportsOf(c.transports),
    })),
    userVerification: 'preferred',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await saveChallenge(deps.db, {
    purpose: 'second_factor',
    challenge: options.challenge,
    sessionId: session.sessionId,
    expiresAt: expiryOf(deps),
    now: deps.now(),
  });
  return { ...options };
}

type ChallengeOutcome = { ok: true; token: string; result: SignInResult } | { ok: false; reason: string };

// A right passkey finishes the waiting sign-in exactly as a right code does: a full session under a
// new token, in the transaction that moved the passkey's counter. A refusal counts as a wrong code.
export async function answerWithPasskey(
  deps: PasskeyDeps,
  session: SessionContext,
  body: PasskeyAssertionBody,
  origin: AuditOrigin,
): Promise<{ token: string; result: SignInResult }> {
  const actor = auditActorOfSession(session, origin);
  const challenge = await takeLiveChallenge(deps, 'second_factor', { sessionId: session.sessionId });
  const outcome: ChallengeOutcome =
    challenge === null
      ? { ok: false, reason: 'challenge_expired' }
      : await deps.db.transaction(async (tx): Promise<ChallengeOutcome> => {
          const checked = await verifyAssertion(deps, tx, {
            body,
            challenge,
            requireUserVerification: false,
            refuseOwner: async (userId) => (userId === session.userId ? null : 'another_users_passkey'),
          });
          if (!checked.ok) return { ok: false, reason: checked.reason };
          await recordAudit(tx, {
            action: 'passkey.second_factor',
            outcome: 'success',
            ...actor,
            targetType: 'passkey',
            targetId: checked.value.passkeyId,
          });
          return { ok: true, ...(await finishWaitingSignIn(tx, session, origin, 'passkey')) };
        });
  if (outcome.ok) return { token: outcome.token, result: outcome.result };
  const failure = await recordChallengeFailure(deps.db, session.sessionId, SECOND_FACTOR_MAX_FAILURES);
  await recordAudit(deps.db, {
    action: 'passkey.second_factor',
    outcome: 'failure',
    ...actor,
    details: {
      reason: outcome.reason,
      failures: failure?.failures ?? null,
      session_ended: failure?.hasEnded ?? true,
    },
  });
  if (!failure || failure.hasEnded) throw SecondFactorError.ChallengeEnded();
  if (outcome.reason === 'challenge_expired') throw PasskeyError.ChallengeExpired();
  if (outcome.reason === 'another_users_passkey' || outcome.reason === 'unknown_credential') {
    throw PasskeyError.NotYours();
  }
  throw PasskeyError.NotVerified();
}

type StepUpOutcome = { ok: true; at: Date } | { ok: false; reason: string };

// Step-up with a passkey: one of the person's own passkeys answers this session's request; the
// session's proof moves to now in the transaction that moved the passkey's counter.
export async function stepUpWithPasskey(
  deps: PasskeyDeps,
  session: SessionContext,
  body: PasskeyAssertionBody,
  origin: AuditOrigin,
): Promise<StepUpAnswer> {
  const actor = auditActorOfSession(session, origin);
  const personId = secondFactorPersonOf(session);
  const challenge = await takeLiveChallenge(deps, 'second_factor', { sessionId: session.sessionId });
  const outcome: StepUpOutcome =
    challenge === null
      ? { ok: false, reason: 'challenge_expired' }
      : await deps.db.transaction(async (tx): Promise<StepUpOutcome> => {
          const checked = await verifyAssertion(deps, tx, {
            body,
            challenge,
            requireUserVerification: false,
            refuseOwner: async (userId) => (userId === personId ? null : 'another_users_passkey'),
          });
          if (!checked.ok) return { ok: false, reason: checked.reason };
          return { ok: true, at: await recordStepUp(tx, session, actor, 'passkey') };
        });
  if (outcome.ok) return { proved_at: outcome.at.toISOString() };
  await recordAudit(deps.db, {
    action: 'second_factor.step_up',
    outcome: 'failure',
    ...actor,
    details: { method: 'passkey', reason: outcome.reason },
  });
  if (outcome.reason === 'challenge_expired') throw PasskeyError.ChallengeExpired();
  if (outcome.reason === 'another_users_passkey' || outcome.reason === 'unknown_credential') {
    throw PasskeyError.NotYours();
  }
  throw PasskeyError.NotVerified();
}

// Passwordless: any passkey of the portal may answer (the browser lists the discoverable ones); the
// request is tied to the browser by a signed cookie naming its stored challenge.
export async function signInOptions(deps: PasskeyDeps) {
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.id,
    allowCredentials: [],
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  const challengeId = await saveChallenge(deps.db, {
    purpose: 'sign_in',
    challenge: options.challenge,
    sessionId: null,
    expiresAt: expiryOf(deps),
    now: deps.now(),
  });
  return { options: { ...options }, challengeId };
}

// The passkey with user verification is the whole sign-in: possession of the device and the person's
// PIN or biometric on it. Answers the account for completeSignIn.
export async function signInWithPasskey(
  deps: PasskeyDeps,
  challengeId: string | undefined,
  body: PasskeyAssertionBody,
  origin: AuditOrigin,
): Promise<SignInAccount> {
  const challenge =
    challengeId === undefined ? null : await takeLiveChallenge(deps, 'sign_in', { id: challengeId });
  if (challenge === null) {
    await auditFailure(
      deps.db,
      'passkey.sign_in',
      { actorUserId: null, actorEmail: null, ...origin },
      'challenge_expired',
    );
    throw PasskeyError.SignInChallengeExpired();
  }
  let account: SignInAccount | undefined;
  const outcome = await deps.db.transaction(async (tx) => {
    const checked = await verifyAssertion(deps, tx, {
      body,
      challenge,
      requireUserVerification: true,
      // A disabled or locked-out account's passkey opens nothing.
      refuseOwner: async (userId) => {
        account = accountAllowedToSignIn(await findAccountById(tx, userId));
        return account ? null : 'account_not_allowed';
      },
    });
    if (!checked.ok || !account)
      return checked.ok ? { ok: false as const, reason: 'account_not_allowed', userId: null } : checked;
    await recordAudit(tx, {
      action: 'passkey.sign_in',
      outcome: 'success',
      actorUserId: account.id,
      actorEmail: account.email,
      ...origin,
      targetType: 'passkey',
      targetId: checked.value.passkeyId,
    });
    return { ok: true as const, account };
  });
  if (outcome.ok) return outcome.account;
  await auditFailure(
    deps.db,
    'passkey.sign_in',
    { actorUserId: outcome.userId, actorEmail: null, ...origin },
    outcome.reason,
  );
  if (outcome.reason === 'unknown_credential') throw PasskeyError.Unknown();
  throw PasskeyError.SignInNotVerified();
}

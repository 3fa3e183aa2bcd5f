import { PasswordErrorCode, type SetPasswordBody } from '@portico/contracts/auth/password';
import { PasswordText, passwordWeakness } from '@portico/contracts/auth/password-rules';
import { SignInText } from '@portico/contracts/auth/sign-in';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password-hash';
import { hashSecretToken } from '../../lib/secret-token';
import { revokeAllSessionsOf, revokeSessionsOfUserExcept } from '../session/session.repository';
import { PasswordError } from './auth.errors';
import { countRecentLoginTokens } from './auth.repository';
import { isCommonPassword } from './common-passwords';
import {
  addressTag,
  issueEmailToken,
  type LoginLinkDeps,
  type RequestOrigin,
  requireEmailAddress,
} from './login-link.service';
import {
  clearPasswordFailures,
  consumeTokenById,
  findLiveResetToken,
  findPasswordAccountByEmail,
  findPasswordAccountById,
  findPasswordStatus,
  type PasswordAccount,
  recordPasswordFailure,
  replacePasswordHash,
  storePasswordHash,
} from './password.repository';
import {
  accountAllowedToSignIn,
  loginLinksPerAddressWindowMinutes,
  type SignInAccount,
} from './sign-in.rules';
import { passwordLockedMessage, passwordResetMessage, passwordResetUrl } from './sign-in-mail';

// PCI DSS asks for a lock after at most 10 wrong passwords, for at least 30 minutes.
export const passwordFailureLimit = 10;
export const passwordLockMinutes = 30;
// A reset link works once, for 30 minutes (time to think of a password), and counts against the same
// per-address limit as login links.
export const passwordResetValidMinutes = 30;

export type PasswordDeps = LoginLinkDeps;

function weakPasswordError(reason: string, field: string): AppError {
  return new AppError(PasswordErrorCode.WeakPassword, 'business_rule', PasswordText.WeakPassword, [
    { path: field, message: reason },
  ]);
}

// Refuses a password the rules do not accept, with why.
function requireStrongPassword(password: string, email: string, field: string): void {
  const reason = passwordWeakness(password, { email, isCommon: isCommonPassword });
  if (reason !== null) throw weakPasswordError(reason, field);
}

// POST /api/auth/password/sign-in. Unknown address, no password, wrong password, disabled or locked
// account: the same 'Credentials are not valid', after the same scrypt work (a dummy hash stands in
// where there is none). Only the right password of an account whose address is not proved yet hears
// 'Please verify your email.'. The lock is told to the owner by e-mail, never to the caller.
export async function signInWithPassword(
  deps: PasswordDeps,
  input: { rawEmail: string | undefined; password: string; origin: RequestOrigin },
): Promise<SignInAccount> {
  const email = requireEmailAddress(input.rawEmail);
  if (input.password === '') throw PasswordError.PasswordRequired(PasswordText.PasswordRequired);
  const account = await findPasswordAccountByEmail(deps.db, email);
  const isMatch = await verifyPassword(input.password, account?.passwordHash ?? (await dummyPasswordHash()));

  const fail = async (reason: string): Promise<never> => {
    await recordAudit(deps.db, {
      action: 'sign_in',
      outcome: 'failure',
      actorUserId: account?.id ?? null,
      actorEmail: email,
      ...input.origin,
      details: { method: 'password', reason },
    });
    throw PasswordError.CredentialsNotValid(PasswordText.CredentialsNotValid);
  };

  if (!account) return fail('unknown_user');
  if (account.passwordHash === null) return fail('no_password');
  if (account.isPasswordLocked) return fail('password_locked');
  if (!isMatch) {
    await countFailure(deps, account, input.origin);
    return fail('wrong_password');
  }
  await clearPasswordFailures(deps.db, account.id);
  const allowed = accountAllowedToSignIn(account);
  if (!allowed) return fail('account_not_allowed');
  if (!account.isEmailVerified) {
    await recordAudit(deps.db, {
      action: 'sign_in',
      outcome: 'failure',
      actorUserId: account.id,
      actorEmail: email,
      ...input.origin,
      details: { method: 'password', reason: 'email_not_verified' },
    });
    throw PasswordError.EmailNotVerified(PasswordText.VerifyEmail);
  }
  if (needsRehash(account.passwordHash))
    await replacePasswordHash(deps.db, account.id, await hashPassword(input.password));
  return allowed;
}

// Counts a wrong password; the one that reaches the limit locks password sign-in, is audited and
// mailed to the owner.
async function countFailure(deps: PasswordDeps, account: PasswordAccount, origin: RequestOrigin) {
  const failure = await recordPasswordFailure(deps.db, account.id, {
    limit: passwordFailureLimit,
    lockMinutes: passwordLockMinutes,
  });
  if (!failure.isLockedNow) return;
  await recordAudit(deps.db, {
    action: 'password.lock_out',
    outcome: 'success',
    actorUserId: account.id,
    actorEmail: account.email,
    targetType: 'user',
    targetId: account.id,
    ...origin,
    details: { failures: passwordFailureLimit, lock_minutes: passwordLockMinutes },
  });
  deps.log.warn({ address: addressTag(account.email) }, 'password sign-in locked after repeated failures');
  deps.mail.sendLater(
    passwordLockedMessage(account.email, account.name, {
      failures: passwordFailureLimit,
      lockMinutes: passwordLockMinutes,
      forgotPasswordUrl: `${deps.publicUrl}/app/login`,
    }),
  );
}

// POST /api/auth/password/reset-request: like the login link, the same answer for every address, and
// a link only for an account that may sign in, within the per-address limit.
export async function requestPasswordReset(
  deps: PasswordDeps,
  rawEmail: string | undefined,
  origin: RequestOrigin,
) {
  const email = requireEmailAddress(rawEmail);
  const account = accountAllowedToSignIn(await findPasswordAccountByEmail(deps.db, email));
  if (!account) {
    await countRecentLoginTokens(deps.db, email, loginLinksPerAddressWindowMinutes);
    return SignInText.LoginLinkSent;
  }
  const token = await issueEmailToken(deps, {
    email,
    purpose: 'password_reset',
    ip: origin.ip,
    validMinutes: passwordResetValidMinutes,
  });
  await recordAudit(deps.db, {
    action: 'password.reset_request',
    outcome: token ? 'success' : 'failure',
    actorUserId: account.id,
    actorEmail: email,
    targetType: 'user',
    targetId: account.id,
    ...origin,
    details: token ? {} : { reason: 'address_limit' },
  });
  if (token) {
    const link = passwordResetUrl(deps.publicUrl, token);
    deps.mail.sendLater(passwordResetMessage(email, account.name, link, passwordResetValidMinutes));
  }
  return SignInText.LoginLinkSent;
}

// POST /api/auth/password/reset: a live link and an acceptable password set it, in one transaction:
// the link is used, failures and lock are cleared, the address counts as proved, every session of the
// user ends. A weak password changes nothing and leaves the link usable; a used or expired link says so.
export async function resetPassword(
  deps: Pick<PasswordDeps, 'db'>,
  input: { token: string; password: string; origin: RequestOrigin },
): Promise<SignInAccount> {
  const failure = async (reason: string, email: string | null): Promise<never> => {
    await recordAudit(deps.db, {
      action: 'password.reset',
      outcome: 'failure',
      actorEmail: email,
      ...input.origin,
      details: { reason },
    });
    throw PasswordError.ResetLinkNotValid(PasswordText.ResetLinkNotValid);
  };
  const outcome = await deps.db.transaction(async (tx) => {
    const token = await findLiveResetToken(tx, hashSecretToken(input.token));
    if (!token) return { kind: 'invalid' as const, email: null };
    const account = accountAllowedToSignIn(await findPasswordAccountByEmail(tx, token.email));
    if (!account) return { kind: 'invalid' as const, email: token.email };
    requireStrongPassword(input.password, account.email, 'password');
    const hash = await hashPassword(input.password);
    await consumeTokenById(tx, token.id);
    await storePasswordHash(tx, account.id, hash, { proofOfAddress: true });
    const endedSessions = await revokeAllSessionsOf(tx, account.id);
    await recordAudit(tx, {
      action: 'password.reset',
      outcome: 'success',
      actorUserId: account.id,
      actorEmail: account.email,
      targetType: 'user',
      targetId: account.id,
      ...input.origin,
      details: { ended_sessions: endedSessions },
    });
    return { kind: 'done' as const, account };
  });
  if (outcome.kind === 'invalid') return failure('invalid_or_expired_link', outcome.email);
  return outcome.account;
}

// POST /api/auth/password: the signed-in user sets a first password, or changes theirs with the
// current one (a wrong one counts towards the lock like a failed sign-in). Other sessions end.
export async function setOwnPassword(
  deps: PasswordDeps,
  session: { userId: string; sessionId: string },
  body: SetPasswordBody,
  origin: RequestOrigin,
): Promise<string> {
  const account = await findPasswordAccountById(deps.db, session.userId);
  if (!account) throw PasswordError.CredentialsNotValid(PasswordText.CredentialsNotValid);
  const hasPassword = account.passwordHash !== null;
  if (hasPassword) {
    const current = body.current_password ?? '';
    if (current === '') throw PasswordError.CurrentPasswordRequired(PasswordText.CurrentPasswordRequired);
    const isMatch = account.isPasswordLocked
      ? false
      : await verifyPassword(current, account.passwordHash ?? '');
    if (!isMatch) {
      if (!account.isPasswordLocked) await countFailure(deps, account, origin);
      await recordAudit(deps.db, {
        action: 'password.change',
        outcome: 'failure',
        actorUserId: account.id,
        actorEmail: account.email,
        targetType: 'user',
        targetId: account.id,
        ...origin,
        details: { reason: account.isPasswordLocked ? 'password_locked' : 'wrong_current_password' },
      });
      throw PasswordError.CurrentPasswordNotValid(PasswordText.CurrentPasswordNotValid);
    }
  }
  requireStrongPassword(body.new_password, account.email, 'new_password');
  const hash = await hashPassword(body.new_password);
  await deps.db.transaction(async (tx) => {
    // The row lock orders two changes at once; the second one's current password was checked against
    // the hash the first replaced, which is acceptable: both proved the same knowledge.
    await findPasswordAccountById(tx, account.id, { forUpdate: true });
    await storePasswordHash(tx, account.id, hash, { proofOfAddress: false });
    const endedSessions = await revokeSessionsOfUserExcept(tx, account.id, session.sessionId);
    await recordAudit(tx, {
      action: hasPassword ? 'password.change' : 'password.set',
      outcome: 'success',
      actorUserId: account.id,
      actorEmail: account.email,
      targetType: 'user',
      targetId: account.id,
      ...origin,
      details: { ended_sessions: endedSessions },
    });
  });
  return PasswordText.PasswordSet;
}

export async function loadPasswordStatus(db: Executor, userId: string) {
  const status = await findPasswordStatus(db, userId);
  return { has_password: status?.hasPassword ?? false, set_at: status?.setAt?.toISOString() ?? null };
}

import type { SignInResult } from '@portico/contracts/auth/sign-in';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasSecondFactor } from '../../access/second-factor-facts';
import { recordAudit, requestOrigin } from '../../lib/audit';
import { mustUserHaveSecondFactor } from '../second-factor/second-factor-requirement';
import { startSession } from '../session/session.service';
import { opensPortal, type SignInAccount } from './sign-in.rules';

export type SignInMethod = 'email_link' | 'password' | 'google' | 'microsoft' | 'passkey';

// A passkey with user verification is something held and something known or been (the device's PIN
// or biometric): the sign-in is multi-factor on its own and asks for nothing more.
const multiFactorMethods: ReadonlySet<SignInMethod> = new Set(['passkey']);

// The end of every sign-in: a fresh session (the presented one revoked), the cookie, the audit entry.
// Every first factor (e-mail link, OpenID Connect, password) ends here, so none passes the second;
// a passkey sign-in ends here too, as a whole sign-in.
export async function completeSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  account: SignInAccount,
  method: SignInMethod,
): Promise<{ result: SignInResult; sessionStarted: boolean; isAwaitingSecondFactor: boolean }> {
  const origin = requestOrigin(request);
  const result: SignInResult = {
    clientid: account.defaultClientId,
    utype: account.userType,
    details: { email: account.email, name: account.name },
  };
  if (!opensPortal(account)) {
    await recordAudit(app.db, {
      action: 'sign_in',
      outcome: 'failure',
      actorUserId: account.id,
      actorEmail: account.email,
      ...origin,
      details: { method, reason: 'no_client' },
    });
    return { result, sessionStarted: false, isAwaitingSecondFactor: false };
  }
  // The first factor only: a user with an authenticator app or a passkey is asked for it; a user who
  // must have a second factor and has none sets one up before anything else. Either way the session
  // waits.
  const isMultiFactor = multiFactorMethods.has(method);
  const hasFactor = !isMultiFactor && (await hasSecondFactor(app.db, account.id));
  const mustSetUp = !isMultiFactor && !hasFactor && (await mustUserHaveSecondFactor(app.db, account.id));
  const isAwaitingSecondFactor = hasFactor || mustSetUp;
  const { token } = await startSession(app.db, {
    userId: account.id,
    presentedToken: app.sessionCookies.read(request),
    origin,
    isAwaitingSecondFactor,
    hasProvedSecondFactor: isMultiFactor,
    isEnrollingSecondFactor: mustSetUp,
  });
  app.sessionCookies.set(reply, token);
  await recordAudit(app.db, {
    action: 'sign_in',
    outcome: 'success',
    actorUserId: account.id,
    actorEmail: account.email,
    clientId: account.defaultClientId,
    ...origin,
    details: mustSetUp
      ? { method, second_factor: 'set_up_required' }
      : isAwaitingSecondFactor
        ? { method, second_factor: 'required' }
        : isMultiFactor
          ? { method, multi_factor: true }
          : { method },
  });
  return {
    result: isAwaitingSecondFactor ? { ...result, second_factor_required: true } : result,
    sessionStarted: true,
    isAwaitingSecondFactor,
  };
}

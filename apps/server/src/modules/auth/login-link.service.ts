import { isValidEmailAddress, normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import { SignInText } from '@portico/contracts/auth/sign-in';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MailService } from '../../integrations/mail/mail-service';
import { recordAudit } from '../../lib/audit';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';
import { AuthError } from './auth.errors';
import {
  consumeLoginToken,
  countRecentLoginTokens,
  findAccountByEmail,
  insertLoginToken,
  type LoginTokenPurpose,
} from './auth.repository';
import {
  accountAllowedToSignIn,
  loginLinksPerAddressWindowMinutes,
  loginLinkValidMinutes,
  type SignInAccount,
} from './sign-in.rules';
import { loginLinkMessage, loginLinkUrl } from './sign-in-mail';

export type LoginLinkDeps = {
  db: Db;
  mail: MailService;
  publicUrl: string;
  log: FastifyBaseLogger;
  // Links one address may be sent per loginLinksPerAddressWindowMinutes.
  loginLinksPerAddress: number;
};
export type RequestOrigin = { ip: string | null; userAgent: string | null };

// The texts for a missing or malformed address.
export function requireEmailAddress(raw: string | undefined): string {
  const email = normalizeEmailAddress(raw ?? '');
  if (email === '') throw AuthError.EmailRequired(SignInText.EmailRequired);
  if (!isValidEmailAddress(email)) throw AuthError.EmailNotValid(SignInText.EmailNotValid);
  return email;
}

// A short, stable tag for an address in the logs, which never carry the address itself.
export function addressTag(email: string): string {
  return hashSecretToken(email).slice(0, 12);
}

// Issues a single-use token for the address, or nothing, and reports which (never to the browser).
export async function issueEmailToken(
  deps: Pick<LoginLinkDeps, 'db' | 'log' | 'loginLinksPerAddress'>,
  input: { email: string; purpose: LoginTokenPurpose; ip: string | null; validMinutes?: number },
): Promise<string | undefined> {
  // Count and insert under a per-address lock: two requests at once, on one instance or two, cannot
  // both see room for one more link.
  const token = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-link:${input.email}`}))`);
    const recent = await countRecentLoginTokens(tx, input.email, loginLinksPerAddressWindowMinutes);
    if (recent >= deps.loginLinksPerAddress) return undefined;
    const issued = newSecretToken();
    await insertLoginToken(tx, {
      hash: hashSecretToken(issued),
      email: input.email,
      purpose: input.purpose,
      validMinutes: input.validMinutes ?? loginLinkValidMinutes,
      ip: input.ip,
    });
    return issued;
  });
  if (token === undefined) {
    deps.log.warn(
      { address: addressTag(input.email), purpose: input.purpose },
      'e-mail link not sent: the address reached its limit',
    );
  }
  return token;
}

// POST /firebase. Known or not, the caller gets the same answer in about the same time: the lookup
// runs for every address and the delivery happens after the answer is sent.
export async function requestLoginLink(deps: LoginLinkDeps, rawEmail: string | undefined, ip: string | null) {
  const email = requireEmailAddress(rawEmail);
  const account = accountAllowedToSignIn(await findAccountByEmail(deps.db, email));
  if (!account) {
    // Same query cost as the known path's limit check; the count itself is not needed.
    await countRecentLoginTokens(deps.db, email, loginLinksPerAddressWindowMinutes);
    return SignInText.LoginLinkSent;
  }
  const token = await issueEmailToken(deps, { email, purpose: 'sign_in', ip });
  if (token) {
    const link = loginLinkUrl(deps.publicUrl, token, email);
    deps.mail.sendLater(loginLinkMessage(email, account.name, link, loginLinkValidMinutes));
  }
  return SignInText.LoginLinkSent;
}

// POST /auth: the token must be live, unused and issued for this very address ('foreign token'
// otherwise). Every failure answers the same 'Session has expired' and is audited.
export async function redeemLoginLink(
  deps: Pick<LoginLinkDeps, 'db'>,
  input: { token: string; rawEmail: string | undefined; origin: RequestOrigin },
): Promise<SignInAccount> {
  const email = requireEmailAddress(input.rawEmail);
  const fail = async (reason: string): Promise<never> => {
    await recordAudit(deps.db, {
      action: 'sign_in',
      outcome: 'failure',
      actorEmail: email,
      ...input.origin,
      details: { method: 'email_link', reason },
    });
    throw AuthError.InvalidOrExpiredToken(SignInText.SessionExpired);
  };
  const consumed = await consumeLoginToken(deps.db, hashSecretToken(input.token), 'sign_in');
  if (!consumed) return fail('invalid_or_expired_token');
  if (consumed.email !== email) return fail('foreign_token');
  const account = accountAllowedToSignIn(await findAccountByEmail(deps.db, email));
  if (!account) return fail('account_not_allowed');
  return account;
}

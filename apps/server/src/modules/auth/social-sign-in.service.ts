import { SignInText } from '@portico/contracts/auth/sign-in';
import {
  type ExistingSignInMethod,
  existingSignInMethods,
  type SocialProviderId,
  socialProviderIdSchema,
} from '@portico/contracts/auth/social-sign-in';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { SessionContext } from '../../access/request-session';
import type { Db } from '../../db/client';
import type { MailService } from '../../integrations/mail/mail-service';
import type { VerifiedClaims } from '../../integrations/oidc/oidc-providers';
import { hashSecretToken } from '../../lib/secret-token';
import { AuthError } from './auth.errors';
import {
  consumeLoginToken,
  findAccountByEmail,
  findAccountById,
  findIdentity,
  findLatestIdentityProvider,
  linkIdentity,
  touchIdentity,
} from './auth.repository';
import { issueEmailToken } from './login-link.service';
import { accountAllowedToSignIn, loginLinkValidMinutes, type SignInAccount } from './sign-in.rules';
import { verifyEmailMessage, verifyEmailUrl } from './sign-in-mail';

// A social account that proved who it is at the provider but is not linked to a Portico user yet.
// purpose link: the address belongs to a user who signs in another way, and links it once signed in;
// purpose verify: the provider did not verify the address, so its owner must confirm it by e-mail.
export const pendingCredentialSchema = z.object({
  provider: socialProviderIdSchema,
  issuer: z.string(),
  subject: z.string(),
  email: z.string(),
  purpose: z.enum(['link', 'verify']),
});
export type PendingCredential = z.infer<typeof pendingCredentialSchema>;

export type SocialSignInOutcome =
  | { kind: 'signed-in'; account: SignInAccount }
  | { kind: 'verify-email'; pending: PendingCredential }
  | { kind: 'link'; pending: PendingCredential; existingMethod: ExistingSignInMethod }
  | { kind: 'not-recognized'; reason: string };

export type SocialSignInDeps = {
  db: Db;
  mail: MailService;
  publicUrl: string;
  log: FastifyBaseLogger;
  loginLinksPerAddress: number;
};

function existingMethodOf(provider: string | undefined): ExistingSignInMethod {
  const known = existingSignInMethods.find((method) => method === provider);
  return known ?? 'email';
}

// Sign in with a linked identity, or wait to be linked or verified, decided from the verified ID
// token claims. Identities are keyed by (issuer, subject), never by e-mail: an address can change
// hands at a provider.
export async function resolveSocialSignIn(
  deps: SocialSignInDeps,
  provider: { id: SocialProviderId; name: string },
  claims: VerifiedClaims,
  ip: string | null,
): Promise<SocialSignInOutcome> {
  const identity = await findIdentity(deps.db, claims.issuer, claims.subject);
  if (identity) {
    const account = accountAllowedToSignIn(await findAccountById(deps.db, identity.userId));
    if (!account) return { kind: 'not-recognized', reason: 'account_not_allowed' };
    await touchIdentity(deps.db, identity.id);
    return { kind: 'signed-in', account };
  }
  if (!claims.email) return { kind: 'not-recognized', reason: 'no_email_claim' };
  const account = accountAllowedToSignIn(await findAccountByEmail(deps.db, claims.email));
  if (!account) return { kind: 'not-recognized', reason: 'unknown_email' };
  const pending = {
    provider: provider.id,
    issuer: claims.issuer,
    subject: claims.subject,
    email: claims.email,
  };
  if (!claims.isEmailVerified) {
    const token = await issueEmailToken(deps, { email: claims.email, purpose: 'verify_email', ip });
    if (token) {
      const link = verifyEmailUrl(deps.publicUrl, token);
      deps.mail.sendLater(verifyEmailMessage(claims.email, provider.name, link, loginLinkValidMinutes));
    }
    return { kind: 'verify-email', pending: { ...pending, purpose: 'verify' } };
  }
  const existingMethod = existingMethodOf(await findLatestIdentityProvider(deps.db, account.id));
  return { kind: 'link', pending: { ...pending, purpose: 'link' }, existingMethod };
}

async function linkPendingCredential(db: Db, userId: string, pending: PendingCredential) {
  const linked = await linkIdentity(db, {
    userId,
    provider: pending.provider,
    issuer: pending.issuer,
    subject: pending.subject,
    email: pending.email,
  });
  if (linked?.userId !== userId) {
    throw AuthError.IdentityLinkedElsewhere('This sign-in method is already linked to another account');
  }
}

// POST /api/auth/link/continue: the user has just signed in with their existing method; the social
// account waiting in this browser joins that user, but only if it carries the same address.
export async function continuePendingLink(
  db: Db,
  session: SessionContext,
  pending: PendingCredential | undefined,
): Promise<{ provider: SocialProviderId }> {
  if (!pending) throw AuthError.NoPendingLink('There is no sign-in method waiting to be linked');
  if (pending.email !== session.email) {
    throw AuthError.PendingLinkForAnotherUser('The waiting sign-in method belongs to another e-mail address');
  }
  await linkPendingCredential(db, session.userId, pending);
  return { provider: pending.provider };
}

// POST /api/auth/verify-email: the mailed code proves the mailbox; the pending cookie proves it is
// the browser that signed in at the provider. Both are needed, so a victim clicking a link an
// attacker triggered links nothing.
export async function verifyPendingEmail(
  db: Db,
  token: string,
  pending: PendingCredential | undefined,
): Promise<{ userId: string; email: string; provider: SocialProviderId }> {
  const expired = () => AuthError.InvalidOrExpiredToken(SignInText.SessionExpired);
  if (!pending) throw expired();
  const consumed = await consumeLoginToken(db, hashSecretToken(token), 'verify_email');
  if (!consumed || consumed.email !== pending.email) throw expired();
  const account = accountAllowedToSignIn(await findAccountByEmail(db, pending.email));
  if (!account) throw expired();
  await linkPendingCredential(db, account.id, pending);
  return { userId: account.id, email: account.email, provider: pending.provider };
}

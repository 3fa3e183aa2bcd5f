import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { userTypeSchema } from './roles';

// Texts the server answers on the sign-in calls; the browser shows them as they come.
export const SignInText = {
  EmailRequired: 'Email is required',
  EmailNotValid: 'Email is not valid',
  SessionExpired: 'Session has expired',
  LoginLinkSent: 'Email was sent to you. Please check your inbox!',
  EmailVerified: 'Email was verified',
} as const;

export const SignInErrorCode = {
  EmailRequired: 'EMAIL_REQUIRED',
  EmailNotValid: 'EMAIL_NOT_VALID',
  InvalidOrExpiredToken: 'INVALID_OR_EXPIRED_TOKEN',
  NoPendingLink: 'NO_PENDING_LINK',
  PendingLinkForAnotherUser: 'PENDING_LINK_FOR_ANOTHER_USER',
  IdentityLinkedElsewhere: 'IDENTITY_LINKED_ELSEWHERE',
  UnknownProvider: 'UNKNOWN_PROVIDER',
} as const;

// Addresses are checked by the server so the answer carries the product's own text, not a generic
// validation message: the body schema only bounds the size.
const emailField = z.string().max(1000).optional();

// POST /firebase: ask for an e-mail login link. accessToken is accepted for compatibility with the
// original client and ignored. The answer is the same whether or not the address is known.
export const loginLinkRequestBody = z.strictObject({
  email: emailField,
  accessToken: z.string().max(4096).optional(),
});
export type LoginLinkRequestBody = z.infer<typeof loginLinkRequestBody>;
export const loginLinkResponse = successEnvelope(z.literal(SignInText.LoginLinkSent));

// POST /auth: exchange the link's oobCode for a session.
export const signInWithLinkBody = z.strictObject({
  token: z.string().min(1).max(512),
  email: emailField,
});
export type SignInWithLinkBody = z.infer<typeof signInWithLinkBody>;

// The authentication response. clientid null: the account is not attached to a merchant;
// unless utype is admin, no session was started and the browser sends the person to /contact.
export const signInResult = z.object({
  clientid: z.uuid().nullable(),
  utype: userTypeSchema,
  details: z.object({ email: z.string(), name: z.string() }),
  // true: the session waits for the second factor (the browser asks for the code next).
  second_factor_required: z.boolean().optional(),
});
export type SignInResult = z.infer<typeof signInResult>;
export const signInWithLinkResponse = successEnvelope(signInResult);

// The link e-mailed by POST /firebase: /app/verify-email?oobCode=…&mode=signIn&continueUrl=…
// (continueUrl is /app/sso?email=…). Verification links use mode=verifyEmail.
export const emailActionModes = ['signIn', 'verifyEmail'] as const;
export type EmailActionMode = (typeof emailActionModes)[number];

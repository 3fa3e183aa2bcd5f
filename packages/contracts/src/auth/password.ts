import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { signInResult } from './sign-in';

export const PasswordErrorCode = {
  CredentialsNotValid: 'CREDENTIALS_NOT_VALID',
  EmailNotVerified: 'EMAIL_NOT_VERIFIED',
  WeakPassword: 'WEAK_PASSWORD',
  CurrentPasswordRequired: 'CURRENT_PASSWORD_REQUIRED',
  CurrentPasswordNotValid: 'CURRENT_PASSWORD_NOT_VALID',
  ResetLinkNotValid: 'RESET_LINK_NOT_VALID',
  PasswordRequired: 'PASSWORD_REQUIRED',
} as const;

// Bounded well above the rule's 128 characters: the rule, not the schema, answers a long password.
const passwordField = z.string().max(1024);
// As on the link sign-in: the server checks the address so the answer carries the product's text.
const emailField = z.string().max(1000).optional();

// POST /api/auth/password/sign-in
export const passwordSignInBody = z.strictObject({ email: emailField, password: passwordField });
export type PasswordSignInBody = z.infer<typeof passwordSignInBody>;
export const passwordSignInResponse = successEnvelope(signInResult);

// POST /api/auth/password/reset-request: the same answer for every address.
export const passwordResetRequestBody = z.strictObject({ email: emailField });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;
export const passwordResetRequestResponse = successEnvelope(z.string());

// POST /api/auth/password/reset: the link's code and the new password; signs the person in.
export const passwordResetBody = z.strictObject({
  token: z.string().min(1).max(512),
  password: passwordField,
});
export type PasswordResetBody = z.infer<typeof passwordResetBody>;
export const passwordResetResponse = successEnvelope(signInResult);

// POST /api/auth/password: set or change the signed-in user's password. current_password is required
// when the account already has one.
export const setPasswordBody = z.strictObject({
  current_password: passwordField.optional(),
  new_password: passwordField,
});
export type SetPasswordBody = z.infer<typeof setPasswordBody>;
export const setPasswordResponse = successEnvelope(z.string());

// GET /api/auth/password: whether the signed-in user has a password, and since when.
export const passwordStatus = z.object({
  has_password: z.boolean(),
  set_at: z.iso.datetime().nullable(),
});
export type PasswordStatus = z.infer<typeof passwordStatus>;
export const passwordStatusResponse = successEnvelope(passwordStatus);

import { PasswordText, passwordWeakness } from '@portico/contracts/auth/password-rules';
import { ApiError } from '../../../lib/api-client';

// What a new-password box shows under it: nothing until the field was touched (left once, or a save
// tried); then 'Password is too weak' and why, by the rules the browser can check (the common list
// stays on the server, whose answer is shown the same way).
export type PasswordFieldError = { text: string; reason?: string } | null;

export function newPasswordFieldError(
  password: string,
  context: { email: string; isTouched: boolean },
): PasswordFieldError {
  if (!context.isTouched) return null;
  if (password === '') return { text: PasswordText.NewPasswordRequired };
  const reason = passwordWeakness(password, { email: context.email });
  return reason === null ? null : { text: PasswordText.WeakPassword, reason };
}

// The server's refusal of a new password (WEAK_PASSWORD with its reason), or null for any other failure.
export function weakPasswordErrorOf(error: unknown): PasswordFieldError {
  if (!(error instanceof ApiError) || error.code !== 'WEAK_PASSWORD') return null;
  const reason = error.issues[0]?.message;
  return reason ? { text: error.message, reason } : { text: error.message };
}

// Anything else the server refused, in words: a 5xx never shows its own text.
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.httpStatus > 0 && error.httpStatus < 500) return error.message;
  return 'Something went wrong';
}

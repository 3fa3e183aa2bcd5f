// The password rules both sides apply (kept free of zod: the login and reset pages load without it).
// At least 12 characters, at most 128; not one of the commonly used passwords (the server holds the
// list, the browser does not); not containing the part of the e-mail address before the @ when that
// part has 3 or more characters.

export const passwordMinLength = 12;
export const passwordMaxLength = 128;
// A local part shorter than this is too common a string to forbid (e.g. "jo" in "jo@…").
const emailNameMinLength = 3;

export const PasswordText = {
  WeakPassword: 'Password is too weak',
  CredentialsNotValid: 'Credentials are not valid',
  VerifyEmail: 'Please verify your email.',
  CurrentPasswordRequired: 'Enter your current password',
  CurrentPasswordNotValid: 'Current password is not correct',
  NewPasswordRequired: 'Enter a new password',
  PasswordSet: 'Your password was saved',
  ResetLinkNotValid: 'This link has expired or was already used. Ask for a new one with Forgot password?',
  PasswordRequired: 'Password is required',
  // Shown before anything is typed.
  Rule: 'At least 12 characters. Not a common password, and not containing the name of your e-mail address.',
} as const;

export const PasswordWeakness = {
  TooShort: `Use at least ${passwordMinLength} characters.`,
  TooLong: `Use at most ${passwordMaxLength} characters.`,
  Common: 'This is one of the most commonly used passwords.',
  ContainsEmailName: 'It must not contain the name of your e-mail address.',
} as const;
export type PasswordWeaknessText = (typeof PasswordWeakness)[keyof typeof PasswordWeakness];

// The part before the @, lowercased; empty when there is none.
export function emailNameOf(email: string): string {
  const at = email.lastIndexOf('@');
  return (at < 0 ? email : email.slice(0, at)).trim().toLowerCase();
}

// Characters, not UTF-16 units: an emoji counts once.
export function passwordLength(password: string): number {
  return [...password].length;
}

// The candidates to look up in the common list: the password lowercased, and the same with the
// digits and symbols people add at the end removed ("Password2024!" is "password").
export function commonPasswordCandidates(password: string): string[] {
  const lower = password.toLowerCase();
  const stem = lower.replace(/[^\p{L}]+$/u, '');
  return stem.length > 0 && stem !== lower ? [lower, stem] : [lower];
}

// Why a password is refused, or null when it may be used. isCommon answers for one lowercased
// candidate (the server passes its list; the browser passes nothing and leaves that check to it).
export function passwordWeakness(
  password: string,
  context: { email: string; isCommon?: (lowercased: string) => boolean },
): PasswordWeaknessText | null {
  const length = passwordLength(password);
  if (length < passwordMinLength) return PasswordWeakness.TooShort;
  if (length > passwordMaxLength) return PasswordWeakness.TooLong;
  const emailName = emailNameOf(context.email);
  if (emailName.length >= emailNameMinLength && password.toLowerCase().includes(emailName))
    return PasswordWeakness.ContainsEmailName;
  const isCommon = context.isCommon;
  if (isCommon && commonPasswordCandidates(password).some((candidate) => isCommon(candidate)))
    return PasswordWeakness.Common;
  return null;
}

// The text of each sign-in provider error. The texts are kept here rather than imported from
// contracts/auth/sign-in, whose module also builds zod schemas: the login page loads without zod
// to stay within its first-load budget. sign-in-errors.utils.test.ts checks they equal the contracts' SignInText.
export const SignInErrorText = {
  EmailRequired: 'Email is required',
  SessionExpired: 'Session has expired',
  UserAlreadyExists: 'Such user already exists',
  RegisteredWithDifferentNetwork: 'Such user is registered with different network',
  EmailNotValid: 'Email is not valid',
  WeakPassword: 'Password is too weak',
  CredentialsNotValid: 'Credentials are not valid',
  ServerError: 'Something went wrong',
  PasswordRequired: 'Password is required',
  VerifyEmail: 'Please verify your email.',
} as const;

// The toasts of the sign-in pages.
export const SignInToastText = {
  LoginLinkSent: 'Email was sent to you. Please check your inbox!',
  EmailVerified: 'Email was verified',
  NotRecognized: 'Email address not recognized. Please try another.',
  Failed: 'Something went wrong.',
  ConfirmationSent: 'We have sent you a confirmation email. Please check your inbox!',
} as const;

// Portico's error codes (contracts SignInErrorCode) beside the identity-service codes the original
// client mapped, so either kind of answer gets the product's text.
const textByErrorCode: Record<string, string> = {
  EMAIL_REQUIRED: SignInErrorText.EmailRequired,
  'auth/missing-email': SignInErrorText.EmailRequired,
  INVALID_OR_EXPIRED_TOKEN: SignInErrorText.SessionExpired,
  'auth/invalid-action-code': SignInErrorText.SessionExpired,
  'auth/expired-action-code': SignInErrorText.SessionExpired,
  IDENTITY_LINKED_ELSEWHERE: SignInErrorText.UserAlreadyExists,
  EMAIL_ALREADY_IN_USE: SignInErrorText.UserAlreadyExists,
  'auth/email-already-in-use': SignInErrorText.UserAlreadyExists,
  'auth/credential-already-in-use': SignInErrorText.UserAlreadyExists,
  ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL: SignInErrorText.RegisteredWithDifferentNetwork,
  'auth/account-exists-with-different-credential': SignInErrorText.RegisteredWithDifferentNetwork,
  EMAIL_NOT_VALID: SignInErrorText.EmailNotValid,
  'auth/invalid-email': SignInErrorText.EmailNotValid,
  WEAK_PASSWORD: SignInErrorText.WeakPassword,
  'auth/weak-password': SignInErrorText.WeakPassword,
  USER_NOT_FOUND: SignInErrorText.CredentialsNotValid,
  WRONG_PASSWORD: SignInErrorText.CredentialsNotValid,
  'auth/user-not-found': SignInErrorText.CredentialsNotValid,
  'auth/wrong-password': SignInErrorText.CredentialsNotValid,
  CREDENTIALS_NOT_VALID: SignInErrorText.CredentialsNotValid,
  PASSWORD_REQUIRED: SignInErrorText.PasswordRequired,
  EMAIL_NOT_VERIFIED: SignInErrorText.VerifyEmail,
  'auth/email-not-verified': SignInErrorText.VerifyEmail,
};

export type SignInFailure = {
  code?: string;
  // 0 or absent when no HTTP answer arrived.
  httpStatus?: number;
  message?: string;
};

// A known code wins; then any 5xx is 'Something went wrong' (its text may name internals); anything
// else shows the provider's own message.
export function errorTextForSignIn({ code, httpStatus, message }: SignInFailure): string {
  const textForCode = code === undefined ? undefined : textByErrorCode[code];
  if (textForCode !== undefined) return textForCode;
  if (httpStatus !== undefined && httpStatus >= 500) return SignInErrorText.ServerError;
  const trimmed = message?.trim();
  return trimmed ? trimmed : SignInToastText.Failed;
}

// Reads what errorTextForSignIn needs from whatever a call threw (ApiError or anything else).
export function signInFailureOf(error: unknown): SignInFailure {
  if (!(error instanceof Error)) return {};
  const failure: SignInFailure = { message: error.message };
  if ('code' in error && typeof error.code === 'string') failure.code = error.code;
  if ('httpStatus' in error && typeof error.httpStatus === 'number') failure.httpStatus = error.httpStatus;
  return failure;
}

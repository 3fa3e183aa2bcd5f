import { PasswordText } from '@portico/contracts/auth/password-rules';
import { SignInErrorCode, SignInText } from '@portico/contracts/auth/sign-in';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  errorTextForSignIn,
  SignInErrorText,
  type SignInFailure,
  SignInToastText,
  signInFailureOf,
} from './sign-in-errors.utils';

describe('errorTextForSignIn', () => {
  it.each<[string, SignInFailure, string]>([
    ['missing e-mail', { code: SignInErrorCode.EmailRequired, httpStatus: 400 }, 'Email is required'],
    ['missing e-mail (identity service)', { code: 'auth/missing-email' }, 'Email is required'],
    [
      'invalid or expired token',
      { code: SignInErrorCode.InvalidOrExpiredToken, httpStatus: 401 },
      'Session has expired',
    ],
    ['invalid action code', { code: 'auth/invalid-action-code' }, 'Session has expired'],
    ['expired action code', { code: 'auth/expired-action-code' }, 'Session has expired'],
    ['e-mail already in use', { code: 'auth/email-already-in-use' }, 'Such user already exists'],
    ['credential already in use', { code: 'auth/credential-already-in-use' }, 'Such user already exists'],
    [
      'social identity linked to someone else',
      { code: SignInErrorCode.IdentityLinkedElsewhere },
      'Such user already exists',
    ],
    [
      'account with a different credential',
      { code: 'auth/account-exists-with-different-credential' },
      'Such user is registered with different network',
    ],
    ['invalid e-mail', { code: SignInErrorCode.EmailNotValid, httpStatus: 400 }, 'Email is not valid'],
    ['invalid e-mail (identity service)', { code: 'auth/invalid-email' }, 'Email is not valid'],
    ['weak password', { code: 'auth/weak-password' }, 'Password is too weak'],
    ['user not found', { code: 'auth/user-not-found' }, 'Credentials are not valid'],
    ['wrong password', { code: 'auth/wrong-password' }, 'Credentials are not valid'],
    [
      'wrong password or unknown user (Portico)',
      { code: 'CREDENTIALS_NOT_VALID', httpStatus: 401 },
      'Credentials are not valid',
    ],
    ['unverified address', { code: 'EMAIL_NOT_VERIFIED', httpStatus: 403 }, 'Please verify your email.'],
    [
      'server error 500',
      { code: 'INTERNAL_ERROR', httpStatus: 500, message: 'db down at 10.0.0.4' },
      'Something went wrong',
    ],
    ['server error 503 without a code', { httpStatus: 503, message: 'upstream' }, 'Something went wrong'],
    [
      'any other error: the provider message',
      { code: 'RATE_LIMITED', httpStatus: 429, message: 'Too many requests' },
      'Too many requests',
    ],
    ['no message at all', {}, 'Something went wrong.'],
  ])('%s -> %s', (_case, failure, expected) => {
    expect(errorTextForSignIn(failure)).toBe(expected);
  });

  it('uses the same texts as the server (contracts SignInText)', () => {
    expect(SignInErrorText.EmailRequired).toBe(SignInText.EmailRequired);
    expect(SignInErrorText.EmailNotValid).toBe(SignInText.EmailNotValid);
    expect(SignInErrorText.SessionExpired).toBe(SignInText.SessionExpired);
    expect(SignInToastText.LoginLinkSent).toBe(SignInText.LoginLinkSent);
    expect(SignInToastText.EmailVerified).toBe(SignInText.EmailVerified);
    expect(SignInErrorText.CredentialsNotValid).toBe(PasswordText.CredentialsNotValid);
    expect(SignInErrorText.WeakPassword).toBe(PasswordText.WeakPassword);
    expect(SignInErrorText.VerifyEmail).toBe(PasswordText.VerifyEmail);
    expect(SignInErrorText.PasswordRequired).toBe(PasswordText.PasswordRequired);
  });

  it('reads code, status and message from what a call threw', () => {
    expect(signInFailureOf(new ApiError('INVALID_OR_EXPIRED_TOKEN', 'Session has expired', 401))).toEqual({
      code: 'INVALID_OR_EXPIRED_TOKEN',
      httpStatus: 401,
      message: 'Session has expired',
    });
    expect(signInFailureOf(new Error('boom'))).toEqual({ message: 'boom' });
    expect(signInFailureOf('boom')).toEqual({});
  });
});

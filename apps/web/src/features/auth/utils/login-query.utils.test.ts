import { describe, expect, it } from 'vitest';
import {
  hasLoginNoticeQuery,
  type LoginPageNotice,
  loginPageNoticeFromQuery,
  signInMethodName,
  withoutLoginNoticeQuery,
} from './login-query.utils';

describe('loginPageNoticeFromQuery', () => {
  it.each<[string, LoginPageNotice]>([
    ['', { kind: 'none' }],
    ['notice=verify-email', { kind: 'confirmation-sent' }],
    ['notice=something-new', { kind: 'none' }],
    ['link=email', { kind: 'retry-with-method', method: 'email' }],
    ['link=google', { kind: 'retry-with-method', method: 'google' }],
    ['link=microsoft', { kind: 'retry-with-method', method: 'microsoft' }],
    ['link=myspace', { kind: 'failed' }],
    ['error=not-recognized', { kind: 'not-recognized' }],
    ['error=state', { kind: 'failed' }],
    ['error=failed', { kind: 'failed' }],
    ['error=anything', { kind: 'failed' }],
    ['error=state&notice=verify-email', { kind: 'failed' }],
  ])('?%s', (query, expected) => {
    expect(loginPageNoticeFromQuery(new URLSearchParams(query))).toEqual(expected);
  });

  it('drops only its own keys from the address', () => {
    const search = new URLSearchParams('error=state&utm=1');
    expect(hasLoginNoticeQuery(search)).toBe(true);
    expect(withoutLoginNoticeQuery(search).toString()).toBe('utm=1');
    expect(hasLoginNoticeQuery(new URLSearchParams('utm=1'))).toBe(false);
  });

  it('names the sign-in methods for the retry modal', () => {
    expect(signInMethodName('email')).toBe('an email login link');
    expect(signInMethodName('google')).toBe('Google');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { failureText, newPasswordFieldError, weakPasswordErrorOf } from './password-field.utils';

describe('newPasswordFieldError', () => {
  it('says nothing before the field was touched', () => {
    expect(newPasswordFieldError('short', { email: 'dana@harbor.example', isTouched: false })).toBeNull();
  });

  it('asks for a password, then says why it is too weak', () => {
    const touched = { email: 'dana@harbor.example', isTouched: true };
    expect(newPasswordFieldError('', touched)).toEqual({ text: 'Enter a new password' });
    expect(newPasswordFieldError('short', touched)).toEqual({
      text: 'Password is too weak',
      reason: 'Use at least 12 characters.',
    });
    expect(newPasswordFieldError('dana-likes-tea-42', touched)).toEqual({
      text: 'Password is too weak',
      reason: 'It must not contain the name of your e-mail address.',
    });
    expect(newPasswordFieldError('lantern-orbit-tulip-42', touched)).toBeNull();
  });
});

describe('server refusals', () => {
  it('reads the reason of WEAK_PASSWORD and nothing else', () => {
    const weak = new ApiError('WEAK_PASSWORD', 'Password is too weak', 422, [
      { path: 'new_password', message: 'This is one of the most commonly used passwords.' },
    ]);
    expect(weakPasswordErrorOf(weak)).toEqual({
      text: 'Password is too weak',
      reason: 'This is one of the most commonly used passwords.',
    });
    expect(weakPasswordErrorOf(new ApiError('OTHER', 'x', 422))).toBeNull();
  });

  it('never shows the text of a 5xx', () => {
    expect(failureText(new ApiError('INTERNAL', 'pg: boom', 500))).toBe('Something went wrong');
    expect(
      failureText(new ApiError('CURRENT_PASSWORD_NOT_VALID', 'Current password is not correct', 422)),
    ).toBe('Current password is not correct');
  });
});

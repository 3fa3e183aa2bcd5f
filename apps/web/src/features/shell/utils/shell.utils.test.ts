import { describe, expect, it } from 'vitest';
import { parentLogoSource, shouldShowParentLogo } from './shell.utils';

describe('shouldShowParentLogo', () => {
  it.each([
    ['admin', false, false],
    ['admin', true, true],
    ['parent', false, true],
    ['user', false, true],
    ['healnow', false, true],
    ['alpha', false, true],
  ] as const)('%s, processor audit %s -> %s', (user_type, processor_audit_user, expected) => {
    expect(shouldShowParentLogo({ user_type, processor_audit_user })).toBe(expected);
  });

  it('shows the base64 PNG as a data URL', () => {
    expect(parentLogoSource('iVBOR')).toBe('data:image/png;base64,iVBOR');
  });
});

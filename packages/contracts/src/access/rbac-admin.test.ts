import { describe, expect, it } from 'vitest';
import { nextFieldAccess, renamedRoleName } from './rbac-admin';

describe('custom-field access transitions', () => {
  it('goes absent -> show -> require and back', () => {
    expect(nextFieldAccess(null, 'show')).toEqual({ ok: true, level: 'show' });
    expect(nextFieldAccess('show', 'require')).toEqual({ ok: true, level: 'require' });
    expect(nextFieldAccess('require', 'unrequire')).toEqual({ ok: true, level: 'show' });
    expect(nextFieldAccess('show', 'hide')).toEqual({ ok: true, level: null });
  });

  it('ensures show when Required is checked on a hidden field', () => {
    expect(nextFieldAccess(null, 'require')).toEqual({ ok: true, level: 'require' });
  });

  it('refuses to hide a required field', () => {
    expect(nextFieldAccess('require', 'hide')).toEqual({ ok: false, reason: 'cannot_hide_required' });
  });

  it('keeps a required field required when it is shown, and a hidden one hidden when un-required', () => {
    expect(nextFieldAccess('require', 'show')).toEqual({ ok: true, level: 'require' });
    expect(nextFieldAccess(null, 'unrequire')).toEqual({ ok: true, level: null });
  });
});

describe('role rename', () => {
  it('trims, and falls back to the current name when nothing is left', () => {
    expect(renamedRoleName('  Host  ', 'Greeter')).toBe('Host');
    expect(renamedRoleName('   ', 'Greeter')).toBe('Greeter');
    expect(renamedRoleName(undefined, 'Greeter')).toBe('Greeter');
  });
});

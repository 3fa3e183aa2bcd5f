import { describe, expect, it } from 'vitest';
import { isSandboxRoute, shouldStartTourByItself, tourKindOf, tourSteps } from './tours';

describe('tours', () => {
  it('gives partners and merchants their tour and staff none', () => {
    expect(tourKindOf({ user_type: 'parent', is_demo_user: false })).toBe('partner');
    expect(tourKindOf({ user_type: 'healnow', is_demo_user: false })).toBe('partner');
    expect(tourKindOf({ user_type: 'user', is_demo_user: false })).toBe('merchant');
    expect(tourKindOf({ user_type: 'alpha', is_demo_user: false })).toBe('merchant');
    expect(tourKindOf({ user_type: 'admin', is_demo_user: false })).toBeNull();
    expect(tourKindOf({ user_type: 'user', is_demo_user: true })).toBeNull();
  });

  it('knows the sandbox certification routes', () => {
    expect(isSandboxRoute('/certification-page')).toBe(true);
    expect(isSandboxRoute('/developer-certification/abc')).toBe(true);
    expect(isSandboxRoute('/certification-pages')).toBe(false);
    expect(isSandboxRoute('/home')).toBe(false);
  });

  it('starts by itself only once and never on a sandbox route', () => {
    const merchant = { user_type: 'user', is_demo_user: false } as const;
    expect(shouldStartTourByItself(merchant, [], '/home')).toBe(true);
    expect(shouldStartTourByItself(merchant, ['merchant'], '/home')).toBe(false);
    expect(shouldStartTourByItself(merchant, ['partner'], '/home')).toBe(true);
    expect(shouldStartTourByItself(merchant, [], '/certification-page')).toBe(false);
    expect(shouldStartTourByItself({ user_type: 'admin', is_demo_user: false }, [], '/home')).toBe(false);
  });

  it('keeps each tour short', () => {
    for (const steps of Object.values(tourSteps)) expect(steps.length).toBeLessThanOrEqual(5);
  });
});

import { describe, expect, it } from 'vitest';
import { isSandboxRoute, tourKindOf, tourStartsByItself, tourSteps } from './tours';

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

  it('starts by itself only until seen, and never in a mimic session', () => {
    expect(tourStartsByItself('merchant', [], false)).toBe(true);
    expect(tourStartsByItself('merchant', ['merchant'], false)).toBe(false);
    expect(tourStartsByItself('merchant', ['partner'], false)).toBe(true);
    expect(tourStartsByItself('merchant', [], true)).toBe(false);
    expect(tourStartsByItself(null, [], false)).toBe(false);
  });

  it('keeps each tour short', () => {
    for (const steps of Object.values(tourSteps)) expect(steps.length).toBeLessThanOrEqual(5);
  });
});

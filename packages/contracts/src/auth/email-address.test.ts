import { describe, expect, it } from 'vitest';
import { isValidEmailAddress, normalizeEmailAddress } from './email-address';

describe('normalizeEmailAddress', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmailAddress('  Sam.Rivera@HarborLaneCoffee.EXAMPLE \n')).toBe(
      'sam.rivera@harborlanecoffee.example',
    );
  });
});

describe('isValidEmailAddress', () => {
  it('accepts an ordinary address', () => {
    expect(isValidEmailAddress('owner@copperkettle.example')).toBe(true);
  });

  it.each([
    '',
    'owner',
    'owner@',
    '@copperkettle.example',
    'a b@c.example',
    'a@@b.example',
  ])('refuses %j', (value) => {
    expect(isValidEmailAddress(value)).toBe(false);
  });

  it('refuses an address longer than SMTP can carry', () => {
    expect(isValidEmailAddress(`${'a'.repeat(64)}@${'b'.repeat(200)}.example`)).toBe(false);
  });
});

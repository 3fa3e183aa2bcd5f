import { describe, expect, it } from 'vitest';
import { isCardRateBelowFloor, subpricingBody } from './subpricing';

describe('isCardRateBelowFloor', () => {
  it.each([
    ['2.90+0.30', '2.90+0.30', false],
    ['3.00+0.30', '2.90+0.30', false],
    ['2.89+0.30', '2.90+0.30', true],
    ['2.90+0.29', '2.90+0.30', true],
    ['4+0.10', '2.90+0.30', true],
    ['2.9+0.3', '2.90+0.30', false],
    // Interchange-plus has no flat floor.
    ['IC+10bps+5c', '2.90+0.30', false],
  ])('%s against %s: %s', (rate, floor, isBelow) => {
    expect(isCardRateBelowFloor(rate, floor)).toBe(isBelow);
  });
});

describe('subpricingBody', () => {
  const clientId = '00000000-0000-4000-8000-000000000001';
  it('reads amounts as cents and refuses unknown keys', () => {
    expect(subpricingBody.parse({ client_id: clientId, mcc_code: '5814', etf: '1.5' }).etf).toBe(150);
    expect(subpricingBody.safeParse({ client_id: clientId, mcc_code: '5814', extra: 1 }).success).toBe(false);
    expect(subpricingBody.safeParse({ client_id: clientId, mcc_code: '5814', etf: '-1' }).success).toBe(
      false,
    );
  });
});

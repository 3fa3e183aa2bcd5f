import { describe, expect, it } from 'vitest';
import { buildClients } from './build-clients';
import { buildMerchantProfiles, parsePricing } from './merchant-profiles';
import { createSeedContext } from './seed-context';

describe('parsePricing', () => {
  it('reads flat-percent pricing as basis points and cents', () => {
    expect(parsePricing('2.90+0.30')).toEqual({ bps: 290, itemCents: 30 });
    expect(parsePricing('0.25+0.25')).toEqual({ bps: 25, itemCents: 25 });
  });

  it('reads interchange-plus pricing on top of the estimated interchange', () => {
    expect(parsePricing('IC+10bps+5c')).toEqual({ bps: 190, itemCents: 5 });
  });

  it('refuses anything else', () => {
    expect(() => parsePricing('2.9%')).toThrow('Unrecognised pricing string');
  });
});

describe('buildMerchantProfiles', () => {
  const ctx = createSeedContext(
    new Date('2025-06-15'),
    { providerDomain: 'p.example', partnerDomains: [] },
    (p) => p,
  );
  const profiles = buildMerchantProfiles(buildClients(ctx));

  it('gives each transacting merchant a contiguous range of volume slots', () => {
    let next = 0;
    for (const profile of profiles) {
      expect(profile.slot_lo).toBe(next);
      expect(profile.slot_hi).toBeGreaterThan(profile.slot_lo);
      next = profile.slot_hi;
    }
  });

  it('keeps history within 13 months and ends it no later than yesterday', () => {
    for (const profile of profiles) {
      expect(profile.first_day_back).toBeLessThanOrEqual(395);
      expect(profile.last_day_back).toBeGreaterThanOrEqual(1);
      expect(profile.first_day_back).toBeGreaterThanOrEqual(profile.last_day_back);
    }
  });
});

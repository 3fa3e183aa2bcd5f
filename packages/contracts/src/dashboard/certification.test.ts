import { describe, expect, it } from 'vitest';
import {
  certificationProgressPercent,
  completedCertificationCategories,
  isCertificationComplete,
} from './certification';

describe('certification progress (each category counts as one third)', () => {
  it('is 0 with nothing passed', () => {
    expect(certificationProgressPercent({ charges: 0, refunds: 0, reporting: 0 })).toBe(0);
  });

  it('counts a category once, however many of its tests passed', () => {
    expect(completedCertificationCategories({ charges: 2, refunds: 0, reporting: 0 })).toBe(1);
    expect(certificationProgressPercent({ charges: 2, refunds: 0, reporting: 0 })).toBe(33);
    expect(certificationProgressPercent({ charges: 2, refunds: 1, reporting: 0 })).toBe(67);
  });

  it('gives 100 only on completion', () => {
    expect(certificationProgressPercent({ charges: 1, refunds: 1, reporting: 1 })).toBe(100);
    expect(isCertificationComplete({ charges: 1, refunds: 1, reporting: 1 })).toBe(true);
    expect(isCertificationComplete({ charges: 3, refunds: 3, reporting: 0 })).toBe(false);
  });
});

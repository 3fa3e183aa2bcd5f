import { describe, expect, it } from 'vitest';
import { countClientsByLevel, isDashboardCardShownTo } from './clients-meta';

describe('countClientsByLevel', () => {
  it('counts merchants and parents of the list', () => {
    expect(countClientsByLevel([{ level: 'Merchant' }, { level: 'Parent' }, { level: 'Merchant' }])).toEqual({
      Merchant: 2,
      Parent: 1,
    });
    expect(countClientsByLevel([])).toEqual({ Merchant: 0, Parent: 0 });
  });
});

describe('dashboard metrics cards', () => {
  it('shows the Merchants card to admin and parent only', () => {
    expect(isDashboardCardShownTo('merchants', 'admin')).toBe(true);
    expect(isDashboardCardShownTo('merchants', 'parent')).toBe(true);
    expect(isDashboardCardShownTo('merchants', 'user')).toBe(false);
    expect(isDashboardCardShownTo('merchants', 'healnow')).toBe(false);
  });

  it('shows the Parents, Open Risk Alerts and Open Ops Alerts cards to admin only', () => {
    for (const card of ['parents', 'openRiskAlerts', 'openOpsAlerts'] as const) {
      expect(isDashboardCardShownTo(card, 'admin')).toBe(true);
      expect(isDashboardCardShownTo(card, 'parent')).toBe(false);
      expect(isDashboardCardShownTo(card, 'user')).toBe(false);
      expect(isDashboardCardShownTo(card, 'healnow')).toBe(false);
      expect(isDashboardCardShownTo(card, 'alpha')).toBe(false);
    }
  });
});

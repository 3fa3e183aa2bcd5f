import { describe, expect, it } from 'vitest';
import {
  processorsWithParentDefaults,
  ratesWithParentDefaults,
  settingsWithParentDefaults,
} from './account-from-enrollment';

describe('processorsWithParentDefaults', () => {
  it("fills only what the application left out from the parent's defaults", () => {
    expect(
      processorsWithParentDefaults(
        { payment: 'fis', ach: null, terminals: null },
        { payment: 'epx', ach: 'propay', terminals: 'pax' },
      ),
    ).toEqual({ payment: 'fis', ach: 'propay', terminals: 'pax' });
  });

  it('ignores a stored default outside the known lists', () => {
    expect(
      processorsWithParentDefaults(
        { payment: null, ach: null, terminals: null },
        { payment: 'stripe', ach: 'wire', terminals: 'clover' },
      ),
    ).toEqual({ payment: null, ach: null, terminals: null });
  });
});

describe('ratesWithParentDefaults', () => {
  it("keeps the application's rates and takes the parent's for the missing ones", () => {
    expect(
      ratesWithParentDefaults(
        { cardRate: 'IC+35bps+10c', achRate: null, cryptoRate: null },
        { card_rate: '2.75+0.25', ach_rate: '0.80+0.30' },
      ),
    ).toEqual({ cardRate: 'IC+35bps+10c', achRate: '0.80+0.30', cryptoRate: null });
  });
});

describe('settingsWithParentDefaults', () => {
  const none = {
    avgTicketCents: null,
    highTicketCents: null,
    monthlyVolumeCents: null,
    monthlyHighVolumeCents: null,
    revShare: null,
  };

  it("keeps the application's figures and takes the parent's for the missing ones", () => {
    expect(
      settingsWithParentDefaults(
        { ...none, avgTicketCents: 4_200, revShare: '20.00' },
        { avg_ticket_cents: 7_500, high_ticket_cents: 400_000, rev_share: 35, pause_settlement: true },
      ),
    ).toEqual({
      config: {
        avgTicketCents: 4_200,
        highTicketCents: 400_000,
        monthlyVolumeCents: null,
        monthlyHighVolumeCents: null,
        pauseSettlement: true,
      },
      pricing: { revShare: 20 },
    });
  });

  it('leaves the column defaults alone when neither sets a value, and ignores an unusable amount', () => {
    expect(settingsWithParentDefaults(none, { high_ticket_cents: -5 })).toEqual({
      config: { avgTicketCents: null, monthlyVolumeCents: null, monthlyHighVolumeCents: null },
      pricing: {},
    });
  });
});

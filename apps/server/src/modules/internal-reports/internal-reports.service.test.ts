import { describe, expect, it } from 'vitest';
import { toReportRow } from './internal-reports.service';

describe('toReportRow', () => {
  it('turns cents into decimal strings without the suffix and timestamps into ISO strings', () => {
    expect(
      toReportRow({
        month: '2026-05',
        merchant: 'Harbor Lane Coffee Roasters',
        transaction_count: 12,
        gross_cents: '123456',
        fee_cents: -5,
        amount_cents: 7n,
        high_ticket_limit_cents: null,
        changed_at: new Date('2026-05-01T12:30:00Z'),
        is_active_now: true,
      }),
    ).toEqual({
      month: '2026-05',
      merchant: 'Harbor Lane Coffee Roasters',
      transaction_count: 12,
      gross: '1234.56',
      fee: '-0.05',
      amount: '0.07',
      high_ticket_limit: null,
      changed_at: '2026-05-01T12:30:00.000Z',
      is_active_now: true,
    });
  });

  it('refuses a money column that is not whole cents', () => {
    expect(() => toReportRow({ gross_cents: '12.5' })).toThrow();
  });
});

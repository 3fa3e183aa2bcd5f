import { parseDecimalToCents } from '@portico/contracts/money/money';
import type { PayoutRow, StatementRow } from '@portico/contracts/statements/statements';
import { type SearchRow, searchTotalsItemOfRow } from '@portico/contracts/transactions/search';
import { searchTotals } from '@portico/contracts/transactions/search-totals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../../test/auth-helpers';
import { buildTestApp, testFieldCipher } from '../../../test/build-test-app';
import { demo, demoDomains } from '../../../test/demo-data';
import { seedDemoData } from '../../db/seed/seed-demo-data';
import { queryRows } from '../../db/sql-rows';

// The demo data's books, merchant by merchant and month by month: what a statement says agrees with
// the payouts posted for it and with the Transactions report over the same days.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  ctx = await buildTestApp();
  const seeded = await seedDemoData(
    ctx.database,
    {
      transactions: 800,
      anchorDate: new Date('2025-06-15T08:30:00Z'),
      ...demoDomains,
      encrypt: testFieldCipher().encrypt,
    },
    { info: () => {} },
  );
  expect(seeded.seeded).toBe(true);
}, 300_000);
afterAll(() => ctx.close());

const cents = (decimal: string) => {
  const value = parseDecimalToCents(decimal);
  if (value === null) throw new Error(`Not money: ${decimal}`);
  return value;
};

const lastDayOf = (yearMonth: string) => {
  const [year = 0, month = 1] = yearMonth.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};

describe('every demo statement', () => {
  it('has net deposited = its month’s payouts + pending, and the report’s gross and net over its days', async () => {
    const posted = await queryRows(
      ctx.app.db,
      sql`select client_id::text as client_id, to_char(month, 'YYYY-MM') as month from statements
        order by client_id, month`,
    );
    expect(posted.length).toBeGreaterThan(20);
    const payoutsByMerchant = new Map<string, PayoutRow[]>();
    let withCash = 0;
    for (const { client_id: merchant, month } of posted as { client_id: string; month: string }[]) {
      const tab = await callAs(
        ctx.app,
        demo.admin,
        'GET',
        `/api/statement?year-month=${month}&merchant_id=${merchant}`,
      );
      expect(tab.statusCode, tab.body).toBe(200);
      const [statement] = tab.json().message as StatementRow[];
      if (!statement) throw new Error(`No statement for ${merchant} ${month}`);
      const { figures, reconciliation } = statement;
      if (cents(figures.cash_recorded) !== 0) withCash += 1;

      // The payouts tab's payouts of this statement month, plus what is pending, are net deposited.
      if (!payoutsByMerchant.has(merchant)) {
        const res = await callAs(ctx.app, demo.admin, 'GET', `/api/payouts?merchant_id=${merchant}`);
        expect(res.statusCode, res.body).toBe(200);
        payoutsByMerchant.set(merchant, res.json().message);
      }
      const ofMonth = (payoutsByMerchant.get(merchant) ?? []).filter(
        (p) => p.payout_details.statement_month === month,
      );
      const paid = ofMonth.reduce((sum, p) => sum + cents(p.payout_details.amount), 0);
      const where = `${merchant} ${month}`;
      expect(paid + cents(reconciliation.pending), where).toBe(cents(figures.net_deposited));
      expect(reconciliation.payouts.map((p) => p.id).sort(), where).toEqual(
        ofMonth.map((p) => p.payout_details.id).sort(),
      );
      expect(cents(reconciliation.total), where).toBe(cents(figures.net_deposited));
      // One gross and one net on the page: the Month totals say the same as the figures.
      expect(statement.total_amount, where).toBe(figures.gross);
      expect(statement.net, where).toBe(figures.net);

      // The Transactions report over the same (UTC) days: its gross and net totals.
      const search = await callAs(ctx.app, demo.admin, 'POST', '/api/v1/report/search', {
        start_date: `${month}-01T00:00:00.000Z`,
        end_date: `${lastDayOf(month)}T23:59:59.999Z`,
        merchant_id: merchant,
      });
      expect(search.statusCode, search.body).toBe(200);
      const rows = search.json().message.value as SearchRow[];
      const report = searchTotals(rows.map(searchTotalsItemOfRow));
      expect(report.grossCents, where).toBe(cents(figures.gross));
      expect(report.netCents, where).toBe(cents(figures.net));
    }
    // The demo merchants take cash: the rule is tested where it matters.
    expect(withCash).toBeGreaterThan(0);
  }, 300_000);
});

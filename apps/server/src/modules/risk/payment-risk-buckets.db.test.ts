import {
  paymentRailOfTransactionType,
  transactionTypes,
} from '@portico/contracts/transactions/transaction-enums';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCardPayment, buildClient } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/client';
import { queryRows } from '../../db/sql-rows';
import { findPaymentRiskFigures, type PaymentRiskFigures } from './risk.repository';

// For speed, a payment's risk figures are read from payment_risk_buckets (kept by the triggers of
// migration 0019) and the rows of two partial minutes. They must be exactly the sums over the rows,
// as the monitoring lists compute them: the reference below is the plain scan they replaced.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

// The figures by scanning every row of the window: the definition the buckets must meet.
async function scannedFigures(clientId: string, at: Date, amountCents: number, isRecorded: boolean) {
  const own = isRecorded ? 1 : 0;
  const iso = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const payments = transactionTypes.filter((type) => paymentRailOfTransactionType(type) !== null);
  const amount = sql`${amountCents * own}::numeric`;
  const n = sql`(s.n - ${own}::int)`;
  const [row] = await queryRows(
    database.db,
    sql`select ${n}::text as prior_n,
        ((s.total - ${amount}) / nullif(${n}, 0))::text as prior_mean,
        ((s.squares - ${amount} * ${amount}) / nullif(${n}, 0)
          - ((s.total - ${amount}) / nullif(${n}, 0)) ^ 2)::text as prior_variance,
        (s.hour_n + ${1 - own}::int)::text as hour_n
      from (
        select count(*) as n, sum(t.amount_cents::numeric) as total,
          sum(t.amount_cents::numeric * t.amount_cents) as squares,
          count(*) filter (where t.created_at >= ${iso(at.getTime() - hour)}) as hour_n
        from transactions t
        where t.client_id = ${clientId}
          and t.created_at >= ${iso(at.getTime() - 30 * day)} and t.created_at <= ${iso(at.getTime())}
          and t.type::text in (${sql.join(
            payments.map((type) => sql`${type}`),
            sql`, `,
          )})
          and t.payment_status is distinct from false
      ) s`,
  );
  return row;
}

// Numbers, not texts: the two sums may print a numeric with another scale.
const numbersOf = (
  figures: Pick<PaymentRiskFigures, 'prior_n' | 'prior_mean' | 'prior_variance' | 'hour_n'>,
) => ({
  n: Number(figures.prior_n),
  mean: figures.prior_mean === null ? null : Number(figures.prior_mean),
  variance: figures.prior_variance === null ? null : Number(figures.prior_variance),
  hour: Number(figures.hour_n),
});

async function expectBucketsToMatchRows(clientId: string, at: Date) {
  for (const isRecorded of [false, true]) {
    const read = await findPaymentRiskFigures(
      database.db,
      { clientId, amountCents: 4_321, createdAt: at },
      isRecorded,
    );
    const scanned = await scannedFigures(clientId, at, 4_321, isRecorded);
    if (!scanned) throw new Error('the scan answered no row');
    expect(numbersOf(read)).toEqual(
      numbersOf({
        prior_n: String(scanned.prior_n),
        prior_mean: scanned.prior_mean === null ? null : String(scanned.prior_mean),
        prior_variance: scanned.prior_variance === null ? null : String(scanned.prior_variance),
        hour_n: String(scanned.hour_n),
      }),
    );
  }
}

async function insertPayments(
  clientId: string,
  rows: { at: number; cents: number; type?: string; status?: SQL }[],
) {
  // One statement for all: the statement trigger groups them.
  await database.db.execute(sql`
    insert into transactions (client_id, type, action, action_mode, amount_cents, payment_status, status,
      processor, payment_method, created_at)
    values ${sql.join(
      rows.map(
        (row) =>
          sql`(${clientId}, ${row.type ?? 'charge'}, 'sale', 'charge', ${row.cents}, ${row.status ?? sql`true`},
            'Approved', 'fis', 'card', ${new Date(row.at).toISOString()}::timestamptz)`,
      ),
      sql`, `,
    )}`);
}

describe('payment_risk_buckets', () => {
  it('counts the payment types of contracts, not declined ones, and undo types not at all', async () => {
    const merchant = await buildClient(database.db);
    const dayCount = async () => {
      const [row] = await queryRows(
        database.db,
        sql`select coalesce(sum(n), 0)::int as n from payment_risk_buckets
          where client_id = ${merchant.id} and span = 'day'`,
      );
      return Number(row?.n);
    };
    for (const type of transactionTypes) {
      const before = await dayCount();
      await insertPayments(merchant.id, [{ at: Date.now() - hour, cents: 1_000, type }]);
      expect({ type, counted: (await dayCount()) - before }).toEqual({
        type,
        counted: paymentRailOfTransactionType(type) === null ? 0 : 1,
      });
    }
    const before = await dayCount();
    await insertPayments(merchant.id, [
      { at: Date.now() - hour, cents: 1_000, status: sql`false` },
      { at: Date.now() - hour, cents: 1_000, status: sql`null` },
    ]);
    expect((await dayCount()) - before).toBe(1);
  });

  it('gives exactly the figures of the rows, at every edge of the trailing days and hour', async () => {
    const merchant = await buildClient(database.db);
    const other = await buildClient(database.db);
    // A fixed instant a few seconds into a minute, so both windows start inside a minute.
    const at = new Date(Math.floor(Date.now() / minute) * minute - 5 * minute + 17_345);
    const t = at.getTime();
    const edges = [
      t - 30 * day - 1,
      t - 30 * day,
      t - 30 * day + 1,
      t - 30 * day + 40_000,
      t - 30 * day + minute,
      t - 30 * day + hour + 5,
      t - 30 * day + day - 1,
      t - 29 * day,
      t - 31 * day,
      t - 45 * day,
      t - hour - 1,
      t - hour,
      t - hour + 1,
      t - hour + 30_000,
      t - hour + 2 * minute,
      t - 10 * minute,
      t - 1,
      t,
      t + 1,
      t + minute,
      t + day,
    ];
    await insertPayments(
      merchant.id,
      edges.map((at, index) => ({ at, cents: 1_000 + index * 137 })),
    );
    // Rows the rules do not count, at the edges too.
    await insertPayments(merchant.id, [
      { at: t - 30 * day + 2, cents: 5_000, type: 'refund' },
      { at: t - hour + 2, cents: 5_000, status: sql`false` },
      { at: t + 2, cents: 5_000, type: 'void' },
    ]);
    // Bulk, spread over the month with uneven amounts, some declined, some not payments.
    await insertPayments(
      merchant.id,
      Array.from({ length: 300 }, (_, index) => ({
        at: t - ((index * 7_919_993) % (32 * day)),
        cents: 500 + ((index * 7_121) % 90_000),
        ...(index % 17 === 0 ? { status: sql`false` } : {}),
        ...(index % 23 === 0 ? { type: 'refund' } : {}),
      })),
    );
    // Another merchant's payments count for it only.
    await insertPayments(other.id, [{ at: t - minute, cents: 99_999 }]);
    await buildCardPayment(database.db, { clientId: merchant.id, createdAt: new Date(t - 3 * minute) });
    for (const offset of [0, -1, 1, -30_000, 59_999, -hour, -day + 1]) {
      await expectBucketsToMatchRows(merchant.id, new Date(t + offset));
    }
    await expectBucketsToMatchRows(other.id, at);
  });

  it('follows deletes and updates of payments', async () => {
    const merchant = await buildClient(database.db);
    const at = new Date();
    const t = at.getTime();
    await insertPayments(
      merchant.id,
      Array.from({ length: 40 }, (_, index) => ({
        at: t - index * 3 * hour - index * 1_111,
        cents: 700 + index * 31,
      })),
    );
    await database.db.execute(
      sql`update transactions set amount_cents = amount_cents * 3 where client_id = ${merchant.id}
        and created_at > ${new Date(t - 2 * day).toISOString()}::timestamptz`,
    );
    await database.db.execute(
      sql`update transactions set payment_status = false where client_id = ${merchant.id}
        and created_at < ${new Date(t - 5 * day).toISOString()}::timestamptz
        and created_at > ${new Date(t - 6 * day).toISOString()}::timestamptz`,
    );
    await database.db.execute(
      sql`delete from transactions where client_id = ${merchant.id}
        and created_at < ${new Date(t - 3 * day).toISOString()}::timestamptz
        and created_at > ${new Date(t - 4 * day).toISOString()}::timestamptz`,
    );
    await expectBucketsToMatchRows(merchant.id, at);
    await expectBucketsToMatchRows(merchant.id, new Date(t - 2 * hour));
  });
});

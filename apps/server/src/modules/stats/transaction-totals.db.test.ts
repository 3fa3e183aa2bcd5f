import { zonedDayStartMs } from '@portico/contracts/grid/zoned-time';
import { actionModes, proPayStatuses } from '@portico/contracts/transactions/transaction-enums';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import type { ReportScope } from '../../access/report-access';
import type { DatabaseHandle } from '../../db/client';
import { subEntities } from '../../db/schema/access';
import { queryRows } from '../../db/sql-rows';
import { housekeepingJob } from '../../jobs/housekeeping.job';
import { grossCentsSql, isNotFailedPaymentSql } from '../reporting/gross-sql';
import { reportScopeFilter } from '../reporting/reporting.repository';
import { readWindowTotals } from './stats.repository';

// The dashboard reads its windows from transaction_totals (kept by the triggers of migration 0041)
// and the rows of partial hours. Its figures must be exactly those of a scan of the rows, in every
// zone (whole-hour, half-hour and quarter-hour offsets, summer time), for every scope, after inserts,
// updates and deletes.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const hour = 3_600_000;
const day = 24 * hour;
// A summer-time change (Sydney's, New York's) and a year's end inside the span the rows cover.
const spanStart = Date.UTC(2026, 2, 1);
const spanDays = 60;

// The figures of one window by scanning its rows: the definition the totals must meet.
async function scannedTotals(scope: ReportScope, timezone: string, start: string, end: string) {
  const dayStart = (dayText: string) => sql`((${dayText}::date)::timestamp at time zone ${timezone})`;
  const [row] = await queryRows(
    database.db,
    sql`select count(*) filter (where ${sql.raw(isNotFailedPaymentSql('t'))})::int as n,
        coalesce(sum(${sql.raw(grossCentsSql('t'))}), 0)::bigint::text as g
      from transactions t
      where ${reportScopeFilter(scope)} and t.created_at >= ${dayStart(start)}
        and t.created_at < (((${end}::date + 1)::timestamp) at time zone ${timezone})`,
  );
  return { transactions: Number(row?.n), grossCents: Number(row?.g) };
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// `id in` these ids; none is a list that matches nothing.
const idsIn = (ids: readonly string[]) => sql`(null::uuid${sql.join(ids.map((id) => sql`, ${id}::uuid`))})`;

describe('transaction_totals', () => {
  it('sums gross by the same rule as the reports, for every action, status and ACH outcome', async () => {
    const [row] = await queryRows(
      database.db,
      sql`select count(*)::int as differing from (
          select a.mode::action_mode as action_mode, s.status as payment_status,
            p.pro::pro_pay_status as pro_pay_status, 1234::bigint as amount_cents
          from unnest(${sql.raw(`array[${actionModes.map((m) => `'${m}'`).join(',')}]`)}) a(mode)
          cross join (values (true), (false), (null::boolean)) s(status)
          cross join (select unnest(${sql.raw(`array[${proPayStatuses.map((p) => `'${p}'`).join(',')}]`)}) union all select null) p(pro)
        ) r
        where transaction_gross_cents(r.pro_pay_status::text, r.payment_status, r.action_mode::text, r.amount_cents)
          is distinct from ${sql.raw(grossCentsSql('r'))}`,
    );
    expect(row?.differing).toBe(0);
  });

  it('gives the figures of the rows for any window, zone and scope, after inserts, updates and deletes', async () => {
    const merchant = await buildClient(database.db);
    const other = await buildClient(database.db);
    const [front, back] = await database.db
      .insert(subEntities)
      .values([
        { clientId: merchant.id, name: 'Front desk' },
        { clientId: merchant.id, name: 'Back office' },
      ])
      .returning({ id: subEntities.id });
    if (!front || !back) throw new Error('no locations');
    const row = fc.record({
      client: fc.constantFrom(merchant.id, other.id),
      location: fc.constantFrom<'front' | 'back' | null>('front', 'back', null),
      // Within two hours of the window's first or last midnight in its zone, on or next to a quarter
      // hour, or anywhere in the span.
      place: fc.oneof(
        fc.record({
          edge: fc.constantFrom<'start' | 'end'>('start', 'end'),
          quarter: fc.integer({ min: -8, max: 8 }),
          nudge: fc.constantFrom(-1, 0, 1, 431_000),
        }),
        fc.record({ edge: fc.constant<'any'>('any'), at: fc.integer({ min: 0, max: spanDays * day - 1 }) }),
      ),
      mode: fc.constantFrom(...actionModes),
      status: fc.constantFrom<boolean | null>(true, false, null),
      ach: fc.constantFrom<string | null>(null, null, null, 'ACHInReturned', 'ACHInRejected'),
      cents: fc.integer({ min: 1, max: 900_000 }),
    });
    const zones = [
      'UTC',
      'America/New_York',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Adelaide',
      'Pacific/Kiritimati',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(...zones),
        fc.integer({ min: 1, max: spanDays - 3 }),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom('merchant', 'both', 'front only', 'all'),
        async (rows, timezone, startDay, length, scopeName) => {
          const endDay = Math.min(startDay + length, spanDays - 2);
          const midnight = (dayIndex: number) =>
            zonedDayStartMs(dayText(spanStart + dayIndex * day), timezone) ?? spanStart + dayIndex * day;
          const instantOf = (place: (typeof rows)[number]['place']) =>
            place.edge === 'any'
              ? spanStart + place.at
              : midnight(place.edge === 'start' ? startDay : endDay + 1) +
                place.quarter * 900_000 +
                place.nudge;
          // One statement for the insert (the trigger groups it), then an update and a delete of some.
          const inserted = await queryRows(
            database.db,
            sql`insert into transactions (client_id, sub_entity_id, type, action, action_mode, amount_cents,
                payment_status, pro_pay_status, status, processor, payment_method, created_at)
              values ${sql.join(
                rows.map((r) => {
                  const location =
                    r.client !== merchant.id
                      ? null
                      : r.location === 'front'
                        ? front.id
                        : r.location === 'back'
                          ? back.id
                          : null;
                  return sql`(${r.client}, ${location}, 'charge', 'sale', ${r.mode}, ${r.cents}, ${r.status},
                    ${r.ach}, 'Approved', 'fis', 'card', ${new Date(instantOf(r.place)).toISOString()}::timestamptz)`;
                }),
                sql`, `,
              )}
              returning id::text as id, created_at`,
          );
          const ids = inserted.map((r) => String(r.id));
          await database.db.execute(
            sql`update transactions set payment_status = not coalesce(payment_status, true),
                amount_cents = amount_cents + 7, created_at = created_at + interval '37 minutes'
              where id in ${idsIn(ids.filter((_, i) => i % 3 === 0))}`,
          );
          await database.db.execute(
            sql`delete from transactions where id in ${idsIn(ids.filter((_, i) => i % 5 === 1))}`,
          );
          const scope: ReportScope =
            scopeName === 'all'
              ? { kind: 'all' }
              : scopeName === 'merchant'
                ? { kind: 'clients', clientIds: [merchant.id] }
                : scopeName === 'both'
                  ? { kind: 'clients', clientIds: [merchant.id, other.id] }
                  : {
                      kind: 'clients',
                      clientIds: [merchant.id, other.id],
                      locationLimits: [{ clientId: merchant.id, subEntityIds: [front.id] }],
                    };
          const start = dayText(spanStart + startDay * day);
          const end = dayText(spanStart + endDay * day);
          const [read] = await readWindowTotals(database.db, scope, timezone, [{ start, end }]);
          expect(read).toEqual(await scannedTotals(scope, timezone, start, end));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps 13 months: housekeeping deletes older totals and leaves the rest', async () => {
    const merchant = await buildClient(database.db);
    const monthsAgo = (months: number) => {
      const at = new Date();
      at.setUTCMonth(at.getUTCMonth() - months);
      return at.toISOString();
    };
    await database.db.execute(
      sql`insert into transactions (client_id, type, action, action_mode, amount_cents, payment_status, status,
          processor, payment_method, created_at)
        values (${merchant.id}, 'charge', 'sale', 'charge', 100, true, 'Approved', 'fis', 'card', ${monthsAgo(14)}::timestamptz),
          (${merchant.id}, 'charge', 'sale', 'charge', 200, true, 'Approved', 'fis', 'card', ${monthsAgo(12)}::timestamptz)`,
    );
    const kept = async () =>
      queryRows(
        database.db,
        sql`select span, gross_cents::int as cents from transaction_totals where client_id = ${merchant.id}
          order by span, starts_at`,
      );
    expect(await kept()).toHaveLength(4);
    await housekeepingJob().run({ db: database.db, runKey: 'test', attempt: 1, now: new Date() });
    expect(await kept()).toEqual([
      { span: 'day', cents: 200 },
      { span: 'hour', cents: 200 },
    ]);
  });
});

import { type SQL, sql } from 'drizzle-orm';
import { grossCentsSql } from '../../modules/reporting/gross-sql';
import type { Executor } from '../client';

// Every seeded transaction insert also writes, in the same statement, what the ledgers need from it:
// its share of a small daily summary. The rows are read once, from RETURNING,
// instead of scanning a million transactions again for each ledger.

// A version-4 uuid from 32 hex digits: version nibble 4, variant nibble 8 (RFC 9562), so strict
// validators accept it; the hex is read once.
export function uuidSql(hex: string): string {
  return `overlay(overlay(${hex} placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid`;
}

export function uuidFromHex(hex: SQL | string): SQL {
  if (typeof hex === 'string') return sql.raw(uuidSql(hex));
  const [before = '', after = ''] = uuidSql('\u0000').split('\u0000');
  return sql`${sql.raw(before)}${hex}${sql.raw(after)}`;
}

// coalesce: pro_pay_status is null on most rows, and `not null` would poison the conditions below.
const returned = `coalesce(t.pro_pay_status in ('ACHInReturned', 'ACHInRejected'), false)`;
// A payment that adds to gross; its fee is what the merchant pays (returned items pay -25.00 instead).
const addition = `t.payment_status and t.action_mode in ('settle', 'debit', 'charge', 'apple_pay') and not ${returned}`;

// Per merchant, day, settlement day, processor, payment method and brand. Several inserts append to
// it; every reader sums over its keys, so repeated keys add up.
export async function createDailySummary(tx: Executor): Promise<void> {
  await tx.execute(sql`
    create temp table seed_daily (
      client_id uuid, day date, settlement_date date, processor processor, payment_method text, card_brand text,
      line_type text, n int, gross bigint, gross_without_returns bigint, fees bigint, fee_items int,
      adjustments bigint, chargebacks bigint, net bigint, sales int, sales_volume bigint
    ) on commit drop`);
}

const returnedColumns = `id, client_id, created_at, settlement_date, processor, payment_method, card_brand, payment_status,
  pro_pay_status, action_mode, amount_cents, fee_cents, settlement_amount_cents`;

export type TransactionInsert = {
  // Leading common table expressions (without WITH), or '' when the select needs none.
  ctes: string;
  // Column list of the insert into transactions, parenthesised.
  columns: string;
  select: string;
};

export async function insertTransactionsWithEffects(tx: Executor, insert: TransactionInsert): Promise<void> {
  await tx.execute(
    sql.raw(`
    with ${insert.ctes ? `${insert.ctes},` : ''}
    inserted as (
      insert into transactions ${insert.columns}
      ${insert.select}
      returning ${returnedColumns}
    )
    insert into seed_daily
    select t.client_id, (t.created_at at time zone 'UTC')::date, t.settlement_date, t.processor, t.payment_method,
      t.card_brand,
      case t.payment_method when 'check' then 'ACH' when 'cash' then 'Cash' when 'crypto' then 'Crypto'
        else coalesce(t.card_brand, 'Card') end,
      count(*) filter (where t.payment_status),
      sum(${grossCentsSql('t')}),
      sum(case when ${returned} then 0 else ${grossCentsSql('t')} end),
      sum(case when ${addition} then t.fee_cents else 0 end),
      count(*) filter (where ${addition} and t.fee_cents > 0),
      sum(case when ${returned} then -2500 else 0 end),
      sum(case when t.payment_status and t.action_mode = 'reversal' then -t.amount_cents else 0 end),
      coalesce(sum(t.settlement_amount_cents), 0),
      count(*) filter (where ${addition}),
      coalesce(sum(t.amount_cents) filter (where ${addition}), 0)
    from inserted t
    group by 1, 2, 3, 4, 5, 6, 7`),
  );
}

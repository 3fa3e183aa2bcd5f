import { easternCalendarDateOf, easternUtcOffsetHoursAt } from '@portico/contracts/transactions/eastern-time';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { queryRows } from '../sql-rows';
import { uuidFromHex } from './transaction-effects';

// The demo's day so far. The generated series ends where the anchor day begins, so a fresh start
// would hold nothing a merchant may still void (void is for the same Eastern calendar day, spec 3
// §4). These are copies of each merchant's latest approved card sales, placed between the start of
// the anchor day (or of the Eastern day, when that began later) and a little before now, not
// settled. Only when the anchor day is today: an anchor in the past (tests, benchmarks) has none.

export const todaysSalesPerMerchant = 3;
// Nothing is placed in the last minute: the clock of whoever reads the data may lag a little.
const marginMs = 60_000;
const dayMs = 86_400_000;

// The instant the Eastern calendar day of `now` began (the void window's day, spec 3 §4).
function easternDayStartOf(now: Date): number {
  const day = easternCalendarDateOf(now);
  return Date.parse(`${day}T00:00:00Z`) - easternUtcOffsetHoursAt(now) * 3_600_000;
}

export async function generateTodaysSales(
  tx: Executor,
  input: { anchorStart: Date; now: Date },
): Promise<number> {
  if (input.now.getTime() - input.anchorStart.getTime() >= dayMs) return 0;
  // Within the anchor day and the Eastern day of now, so every copy is still voidable.
  const from = Math.max(input.anchorStart.getTime(), easternDayStartOf(input.now));
  const spanMs = input.now.getTime() - from - marginMs;
  if (spanMs <= 0) return 0;
  const anchor = sql`${input.anchorStart.toISOString()}::timestamptz`;
  const start = sql`${new Date(from).toISOString()}::timestamptz`;
  const span = sql`${spanMs} * interval '1 millisecond'`;
  const rows = await queryRows(
    tx,
    sql`
      with latest as (
        select t.*, row_number() over (partition by t.client_id order by t.created_at desc, t.id) as n
        from transactions t
        where t.created_at >= ${anchor} - interval '45 days' and t.created_at < ${anchor}
          and t.type in ('card', 'cc', 'charge') and t.card_brand is not null
          and t.payment_status and t.request_status and t.status = 'Approved'
          and t.original_transaction_id is null
      ),
      inserted as (
        insert into transactions (
          id, client_id, sub_entity_id, customer_id, type, action, action_mode, amount_cents, fee_cents,
          surcharge_cents, payment_status, request_status, status, card_brand, card_type, pro_pay_status,
          processor, payment_method, last4, token, customer_first_name, customer_last_name, customer_email,
          api_response, third_party_api_response, meta, created_at)
        select
          ${uuidFromHex(sql`md5('today:' || l.id::text)`)}, l.client_id, l.sub_entity_id, l.customer_id, l.type, l.action,
          l.action_mode, l.amount_cents, l.fee_cents, l.surcharge_cents, l.payment_status, l.request_status,
          l.status, l.card_brand, l.card_type, l.pro_pay_status, l.processor, l.payment_method, l.last4,
          l.token, l.customer_first_name, l.customer_last_name, l.customer_email, l.api_response,
          l.third_party_api_response, l.meta,
          ${start} + ${span} * (('x' || substr(md5(l.id::text), 1, 8))::bit(32)::bigint / 4294967296.0)
        from latest l
        where l.n <= ${todaysSalesPerMerchant}
        returning 1
      )
      select count(*)::int as n from inserted`,
  );
  return Number(rows[0]?.n ?? 0);
}

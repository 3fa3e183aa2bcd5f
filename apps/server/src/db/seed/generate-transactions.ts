import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { firstNames, lastNames } from './demo-catalog';
import { exampleDomains } from './people';
import { insertTransactionsWithEffects, uuidSql } from './transaction-effects';

// Transactions are generated set-based, in SQL: every "random" choice is a hash of (seed, row
// number). hashint8extended is the hash PostgreSQL keeps stable across versions and platforms (hash
// partitioning relies on it), so PGlite and PostgreSQL produce the same rows.
//
// Two steps keep a million rows within seconds:
// 1. A pool of row templates: merchant, kind, card, customer, location and the JSON documents, built
//    once (tens of thousands of rows). Customers come back with the same card, as they do in life.
// 2. The transactions: each picks a template and computes only what differs per row (id, moment,
//    amount, fee, settlement). Rows come in pairs: row A is a payment; row B is either another payment
//    or a refund, void or reversal of A, which links a follow-up to its original without a window
//    function or a join.

export type TransactionGenerationInput = {
  // 32-bit seed of the draws (from the seed key, which includes the anchor day).
  seed: number;
  count: number;
  anchorStart: Date;
  slotCount: number;
};

// One template per ten transactions, within bounds: enough variety for a million rows, and cheap
// for the small default data set.
export function templatePoolSize(count: number): number {
  return Math.min(40_000, Math.max(2_000, Math.ceil(count / 10)));
}

const mask28 = 268435455;

function textArray(values: readonly string[]): string {
  return `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
}

const draw = (key: string, seed: number) => `(hashint8extended(${key}, ${seed}) & ${mask28})::int`;

export async function generateTransactions(tx: Executor, input: TransactionGenerationInput): Promise<void> {
  const templates = templatePoolSize(input.count);
  await buildTemplates(tx, input, templates);
  await insertPairs(tx, input, templates);
}

// ---- Step 1: templates ------------------------------------------------------------------------

async function buildTemplates(
  tx: Executor,
  input: TransactionGenerationInput,
  templates: number,
): Promise<void> {
  const seed = input.seed;
  const anchorYear = input.anchorStart.getUTCFullYear();
  await tx.execute(
    sql.raw(`
    create temp table seed_templates on commit drop as
    with draws as (
      select t, ${draw('t', seed + 1)} as r_slot, ${draw('t', seed + 2)} as r_kind, ${draw('t', seed + 3)} as r_card,
        ${draw('t', seed + 4)} as r_who, ${draw('t', seed + 5)} as r_misc
      from generate_series(0, ${templates - 1}) as t
    ),
    picked as (
      select d.*, p.*, c.id as vault_customer_id, c.token as vault_token, c.first_name as vault_first,
        c.last_name as vault_last, c.email as vault_email, c.issuer as vault_issuer, c.last4 as vault_last4,
        e.id as site_id, e.name as site_name, e.custom_fields as site_fields,
        ${kindSql()} as kind
      from draws d
      join seed_slots p on p.slot = d.r_slot % ${input.slotCount}
      join seed_customers c on c.idx = p.idx and c.k = case
        when p.customer_count > 0 and d.r_who % 100 < 30 then (d.r_who / 100) % p.customer_count else -1 end
      join seed_sites e on e.idx = p.idx and e.k = case when p.site_count > 0 then d.r_misc % p.site_count else -1 end
    ),
    ranked as (
      select q.*, row_number() over (partition by q.kind order by q.t) - 1 as kind_rank from picked q
    ),
    shaped as (
      select q.*,
        q.kind in ('card', 'terminal', 'auth', 'decline', 'failure', 'blind_refund', 'batch') as is_card,
        q.kind in ('ach', 'ach_credit') as is_ach,
        -- One ACH template in twenty-five is returned and one rejected (by rank, so both always occur).
        case when q.kind = 'ach' and q.kind_rank % 25 = 0 then 'ACHInReturned'::pro_pay_status
          when q.kind = 'ach' and q.kind_rank % 25 = 1 then 'ACHInRejected'::pro_pay_status end as pro_pay,
        case when q.vault_issuer is not null then q.vault_issuer when q.r_card % 100 < 50 then 'VISA'
          when q.r_card % 100 < 80 then 'MC' when q.r_card % 100 < 92 then 'AMEX' else 'DISC' end as brand0,
        coalesce(q.vault_first, (${textArray(firstNames)})[1 + q.r_who % ${firstNames.length}]) as first_name,
        coalesce(q.vault_last, (${textArray(lastNames)})[1 + (q.r_who / 40) % ${lastNames.length}]) as last_name,
        (array['charge', 'cc', 'card']::transaction_type[])[1 + q.r_misc % 3] as card_variant
      from ranked q
    ),
    described as (
      select s.t, s.idx, s.client_id, s.kind, s.avg_ticket_cents, s.high_ticket_cents, s.first_day_back,
        s.last_day_back, s.site_id as sub_entity_id, s.first_name, s.last_name, s.pro_pay as pro_pay_status,
        ${templateColumns(anchorYear)}
      from shaped s
    )
    select d.*,
      jsonb_strip_nulls(jsonb_build_object('token', d.token, 'sub_location', case when d.site_name is not null
        then jsonb_build_object('name', d.site_name, 'custom_fields', d.site_fields) end)) as api_response,
      case when d.payment_method = 'card' then jsonb_build_object('AUTH_MASKED_ACCOUNT_NBR', 'XXXXXXXXXXXX' || d.last4,
        'AUTH_RESP', case when d.payment_status then '00' else '05' end) end as third_party_api_response,
      jsonb_build_object('firstName', d.first_name, 'lastName', d.last_name, 'email', d.email,
        'customFields', case when d.site_name is not null then jsonb_build_object(d.location_field, d.site_name)
          else '{}'::jsonb end) as meta
    from described d`),
  );
  await tx.execute(sql`analyze seed_templates`);
}

// Kinds of payment in per mille of the draws. A crypto-only merchant takes crypto (10 % declined).
function kindSql(): string {
  const k = 'd.r_kind % 1000';
  return `case
      when p.is_crypto_only then case when ${k} >= 900 then 'decline' else 'crypto' end
      when ${k} < 420 then 'card'
      when ${k} < 500 then case when p.has_terminals then 'terminal' else 'card' end
      when ${k} < 530 then 'auth'
      when ${k} < 640 then case when p.ach_processor is not null then 'ach' else 'card' end
      when ${k} < 670 then 'cash'
      when ${k} < 676 then case when p.has_terminals then 'batch' else 'card' end
      when ${k} < 726 then 'decline'
      when ${k} < 741 then 'failure'
      when ${k} < 746 then 'blind_refund'
      when ${k} < 756 then case when p.ach_processor is not null then 'ach_credit' else 'card' end
      else 'card' end`;
}

// Everything about a template row that does not depend on its amount or moment.
function templateColumns(anchorYear: number): string {
  const last4 = `coalesce(s.vault_last4, lpad(((s.r_card / 1000) % 10000)::text, 4, '0'))`;
  const expiry = `lpad((1 + (s.r_card / 7) % 12)::text, 2, '0') || '-' || (${anchorYear} + 1 + (s.r_card / 11) % 4)`;
  return `case s.kind when 'card' then s.card_variant
        when 'terminal' then (array['terminal_charge', 'terminal']::transaction_type[])[1 + s.r_misc % 2]
        when 'auth' then 'authorize' when 'ach' then (array['ach', 'debit']::transaction_type[])[1 + s.r_misc % 2]
        when 'cash' then 'cash' when 'batch' then 'batch' when 'blind_refund' then 'blind_refund'
        when 'ach_credit' then 'credit' else 'charge' end as type,
      case s.kind when 'card' then case when s.r_misc % 20 = 0 then 'apple_pay'::action_mode
            when s.card_variant = 'card' then 'settle' else 'charge' end
        when 'auth' then 'settle' when 'ach' then 'debit' when 'batch' then null
        when 'blind_refund' then 'blind_refund' when 'ach_credit' then 'credit' else 'charge' end as action_mode,
      case s.kind when 'auth' then 'auth_capture' when 'ach' then 'debit' when 'batch' then 'batch_close'
        when 'blind_refund' then 'blind_refund' when 'ach_credit' then 'credit' else 'sale' end as action,
      case when s.is_card then 'card' when s.is_ach then 'check' when s.kind = 'cash' then 'cash' else 'crypto' end
        as payment_method,
      case when s.is_card then s.card_processor when s.is_ach then s.ach_processor
        when s.kind = 'crypto' then s.crypto_processor end as processor,
      s.kind not in ('decline', 'failure') as payment_status,
      s.kind <> 'failure' as request_status,
      case when s.kind = 'decline' then 'Declined' when s.kind = 'failure' then 'Error'
        when s.pro_pay = 'ACHInReturned' then 'Returned' when s.pro_pay = 'ACHInRejected' then 'Rejected'
        else 'Approved' end as status,
      s.kind in ('card', 'terminal', 'auth', 'ach', 'cash', 'crypto') and s.pro_pay is null as is_original,
      -- fee = amount * fee_bps / 10000 + fee_item_cents
      case when s.kind in ('card', 'terminal', 'auth', 'crypto') then s.card_bps when s.kind = 'ach' then s.ach_bps
        else 0 end as fee_bps,
      case when s.kind in ('card', 'terminal', 'auth', 'decline') then s.card_item_cents
        when s.kind in ('ach', 'ach_credit') then s.ach_item_cents else 0 end as fee_item_cents,
      case when s.kind in ('card', 'terminal', 'auth') then s.surcharge_bps else 0 end as surcharge_bps,
      case s.kind when 'blind_refund' then 1 when 'batch' then 25 else 1 end as amount_multiplier,
      case s.kind when 'blind_refund' then 3 else 1 end as amount_divisor,
      -- Days from the payment to its settlement; null: never settles (cash, batch records, failures).
      case when s.kind in ('cash', 'batch', 'decline', 'failure') then null when s.pro_pay is not null then 5
        when s.is_ach then 2 else 1 end as settle_days,
      case when s.is_card then s.brand0 end as card_brand,
      case when s.is_card then case when (s.r_card / 100) % 10 < 6 then 'credit'
        when (s.r_card / 100) % 10 < 9 then 'debit' else 'prepaid' end end as card_type,
      case when s.is_card or s.is_ach then ${last4} end as last4,
      case when s.is_card then coalesce(s.vault_token, s.brand0 || '-' || ${last4} || '-' || ${expiry})
        when s.is_ach then 'BANK-' || ${last4} end as token,
      case when s.kind = 'batch' then null else s.vault_customer_id end as customer_id,
      coalesce(s.vault_email, lower(s.first_name || '.' || s.last_name || ((s.r_who / 1600) % 90) || '@'
        || (${textArray(exampleDomains)})[1 + (s.r_who / 7) % ${exampleDomains.length}])) as email,
      s.site_name, s.site_fields, s.location_field`;
}

// ---- Step 2: the transactions --------------------------------------------------------------------

const insertColumns = `(id, client_id, sub_entity_id, customer_id, type, action, action_mode, amount_cents, fee_cents,
  surcharge_cents, payment_status, request_status, status, card_brand, card_type, pro_pay_status, processor,
  payment_method, last4, token, customer_first_name, customer_last_name, customer_email, original_transaction_id,
  has_follow_ups, settlement_amount_cents, settlement_date, api_response, third_party_api_response, meta, created_at)`;

async function insertPairs(
  tx: Executor,
  input: TransactionGenerationInput,
  templates: number,
): Promise<void> {
  const anchor = `'${input.anchorStart.toISOString()}'::timestamptz`;
  const s = input.seed + 100;
  const hex = (n: number) => `lpad(to_hex(hashint8extended(k, ${s + n})), 16, '0')`;
  await insertTransactionsWithEffects(tx, {
    columns: insertColumns,
    ctes: `
    pairs as materialized (
      select k, ${draw('k', s + 1)} % ${templates} as a_t, ${draw('k', s + 2)} % ${templates} as b_t,
        ${draw('k', s + 3)} as a_day, ${draw('k', s + 4)} as a_sec, ${draw('k', s + 5)} as a_amount,
        ${draw('k', s + 6)} as b_day, ${draw('k', s + 7)} as b_sec, ${draw('k', s + 8)} as b_amount,
        ${draw('k', s + 9)} as b_misc,
        ${hex(10)} || ${hex(11)} as a_hex, ${hex(12)} || ${hex(13)} as b_hex
      from generate_series(1, ${Math.ceil(input.count / 2)}) as k
    ),
    -- Each stage ends in "offset 0" so the planner computes it once per row instead of inlining its
    -- expressions into every place that uses them.
    rows as (
      select p.k, p.a_hex, p.b_hex, p.b_misc, p.b_day, p.b_sec, p.a_t, p.b_t,
        ${momentSql('a', anchor)} as a_at, ${momentSql('b', anchor)} as b_at,
        ${amountSql('a')} as a_amount, ${amountSql('b')} as b_amount,
        -- B undoes A for about one pair in seven, when A is a payment that can be undone.
        ta.is_original and p.b_misc % 1000 < 140 as is_followup,
        ${followupKindSql()} as fu
      from pairs p
      join seed_templates ta on ta.t = p.a_t
      join seed_templates tb on tb.t = p.b_t
      offset 0
    ),
    emitted as (
      select r.*, v.side, case when v.side = 2 and not r.is_followup then r.b_t else r.a_t end as t,
        v.side = 2 and r.is_followup as is_followup_row,
        -- A flagged as the original its B names, as the database would flag it once B is written:
        -- set here, the load spares the flagging trigger an update of one row in seven.
        v.side = 1 and r.is_followup and r.k * 2 <= ${input.count} as is_undone_original
      from rows r cross join (values (1), (2)) as v(side)
      where v.side = 1 or r.k * 2 <= ${input.count}
    ),
    final as (
      select ${finalColumns(anchor)}
      from emitted e join seed_templates t on t.t = e.t
      offset 0
    )`,
    select: `
    select id, client_id, sub_entity_id, customer_id, type, action, action_mode, amount_cents, fee_cents,
      surcharge_cents, payment_status, request_status, status, card_brand, card_type, pro_pay_status, processor,
      payment_method, last4, token, first_name, last_name, email, original_transaction_id, is_undone_original,
      case when settle_days is null then null
        when pro_pay_status in ('ACHInReturned', 'ACHInRejected') then -2500
        when action_mode in ('settle', 'debit', 'charge', 'apple_pay') then amount_cents - fee_cents
        when action_mode is null then 0 else -amount_cents end,
      (created_at at time zone 'America/New_York')::date + settle_days,
      api_response, third_party_api_response, meta, created_at
    from final
    -- Stored in the order they happened, as live transactions arrive: drawn in any order, a month's
    -- rows lay scattered over its partition, and reading the newest few thousand touched a page per
    -- row (a report's later pages 1.4x slower at 10,000,000 rows than at 1,000,000).
    order by created_at`,
  });
}

// Between the merchant's first and last active day, in US business hours (12:00-24:00 UTC).
function momentSql(x: 'a' | 'b', anchor: string): string {
  return `${anchor} - make_interval(days => t${x}.last_day_back + p.${x}_day % (t${x}.first_day_back - t${x}.last_day_back + 1))
      + make_interval(secs => 43200 + p.${x}_sec % 43200)`;
}

// Skewed around the merchant's average ticket (0.15x to 2.35x); one in a hundred above its
// high-ticket limit, for the risk lists.
function amountSql(x: 'a' | 'b'): string {
  const draw = `p.${x}_amount`;
  const u = `(${draw} / 16384)::bigint`;
  return `(case when ${draw} % 1000 < 10 then t${x}.high_ticket_cents * (105 + (${draw} / 1000) % 150) / 100
      else greatest(100, t${x}.avg_ticket_cents * (150 + 2200 * ${u} * ${u} / 268435456) / 1000) end)
      * t${x}.amount_multiplier / t${x}.amount_divisor`;
}

function followupKindSql(): string {
  return `case when ta.kind = 'ach' then case when p.b_misc % 100 < 60 then 'ach_refund' else 'void' end
      when ta.kind = 'terminal' then case when p.b_misc % 100 < 50 then 'terminal_void' else 'terminal_refund' end
      when ta.kind in ('cash', 'crypto') then 'refund_full'
      when p.b_misc % 100 < 35 then 'void'
      when p.b_misc % 100 < 65 then 'refund_full'
      when p.b_misc % 100 < 95 then 'refund_partial'
      else 'reversal' end`;
}

// A follow-up row keeps the template (merchant, card, customer) of its original and replaces what
// makes it a refund, void or reversal.
function finalColumns(anchor: string): string {
  const f = 'e.is_followup_row';
  const own = `case when e.side = 1 then e.a_amount else e.b_amount end`;
  const amount = `case when not ${f} then ${own} when e.fu = 'refund_partial'
      then greatest(1, e.a_amount * (20 + e.b_misc % 70) / 100) else e.a_amount end`;
  // A follow-up that would fall after the anchor lands at a drawn point between its original and the
  // anchor instead (piling them all on the anchor's last second looked like a batch job).
  const before = `(${anchor} - e.a_at) * ((1 + e.b_sec % 997) / 999.0)`;
  const at = `case when e.side = 1 then e.a_at when not ${f} then e.b_at
      when e.fu in ('void', 'terminal_void')
        then e.a_at + least(make_interval(secs => 120 + e.b_sec % 7200), ${before})
      else e.a_at + least(make_interval(days => 1 + e.b_day % 20, secs => e.b_sec % 3600), ${before}) end`;
  return `${uuidSql('case when e.side = 1 then e.a_hex else e.b_hex end')} as id,
      t.client_id, t.sub_entity_id, t.customer_id,
      case when ${f} then case e.fu when 'ach_refund' then 'ach_refund'::transaction_type when 'void' then 'void'
          when 'terminal_void' then 'void' when 'reversal' then 'reversal' else 'refund' end else t.type end as type,
      case when ${f} then case when e.fu in ('void', 'terminal_void') then 'void' when e.fu = 'reversal'
          then 'reversal' else 'refund' end else t.action end as action,
      case when ${f} then case e.fu when 'ach_refund' then 'credit'::action_mode when 'void' then 'void'
          when 'terminal_void' then 'terminal_void' when 'terminal_refund' then 'terminal_refund'
          when 'reversal' then 'reversal' else 'refund' end else t.action_mode end as action_mode,
      ${amount} as amount_cents,
      case when ${f} then 0 else (${own} * t.fee_bps + 5000) / 10000 + t.fee_item_cents end as fee_cents,
      case when ${f} then 0 else (${own} * t.surcharge_bps + 5000) / 10000 end as surcharge_cents,
      ${f} or t.payment_status as payment_status,
      ${f} or t.request_status as request_status,
      case when ${f} then 'Approved' else t.status end as status,
      case when ${f} then case when e.fu = 'void' and t.processor = 'propay' and t.payment_method = 'card'
        then 'CCDebitVoided'::pro_pay_status end else t.pro_pay_status end as pro_pay_status,
      t.processor, t.payment_method, t.card_brand, t.card_type, t.last4, t.token, t.first_name, t.last_name, t.email,
      case when ${f} then ${uuidSql('e.a_hex')} end as original_transaction_id, e.is_undone_original,
      case when not ${f} then t.settle_days when t.payment_method = 'cash' then null else t.settle_days end
        as settle_days,
      t.api_response, t.third_party_api_response, t.meta,
      ${at} as created_at`;
}

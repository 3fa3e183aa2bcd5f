import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { firstNames, lastNames } from './demo-catalog';
import { exampleDomains } from './people';

// Transactions are generated set-based, in SQL: one INSERT … SELECT over generate_series, with every
// "random" choice taken from md5 of (seed key, row number). The same key and anchor give the same
// rows on PGlite and PostgreSQL, and a million rows take seconds instead of a million round trips.

export type TransactionGenerationInput = {
  // Seeds the md5 draws; includes the anchor day.
  key: string;
  count: number;
  anchorStart: Date;
  slotCount: number;
};

function textArray(values: readonly string[]): SQL {
  return sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);
}

// A version-4-shaped uuid from 32 hex digits (strict validators check the version and variant).
export function uuidFromHex(hex: SQL | string): SQL {
  const h = typeof hex === 'string' ? sql.raw(hex) : hex;
  return sql`(overlay(overlay(${h} placing '4' from 13 for 1) placing substr('89ab', 1 + (('x' || substr(${h}, 17, 1))::bit(4)::int % 4), 1) from 17 for 1))::uuid`;
}

// 28 uniformly distributed bits from the hex digits at position `from` (1-based) of an md5.
const bits = (hex: string, from: number) => sql.raw(`('x' || substr(${hex}, ${from}, 7))::bit(28)::int`);

// Gross per spec 3 §9: settle, debit, charge and apple_pay add; refunds, voids, reversals and credits
// subtract (terminal voids and refunds too); failed payments count nothing; returned or rejected ACH
// items count -25.00.
export function grossCentsSql(t: string): SQL {
  return sql.raw(`(case
    when ${t}.payment_status is false then 0
    when ${t}.pro_pay_status in ('ACHInReturned', 'ACHInRejected') then -2500
    when ${t}.action_mode in ('settle', 'debit', 'charge', 'apple_pay') then ${t}.amount_cents
    when ${t}.action_mode in ('refund', 'void', 'blind_refund', 'reversal', 'credit', 'terminal_void', 'terminal_refund')
      then -${t}.amount_cents
    else 0 end)`);
}

const insertColumns = sql.raw(`insert into transactions (
  id, client_id, sub_entity_id, customer_id, type, action, action_mode, amount_cents, fee_cents, surcharge_cents,
  payment_status, request_status, status, card_brand, card_type, pro_pay_status, processor, payment_method,
  last4, token, customer_first_name, customer_last_name, customer_email, original_transaction_id,
  settlement_amount_cents, settlement_date, api_response, third_party_api_response, meta, created_at)`);

export async function generateTransactions(tx: Executor, input: TransactionGenerationInput): Promise<void> {
  const anchor = sql`${input.anchorStart.toISOString()}::timestamptz`;
  const anchorYear = input.anchorStart.getUTCFullYear();
  await tx.execute(sql`
    ${insertColumns}
    with draws as (
      select g, md5(${input.key}::text || ':' || g) as h1, md5(${input.key}::text || ':' || g || ':b') as h2
      from generate_series(1, ${input.count}::int) as g
    ),
    r as (
      select g, h1,
        ${bits('h1', 1)} as r_slot, ${bits('h1', 8)} as r_day, ${bits('h1', 15)} as r_sec,
        ${bits('h1', 22)} as r_kind, ${bits('h2', 1)} as r_amount, ${bits('h2', 8)} as r_card,
        ${bits('h2', 15)} as r_who, ${bits('h2', 22)} as r_misc
      from draws
    ),
    ${basePicks(anchor, anchorYear, input.slotCount)},
    ${ownAttributes()},
    ${linkedToPrevious()},
    ${finalRows(anchor)}
    select id, final_client_id, sub_entity_id, customer_id, type::transaction_type, action, action_mode::action_mode,
      amount_cents, fee_cents, surcharge_cents, payment_status, request_status, status, card_brand, card_type,
      pro_pay_status::pro_pay_status, processor::processor, payment_method, last4, token,
      first_name, last_name, email, original_transaction_id,
      ${settlementColumns()},
      ${jsonColumns()},
      created_at
    from final`);
}

// Merchant, moment, amount, card and customer of each row, before its kind is known.
function basePicks(anchor: SQL, anchorYear: number, slots: number): SQL {
  return sql`base as (
    select r.*, p.*, ${uuidFromHex('r.h1')} as id,
      ${anchor} - make_interval(days => p.last_day_back + r.r_day % (p.first_day_back - p.last_day_back + 1))
        + make_interval(secs => 43200 + r.r_sec % 43200) as at,
      case
        when p.is_crypto_only then case when r.r_kind % 1000 >= 900 then 'followup'
          when r.r_kind % 1000 >= 860 then 'decline' else 'crypto' end
        when r.r_kind % 1000 < 420 then 'card'
        when r.r_kind % 1000 < 500 then case when p.has_terminals then 'terminal' else 'card' end
        when r.r_kind % 1000 < 530 then 'auth'
        when r.r_kind % 1000 < 640 then case when p.ach_processor is not null then 'ach' else 'card' end
        when r.r_kind % 1000 < 670 then 'cash'
        when r.r_kind % 1000 < 676 then case when p.has_terminals then 'batch' else 'card' end
        when r.r_kind % 1000 < 726 then 'decline'
        when r.r_kind % 1000 < 741 then 'failure'
        when r.r_kind % 1000 < 746 then 'blind_refund'
        when r.r_kind % 1000 < 756 then case when p.ach_processor is not null then 'ach_credit' else 'card' end
        when r.r_kind % 1000 < 900 then 'card'
        else 'followup'
      end as kind0,
      case when r.r_amount % 1000 < 4 then p.high_ticket_cents * (105 + r.r_misc % 150) / 100
        else greatest(100, round(p.avg_ticket_cents * (0.15 + 2.2 * (r.r_amount / 268435456.0) ^ 2)))::bigint
      end as amount0,
      case when c.id is not null then c.issuer when r.r_card % 100 < 50 then 'VISA' when r.r_card % 100 < 80 then 'MC'
        when r.r_card % 100 < 92 then 'AMEX' else 'DISC' end as brand0,
      case when (r.r_card / 100) % 10 < 6 then 'credit' when (r.r_card / 100) % 10 < 9 then 'debit'
        else 'prepaid' end as card_type0,
      coalesce(c.last4, lpad(((r.r_card / 1000) % 10000)::text, 4, '0')) as last4_0,
      lpad((1 + (r.r_card / 7) % 12)::text, 2, '0') || '-' || (${anchorYear}::int + 1 + (r.r_card / 11) % 4) as expiry0,
      c.id as vault_customer_id, c.token as vault_token,
      coalesce(c.first_name, (${textArray(firstNames)})[1 + r.r_who % ${firstNames.length}]) as first0,
      coalesce(c.last_name, (${textArray(lastNames)})[1 + (r.r_who / 40) % ${lastNames.length}]) as last0,
      c.email as vault_email,
      (${textArray(exampleDomains)})[1 + (r.r_who / 7) % ${exampleDomains.length}] as domain0,
      (r.r_who / 1600) % 90 as email_n,
      se.id as se_id, se.name as se_name, se.custom_fields as se_custom_fields
    from r
    join seed_slots s on s.slot = r.r_slot % ${slots}::int
    join seed_profiles p on p.idx = s.idx
    join seed_counts n on n.idx = p.idx
    left join seed_customers c on c.idx = p.idx and n.customer_count > 0 and r.r_who % 100 < 30
      and c.k = (r.r_who / 100) % greatest(n.customer_count, 1)
    left join seed_sub_entities se on se.idx = p.idx and n.sub_entity_count > 0
      and se.k = r.r_misc % greatest(n.sub_entity_count, 1)
  )`;
}

// The row as if it stood alone. A 'followup' that finds no original before it is an ordinary sale.
function ownAttributes(): SQL {
  return sql.raw(`own as (
    select b.*, k.kind,
      k.kind in ('card', 'terminal', 'auth', 'decline', 'failure', 'blind_refund', 'batch') as is_card,
      k.kind in ('ach', 'ach_credit') as is_ach,
      case when b.kind0 = 'ach' and (b.r_misc / 100) % 100 < 3 then 'ACHInReturned'
        when b.kind0 = 'ach' and (b.r_misc / 100) % 100 < 5 then 'ACHInRejected' end as pro_pay0
    from base b
    cross join lateral (select case when b.kind0 = 'followup'
      then case when b.is_crypto_only then 'crypto' else 'card' end else b.kind0 end as kind) k
  ),
  own2 as (
    select o.*,
      case o.kind when 'card' then (array['charge', 'cc', 'card'])[1 + o.r_misc % 3]
        when 'terminal' then (array['terminal_charge', 'terminal'])[1 + o.r_misc % 2]
        when 'auth' then 'authorize' when 'ach' then (array['ach', 'debit'])[1 + o.r_misc % 2]
        when 'cash' then 'cash' when 'batch' then 'batch' when 'blind_refund' then 'blind_refund'
        when 'ach_credit' then 'credit' else 'charge' end as own_type,
      case o.kind when 'card' then case when o.r_misc % 20 = 0 then 'apple_pay'
            when (array['charge', 'cc', 'card'])[1 + o.r_misc % 3] = 'card' then 'settle' else 'charge' end
        when 'auth' then 'settle' when 'ach' then 'debit' when 'batch' then null
        when 'blind_refund' then 'blind_refund' when 'ach_credit' then 'credit' else 'charge' end as own_action_mode,
      case o.kind when 'auth' then 'auth_capture' when 'ach' then 'debit' when 'batch' then 'batch_close'
        when 'blind_refund' then 'blind_refund' when 'ach_credit' then 'credit' else 'sale' end as own_action,
      case when o.is_card then 'card' when o.is_ach then 'check' when o.kind = 'cash' then 'cash' else 'crypto' end
        as own_payment_method,
      case when o.is_card then o.card_processor when o.is_ach then o.ach_processor when o.kind = 'crypto'
        then o.crypto_processor end as own_processor,
      case o.kind when 'blind_refund' then greatest(100, o.amount0 / 3) when 'batch' then o.amount0 * 25
        else o.amount0 end as own_amount,
      case when o.kind = 'batch' then null else o.vault_customer_id end as own_customer_id,
      case when o.is_card then o.brand0 end as own_brand,
      case when o.is_card then o.card_type0 end as own_card_type,
      case when o.is_card or o.is_ach then o.last4_0 end as own_last4,
      case when o.is_card then coalesce(o.vault_token, o.brand0 || '-' || o.last4_0 || '-' || o.expiry0)
        when o.is_ach then 'BANK-' || o.last4_0 end as own_token,
      coalesce(o.vault_email, lower(o.first0 || '.' || o.last0 || o.email_n || '@' || o.domain0)) as own_email,
      o.kind0 in ('card', 'terminal', 'auth', 'ach', 'cash', 'crypto') and o.pro_pay0 is null as is_original
    from own o
  )`);
}

// Each row can see the row before it: a 'followup' row refunds, voids or reverses it.
function linkedToPrevious(): SQL {
  const lagged = [
    'id',
    'kind0',
    'is_original',
    'at',
    'own_amount',
    'client_id',
    'se_id',
    'se_name',
    'se_custom_fields',
    'location_field',
    'own_customer_id',
    'own_processor',
    'own_payment_method',
    'own_brand',
    'own_card_type',
    'own_last4',
    'own_token',
    'first0',
    'last0',
    'own_email',
  ];
  const columns = lagged.map((c) => `lag(${c}) over w as prev_${c}`).join(',\n      ');
  return sql.raw(`linked as (
    select o.*, ${columns},
      o.kind0 = 'followup' and coalesce(lag(is_original) over w, false) as is_followup
    from own2 o
    window w as (order by g)
  ),
  followup as (
    select l.*,
      case when not l.is_followup then null
        when l.prev_kind0 = 'ach' then case when l.r_misc % 100 < 60 then 'ach_refund' else 'void' end
        when l.prev_kind0 = 'terminal' then case when l.r_misc % 100 < 50 then 'terminal_void' else 'terminal_refund' end
        when l.prev_kind0 in ('cash', 'crypto') then 'refund_full'
        when l.r_misc % 100 < 35 then 'void'
        when l.r_misc % 100 < 65 then 'refund_full'
        when l.r_misc % 100 < 95 then 'refund_partial'
        else 'reversal' end as fu
    from linked l
  )`);
}

// Own attributes, or for a follow-up those of the original it undoes.
function finalRows(anchor: SQL): SQL {
  return sql`final as (
    select f.*,
      case when f.is_followup then f.prev_client_id else f.client_id end as final_client_id,
      case when f.is_followup then (case f.fu when 'ach_refund' then 'ach_refund' when 'void' then 'void'
          when 'terminal_void' then 'void' when 'reversal' then 'reversal' else 'refund' end)
        else f.own_type end as type,
      case when f.is_followup then (case f.fu when 'ach_refund' then 'credit' when 'void' then 'void'
          when 'terminal_void' then 'terminal_void' when 'terminal_refund' then 'terminal_refund'
          when 'reversal' then 'reversal' else 'refund' end)
        else f.own_action_mode end as action_mode,
      case when f.is_followup then (case when f.fu in ('void', 'terminal_void') then 'void'
          when f.fu = 'reversal' then 'reversal' else 'refund' end)
        else f.own_action end as action,
      case when not f.is_followup then f.own_amount
        when f.fu = 'refund_partial' then greatest(1, f.prev_own_amount * (20 + f.r_misc % 70) / 100)
        else f.prev_own_amount end as amount_cents,
      case when f.is_followup or f.kind in ('cash', 'batch', 'blind_refund', 'failure') then 0
        when f.kind = 'decline' then f.card_item_cents
        when f.kind = 'ach_credit' then f.ach_item_cents
        when f.is_ach then (f.own_amount * f.ach_bps + 5000) / 10000 + f.ach_item_cents
        when f.kind = 'crypto' then (f.own_amount * f.card_bps + 5000) / 10000
        else (f.own_amount * f.card_bps + 5000) / 10000 + f.card_item_cents end as fee_cents,
      case when not f.is_followup and f.kind in ('card', 'terminal', 'auth') and f.surcharge_bps > 0
        then (f.own_amount * f.surcharge_bps + 5000) / 10000 else 0 end as surcharge_cents,
      not (not f.is_followup and f.kind in ('decline', 'failure')) as payment_status,
      not (not f.is_followup and f.kind = 'failure') as request_status,
      case when f.is_followup then 'Approved' when f.kind = 'decline' then 'Declined' when f.kind = 'failure' then 'Error'
        when f.pro_pay0 = 'ACHInReturned' then 'Returned' when f.pro_pay0 = 'ACHInRejected' then 'Rejected'
        else 'Approved' end as status,
      case when f.is_followup and f.fu = 'void' and f.prev_own_processor = 'propay' and f.prev_own_payment_method = 'card'
        then 'CCDebitVoided' when f.is_followup then null else f.pro_pay0 end as pro_pay_status,
      case when f.is_followup then f.prev_se_id else f.se_id end as sub_entity_id,
      case when f.is_followup then f.prev_se_name else f.se_name end as final_se_name,
      case when f.is_followup then f.prev_se_custom_fields else f.se_custom_fields end as final_se_custom_fields,
      case when f.is_followup then f.prev_location_field else f.location_field end as final_location_field,
      case when f.is_followup then f.prev_own_customer_id else f.own_customer_id end as customer_id,
      case when f.is_followup then f.prev_own_processor else f.own_processor end as processor,
      case when f.is_followup then f.prev_own_payment_method else f.own_payment_method end as payment_method,
      case when f.is_followup then f.prev_own_brand else f.own_brand end as card_brand,
      case when f.is_followup then f.prev_own_card_type else f.own_card_type end as card_type,
      case when f.is_followup then f.prev_own_last4 else f.own_last4 end as last4,
      case when f.is_followup then f.prev_own_token else f.own_token end as token,
      case when f.is_followup then f.prev_first0 else f.first0 end as first_name,
      case when f.is_followup then f.prev_last0 else f.last0 end as last_name,
      case when f.is_followup then f.prev_own_email else f.own_email end as email,
      case when f.is_followup then f.prev_id end as original_transaction_id,
      case when not f.is_followup then f.at
        when f.fu in ('void', 'terminal_void')
          then least(f.prev_at + make_interval(secs => 120 + f.r_sec % 7200), ${anchor} - interval '1 second')
        else least(f.prev_at + make_interval(days => 1 + f.r_day % 20, secs => f.r_sec % 3600),
          ${anchor} - interval '1 second') end as created_at
    from followup f
  )`;
}

// Settled rows carry their net (gross less the fee on additions) and the day the processor pays it:
// next day for cards and crypto, two days for ACH, returns three days after that. Cash and batch
// records never settle.
function settlementColumns(): SQL {
  const adds = `action_mode in ('settle', 'debit', 'charge', 'apple_pay')`;
  const returned = `pro_pay_status in ('ACHInReturned', 'ACHInRejected')`;
  const isSettled = `payment_status and payment_method <> 'cash' and type <> 'batch'`;
  return sql.raw(`case when ${isSettled} then
      (case when ${returned} then -2500 when ${adds} then amount_cents - fee_cents
        when action_mode is null then 0 else -amount_cents end)
    end as settlement_amount_cents,
    case when ${isSettled} then (created_at at time zone 'America/New_York')::date
      + (case when payment_method = 'check' then 2 else 1 end) + (case when ${returned} then 3 else 0 end)
    end as settlement_date`);
}

function jsonColumns(): SQL {
  return sql.raw(`jsonb_strip_nulls(jsonb_build_object(
      'token', token,
      'original_transaction_id', original_transaction_id,
      'meta', jsonb_build_object('firstName', first_name, 'lastName', last_name, 'email', email),
      'sub_location', case when final_se_name is not null
        then jsonb_build_object('name', final_se_name, 'custom_fields', final_se_custom_fields) end
    )) as api_response,
    case when payment_method = 'card' and last4 is not null then jsonb_build_object(
      'AUTH_MASKED_ACCOUNT_NBR', 'XXXXXXXXXXXX' || last4,
      'AUTH_RESP', case when payment_status then '00' else '05' end) end as third_party_api_response,
    jsonb_build_object('firstName', first_name, 'lastName', last_name, 'email', email,
      'customFields', case when final_se_name is not null
        then jsonb_build_object(final_location_field, final_se_name) else '{}'::jsonb end) as meta`);
}

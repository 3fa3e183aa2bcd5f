import {
  maxOperationsReportRows,
  revshareReportMonths,
} from '@portico/contracts/operations/operations-reports';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { isoUtc } from '../../db/sql-json';
import { queryRows } from '../../db/sql-rows';

// The report links of the Operations page (spec 3 §2), each one query over what the database holds.

const limit = sql.raw(String(maxOperationsReportRows));

const revshareRow = z.object({
  client_id: z.string(),
  merchant: z.string(),
  parent: z.string(),
  month: z.string(),
  transactions: z.number(),
  amount_cents: z.string(),
  fee_cents: z.string(),
  rev_share: z.string(),
  payout_cents: z.string(),
});

// Per merchant under a parent and per month: its approved payments, their fees, and the parent's
// share of those fees at the parent's revenue share percentage (rounded to the cent in numeric).
export async function listRevshare(executor: Executor, now: Date) {
  const rows = await queryRows(
    executor,
    sql`
      with months as (
        select date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC')
          - make_interval(months => ${revshareReportMonths - 1}) as start_month
      ),
      per_month as (
        select t.client_id, to_char(date_trunc('month', t.created_at at time zone 'UTC'), 'YYYY-MM') as month,
          count(*)::int as transactions, sum(t.amount_cents) as amount_cents, sum(t.fee_cents) as fee_cents
        from transactions t
        join clients m on m.id = t.client_id and m.parent_id is not null
        where t.created_at >= (select start_month from months) at time zone 'UTC'
          and t.payment_status is true and t.original_transaction_id is null
        group by 1, 2
      )
      select pm.client_id::text as client_id, coalesce(m.dba_name, m.name) as merchant,
        coalesce(p.dba_name, p.name) as parent, pm.month, pm.transactions,
        pm.amount_cents::text as amount_cents, pm.fee_cents::text as fee_cents,
        coalesce(pc.rev_share_percentage, 0)::text as rev_share,
        round(pm.fee_cents * coalesce(pc.rev_share_percentage, 0) / 100)::bigint::text as payout_cents
      from per_month pm
      join clients m on m.id = pm.client_id
      join clients p on p.id = m.parent_id
      left join client_configs pc on pc.client_id = p.id
      order by pm.month desc, parent, merchant
      limit ${limit}
    `,
  );
  return rows.map((row) => revshareRow.parse(row));
}

const payoutRow = z.object({
  id: z.string(),
  merchant: z.string(),
  payout_date: z.string(),
  amount_cents: z.string(),
  processor: z.string(),
  status: z.string(),
  created_at: z.string(),
});

export async function listPayouts(executor: Executor) {
  const rows = await queryRows(
    executor,
    sql`
      select p.id::text as id, coalesce(c.dba_name, c.name) as merchant, p.payout_date::text as payout_date,
        p.amount_cents::text as amount_cents, p.processor::text as processor, p.status::text as status,
        ${isoUtc(sql`p.created_at`)} as created_at
      from payouts p join clients c on c.id = p.client_id
      order by p.payout_date desc, p.id desc
      limit ${limit}
    `,
  );
  return rows.map((row) => payoutRow.parse(row));
}

const subpricingRow = z.object({
  id: z.string(),
  client: z.string(),
  label: z.string().nullable(),
  mcc_code: z.string(),
  card_rate: z.string().nullable(),
  ach_rate: z.string().nullable(),
  crypto_rate: z.string().nullable(),
  card_p2c: z.boolean(),
  ach_p2c: z.boolean(),
  crypto_p2c: z.boolean(),
  avg_ticket_cents: z.string().nullable(),
  high_ticket_cents: z.string().nullable(),
});

// Every client's per-MCC sub-pricing (POST /api/subpricing writes them), by client and code. Drizzle's
// snake case of cardP2c is card_p_2c.
export async function listSubpricing(executor: Executor) {
  const rows = await queryRows(
    executor,
    sql`
      select s.id::text as id, coalesce(c.dba_name, c.name) as client, s.label, s.mcc_code,
        s.card_rate, s.ach_rate, s.crypto_rate, s.card_p_2c as card_p2c, s.ach_p_2c as ach_p2c, s.crypto_p_2c as crypto_p2c,
        s.avg_ticket_cents::text as avg_ticket_cents, s.high_ticket_cents::text as high_ticket_cents
      from client_mcc_configs s join clients c on c.id = s.client_id
      order by client, s.mcc_code
      limit ${limit}
    `,
  );
  return rows.map((row) => subpricingRow.parse(row));
}

const mccRow = z.object({
  code: z.string(),
  description: z.string(),
  card_rate: z.string(),
  is_approved: z.boolean(),
  merchants: z.number(),
});

export async function listMccCodes(executor: Executor) {
  const rows = await queryRows(
    executor,
    sql`
      select k.code, k.description, k.card_rate, k.is_approved,
        (select count(*)::int from clients c where c.mcc_code = k.code and c.level = 'Merchant') as merchants
      from mcc_codes k
      order by k.code
    `,
  );
  return rows.map((row) => mccRow.parse(row));
}

const documentRow = z.object({
  id: z.string(),
  owner: z.string(),
  file_name: z.string(),
  tag: z.string().nullable(),
  size_bytes: z.number(),
  uploaded_by: z.string().nullable(),
  date_time_uploaded: z.string(),
});

// Documents of every client and enrollment, newest first.
export async function listDocuments(executor: Executor) {
  const rows = await queryRows(
    executor,
    sql`
      select d.id::text as id,
        coalesce(c.dba_name, c.name, e.dba_name, e.legal_name, 'Enrollment') as owner,
        d.file_name, d.tag, d.size_bytes,
        coalesce(nullif(trim(u.name), ''), u.email) as uploaded_by,
        ${isoUtc(sql`d.date_time_uploaded`)} as date_time_uploaded
      from documents d
      left join clients c on c.id = d.client_id
      left join enrollments e on e.id = d.enrollment_id
      left join users u on u.id = d.uploaded_by_user_id
      order by d.date_time_uploaded desc, d.id desc
      limit ${limit}
    `,
  );
  return rows.map((row) => documentRow.parse(row));
}

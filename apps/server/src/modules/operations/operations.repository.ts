import {
  maxOperationsReportRows,
  revshareReportMonths,
} from '@portico/contracts/operations/operations-reports';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/seed/sql-rows';

// The report links of the Operations page (spec 3 §2), each one query over what the database holds.

const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
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
  merchant: z.string(),
  parent: z.string().nullable(),
  card_rate: z.string().nullable(),
  ach_rate: z.string().nullable(),
  crypto_rate: z.string().nullable(),
  monthly_fee_cents: z.string().nullable(),
  rev_share: z.number(),
});

// Merchants under a parent with the pricing the parent set for them.
export async function listSubpricing(executor: Executor) {
  const rows = await queryRows(
    executor,
    sql`
      select m.id::text as id, coalesce(m.dba_name, m.name) as merchant, coalesce(p.dba_name, p.name) as parent,
        cp.card_rate, cp.ach_rate, cp.crypto_rate, cp.monthly_fee_cents::text as monthly_fee_cents,
        cp.rev_share
      from clients m
      join client_pricing cp on cp.client_id = m.id
      left join clients p on p.id = m.parent_id
      where m.level = 'Merchant'
      order by parent nulls last, merchant
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

import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { postStatementsOfMonth, resolveStatementMonth } from '../../modules/statements/statements.service';
import type { Executor } from '../client';
import { queryRows } from './sql-rows';
import { payoutIdSql, settlementIdSql, uuidFromHex } from './transaction-effects';

// Settlements, payouts, statements and billing are aggregated from the seeded transactions
// (design.md §5), never drawn at random: the totals on every page agree with the rows. Statements are
// posted by the monthly job's rules; the rest read the daily summary the transaction inserts wrote
// (transaction-effects.ts), not the million rows again.

export type LedgerInput = {
  anchorStart: Date;
  adminUserId: string;
  riskAttachmentKeys: string[];
};

function anchorParts(anchorStart: Date) {
  const monthStart = new Date(Date.UTC(anchorStart.getUTCFullYear(), anchorStart.getUTCMonth(), 1));
  return {
    anchorDay: sql`${anchorStart.toISOString().slice(0, 10)}::date`,
    monthStart: sql`${monthStart.toISOString().slice(0, 10)}::date`,
    anchor: sql`${anchorStart.toISOString()}::timestamptz`,
  };
}

// Settlement groups per merchant, day and processor, and a payout each: paid once its day has
// passed, held while the merchant's settlement is paused, scheduled otherwise. The ids are the ones
// the payout items already point at.
export async function deriveSettlements(tx: Executor, input: LedgerInput): Promise<void> {
  const { anchorDay } = anchorParts(input.anchorStart);
  await tx.execute(sql`
    insert into settlements (id, client_id, settlement_date, processor, transaction_count, gross_cents, fee_cents,
      adjustments_cents, chargebacks_cents, net_cents, created_at)
    select ${sql.raw(settlementIdSql('client_id', 'settlement_date', 'processor'))},
      client_id, settlement_date, processor, sum(n)::int, sum(gross_without_returns), sum(fees), sum(adjustments),
      sum(chargebacks), sum(net), settlement_date::timestamp at time zone 'UTC' + interval '6 hours'
    from seed_daily
    where settlement_date is not null and processor is not null
    group by client_id, settlement_date, processor`);
  await tx.execute(sql`
    insert into payouts (id, client_id, settlement_id, payout_date, amount_cents, processor, status, created_at)
    select ${sql.raw(payoutIdSql('s.id'))}, s.client_id, s.id, s.settlement_date, s.net_cents, s.processor,
      (case when c.pause_settlement and s.settlement_date >= ${anchorDay} - 10 then 'held'
        when s.settlement_date >= ${anchorDay} then 'scheduled' else 'paid' end)::payout_status,
      s.created_at
    from settlements s join client_configs c on c.client_id = s.client_id`);
}

export async function deriveStatementsAndBilling(tx: Executor, input: LedgerInput): Promise<void> {
  await postSeedStatements(tx, input);
  await deriveBilling(tx, input);
  await deriveRiskNotes(tx, input);
}

const monthOf = (column: string): SQL => sql.raw(`date_trunc('month', ${column})::date`);

// Statements for the months before the anchor month, posted by the monthly job's own rules
// (postStatementsOfMonth), each as of 06:00 UTC on the first day of the next month.
async function postSeedStatements(tx: Executor, input: LedgerInput) {
  const { monthStart } = anchorParts(input.anchorStart);
  const months = await queryRows(
    tx,
    sql`select distinct to_char(day, 'YYYY-MM') as month from seed_daily where day < ${monthStart} order by 1`,
  );
  for (const row of months) {
    const { month } = seedMonthRow.parse(row);
    const [year = 0, monthNumber = 0] = month.split('-').map(Number);
    const postedAt = new Date(Date.UTC(year, monthNumber, 1, 6));
    await postStatementsOfMonth(tx, resolveStatementMonth(month, postedAt), postedAt);
  }
}

const seedMonthRow = z.object({ month: z.string() });

async function deriveBilling(tx: Executor, input: LedgerInput) {
  const { anchorDay, monthStart } = anchorParts(input.anchorStart);
  await tx.execute(sql`
    insert into billing_line_items (id, client_id, statement_date, detail_description, total_cents, paid_at, created_at)
    select ${uuidFromHex(sql`md5('bill:' || st.id || ':' || v.description)`)}, st.client_id,
      (st.month + interval '1 month')::date, v.description, v.total,
      case when (st.month + interval '1 month 5 days')::date < ${anchorDay}
        then (st.month + interval '1 month 5 days')::timestamp at time zone 'UTC' end,
      st.posted_at
    from statements st
    join client_pricing cp on cp.client_id = st.client_id
    cross join lateral (values
      ('Monthly Service Fee', coalesce(cp.monthly_fee_cents, 0)),
      ('PCI Compliance Fee', coalesce(cp.pci_fee_cents, 0)),
      ('Monthly Minimum Shortfall',
        greatest(0, coalesce(cp.monthly_min_cents, 0) - (st.total_fees_cents - coalesce(cp.monthly_fee_cents, 0))))
    ) as v(description, total)
    where v.total > 0`);
  // Card sales per central processing (settlement) day; ACH and cash are not card sales.
  await tx.execute(sql`
    insert into rolling_billing (id, client_id, central_processing_date, cc_sales_cents, total_billing_cents)
    select ${uuidFromHex(sql`md5('rolling:' || client_id || ':' || settlement_date)`)}, client_id, settlement_date,
      coalesce(sum(gross_without_returns) filter (where payment_method = 'card'), 0)::bigint, sum(fees)::bigint
    from seed_daily
    where settlement_date is not null
    group by client_id, settlement_date`);
  // A row per billing-enabled merchant and month, months without sales included (spec 3:
  // is_transacting_in_month is derived from transaction_count).
  await tx.execute(sql`
    insert into monthly_billing (id, client_id, month, transaction_count, total_transaction_amount_cents,
      last_transaction_date_in_month, monthly_minimum_cents, monthly_fee_cents, paid_at, created_at)
    select ${uuidFromHex(sql`md5('monthly-billing:' || c.id || ':' || m.month)`)}, c.id, m.month,
      coalesce(a.n, 0), coalesce(a.total, 0), a.last_day, coalesce(cp.monthly_min_cents, 0),
      coalesce(cp.monthly_fee_cents, 0),
      case when (m.month + interval '1 month 5 days')::date < ${anchorDay}
        then (m.month + interval '1 month 5 days')::timestamp at time zone 'UTC' end,
      (m.month + interval '1 month')::timestamp at time zone 'UTC'
    from clients c
    join client_pricing cp on cp.client_id = c.id
    cross join lateral (
      select (${monthStart} - make_interval(months => k))::date as month from generate_series(0, 12) as k
    ) m
    left join (
      select client_id, ${monthOf('day')} as month, sum(sales)::int as n, sum(sales_volume)::bigint as total,
        max(day) filter (where sales > 0) as last_day
      from seed_daily group by 1, 2
    ) a on a.client_id = c.id and a.month = m.month
    where c.is_monthly_billing_enabled`);
}

// Risk notes on the latest approved transactions over their merchant's high-ticket limit.
async function deriveRiskNotes(tx: Executor, input: LedgerInput) {
  const { anchor } = anchorParts(input.anchorStart);
  await tx.execute(sql`
    create temp table seed_risk_notes on commit drop as
    select ${uuidFromHex(sql`md5('risk-note:' || t.id)`)} as id, t.id as transaction_id, t.created_at, t.client_id,
      row_number() over (order by t.created_at desc, t.id) as rn
    from transactions t join client_configs c on c.client_id = t.client_id
    where t.created_at >= ${anchor} - interval '90 days' and t.payment_status
      and t.amount_cents > c.high_ticket_cents
    order by t.created_at desc, t.id
    limit 12`);
  await tx.execute(sql`
    insert into transaction_notes (id, transaction_id, transaction_created_at, client_id, content, created_by_user_id,
      created_at)
    select n.id, n.transaction_id, n.created_at, n.client_id,
      (array['Called the merchant: large catering order, invoice on file.',
        'Customer verified by phone; shipping address matches billing.',
        'Amount consistent with the merchant''s seasonal peak. No action.',
        'Requested invoice and proof of delivery from the merchant.'])[1 + (n.rn % 4)::int],
      ${input.adminUserId}::uuid, n.created_at + interval '3 hours'
    from seed_risk_notes n`);
  await tx.execute(sql`
    insert into transaction_note_attachments (id, note_id, file_name, extension, mime_type, size_bytes, storage_key,
      sha256, created_at)
    select ${uuidFromHex(sql`md5('risk-attachment:' || n.id)`)}, n.id, 'Invoice ' || n.rn || '.pdf', 'pdf',
      'application/pdf', length(b.content), b.storage_key, encode(sha256(b.content), 'hex'), b.created_at
    from seed_risk_notes n
    join file_blobs b on b.storage_key = (${JSON.stringify(input.riskAttachmentKeys)}::jsonb ->> (n.rn - 1)::int)`);
}

import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createMonthlyBillsIn, resolveBillMonth } from '../../modules/billing/billing.service';
import { insertSettlementsOfDays } from '../../modules/statements/statements.repository';
import { postStatementsOfMonth, resolveStatementMonth } from '../../modules/statements/statements.service';
import type { Executor } from '../client';
import { queryRows } from '../sql-rows';
import { uuidFromHex } from './transaction-effects';

// Settlements, payouts, statements and billing are aggregated from the seeded transactions, never drawn at
// random: the totals on every page agree with the rows. Statements are posted by the monthly job's rules; the
// rest read the daily summary the transaction inserts wrote (transaction-effects.ts), not the million rows
// again.

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

// Settlement groups per merchant, day and processor, a payout each and its items, posted by the
// daily payout job's own statements (insertSettlementsOfDays) over every settlement day in one pass.
// History then: a payout whose day has passed was paid; a paused merchant's stays held for ten days.
export async function deriveSettlements(tx: Executor, input: LedgerInput): Promise<void> {
  const { anchorDay } = anchorParts(input.anchorStart);
  const [range] = await queryRows(
    tx,
    sql`select min(settlement_date)::text as "from", max(settlement_date)::text as "to"
      from seed_daily where settlement_date is not null`,
  );
  const days = settlementRange.parse(range);
  if (days.from === null || days.to === null) return;
  await insertSettlementsOfDays(tx, { from: days.from, to: days.to }, input.anchorStart);
  await tx.execute(sql`
    update payouts p set status = 'paid'
    from client_configs c
    where c.client_id = p.client_id
      and p.payout_date < ${anchorDay} - (case when p.status = 'held' and c.pause_settlement then 10 else 0 end)`);
}

const settlementRange = z.object({ from: z.iso.date().nullable(), to: z.iso.date().nullable() });

export async function deriveStatementsAndBilling(tx: Executor, input: LedgerInput): Promise<void> {
  await postSeedStatements(tx, input);
  await deriveBilling(tx, input);
  await deriveRiskNotes(tx, input);
}

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
  const { anchorDay } = anchorParts(input.anchorStart);
  await billSeedMonths(tx, input);
  // Card sales per central processing (settlement) day; ACH and cash are not card sales.
  await tx.execute(sql`
    insert into rolling_billing (id, client_id, central_processing_date, cc_sales_cents, total_billing_cents)
    select ${uuidFromHex(sql`md5('rolling:' || client_id || ':' || settlement_date)`)}, client_id, settlement_date,
      coalesce(sum(gross_without_returns) filter (where payment_method = 'card'), 0)::bigint, sum(fees)::bigint
    from seed_daily
    where settlement_date is not null
    group by client_id, settlement_date`);
  // History: a bill still owed was paid five days after its month ended, when that day has passed.
  await tx.execute(sql`
    with paid as (
      update monthly_billing set paid_at = (month + interval '1 month 5 days')::timestamp at time zone 'UTC'
      where paid_at is null and (month + interval '1 month 5 days')::date < ${anchorDay}
      returning id, paid_at
    )
    update billing_line_items b set paid_at = paid.paid_at from paid where b.monthly_billing_id = paid.id`);
}

// The monthly bills of the twelve months before the anchor month, made by the monthly billing job's
// own rule (createMonthlyBillsIn): a month with a statement asks nothing (the statement took its
// fees), a month without one asks for the monthly fee and the whole minimum.
async function billSeedMonths(tx: Executor, input: LedgerInput) {
  const anchor = input.anchorStart;
  for (let back = 12; back >= 1; back--) {
    const billedAt = new Date(Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() - back + 1, 1, 6));
    const month = new Date(Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() - back, 1));
    await createMonthlyBillsIn(
      tx,
      'enabled',
      resolveBillMonth(month.toISOString().slice(0, 7), billedAt),
      billedAt,
    );
  }
}

// Risk notes on the latest approved transactions over their merchant's high-ticket limit that are more than
// a week old: the last week's are still waiting for review.
async function deriveRiskNotes(tx: Executor, input: LedgerInput) {
  const { anchor } = anchorParts(input.anchorStart);
  await tx.execute(sql`
    create temp table seed_risk_notes on commit drop as
    select ${uuidFromHex(sql`md5('risk-note:' || t.id)`)} as id, t.id as transaction_id, t.created_at, t.client_id,
      row_number() over (order by t.created_at desc, t.id) as rn
    from transactions t join client_configs c on c.client_id = t.client_id
    where t.created_at >= ${anchor} - interval '90 days' and t.created_at < ${anchor} - interval '7 days'
      and t.payment_status
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

import {
  addDays,
  type DisputeCategory,
  DisputeReasonCode,
  type EvidenceKind,
  evidenceKinds,
  isSandboxDisputedAmount,
  opensWithInquiry,
  respondWithinDays,
  sandboxCategoryOf,
  sandboxChargebackAfterInquiryDays,
  sandboxDecisionAfterDays,
  sandboxDecisionOf,
  sandboxDisputeAfterDays,
  sandboxDisputedCents,
} from '@portico/contracts/disputes/dispute-rules';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sandboxProcessorCursor, sandboxProcessorDisputes } from '../../db/schema/disputes';
import { queryRows } from '../../db/sql-rows';
import type { DisputeFeed, DisputeFeedEvent, DisputeSale } from './processor-gateway';

// The sandbox processor's disputes, deterministic so tests and demos reach every state:
// - a settled, approved card sale whose amount ends in .66 is disputed sandboxDisputeAfterDays (3)
//   days after the sale, in the category its whole dollars pick (contracts sandboxCategoryOf);
// - fraud and not-as-described open with an inquiry (a retrieval request), charged back
//   sandboxChargebackAfterInquiryDays (7) days later; the others are charged back at once;
// - evidence submitted is decided sandboxDecisionAfterDays (2) days later: a delivery proof wins,
//   none loses (contracts sandboxDecisionOf).
// Sales made before the sandbox first looked are never disputed: it starts scanning from the first
// poll, so an existing history does not turn into a wave of disputes. Staff's 'Simulate dispute'
// opens a case on any settled card sale at once.
// Like the ledger of charges, the case file is the sandbox's own table, written on the database
// directly, never inside Portico's transaction.

const cursorName = 'disputes';
const evidenceKindSchema = z.enum(evidenceKinds);
// Events stay in the feed this long after they happen: a poller down for less never misses one.
const feedLookbackDays = 30;

function caseIdOf(transactionId: string): string {
  return `SBX-DSP-${transactionId}`;
}

const candidateRow = z.object({
  id: z.uuid(),
  created_at: z.union([z.date(), z.string()]).transform((value) => new Date(value)),
  client_id: z.uuid(),
  amount_cents: z.coerce.number().int(),
});

// Finds the sales made since the last look that the sandbox disputes, and opens their cases.
async function discover(db: Db, now: Date): Promise<void> {
  const until = addDays(now, -sandboxDisputeAfterDays);
  const [cursor] = await db
    .select()
    .from(sandboxProcessorCursor)
    .where(eq(sandboxProcessorCursor.name, cursorName));
  if (!cursor) {
    await db
      .insert(sandboxProcessorCursor)
      .values({ name: cursorName, scannedUntil: until })
      .onConflictDoNothing();
    return;
  }
  if (cursor.scannedUntil >= until) return;
  const rows = await queryRows(
    db,
    sql`select t.id, t.created_at, t.client_id, t.amount_cents::text as amount_cents
      from transactions t
      where t.created_at >= ${cursor.scannedUntil.toISOString()}::timestamptz
        and t.created_at < ${until.toISOString()}::timestamptz
        and t.amount_cents % 100 = ${sandboxDisputedCents}
        and t.payment_method = 'card' and t.action_mode in ('settle', 'debit', 'charge', 'apple_pay')
        and t.payment_status is true and t.settlement_date is not null and t.processor is not null`,
  );
  for (const row of rows.map((r) => candidateRow.parse(r))) {
    if (!isSandboxDisputedAmount(row.amount_cents)) continue;
    await openCase(
      db,
      {
        transactionId: row.id,
        transactionCreatedAt: row.created_at,
        clientId: row.client_id,
        amountCents: row.amount_cents,
      },
      sandboxCategoryOf(row.amount_cents),
      addDays(row.created_at, sandboxDisputeAfterDays),
    );
  }
  await db
    .update(sandboxProcessorCursor)
    .set({ scannedUntil: until })
    .where(eq(sandboxProcessorCursor.name, cursorName));
}

// Opens the case of a sale (once per sale): an inquiry first for the reasons that have one.
async function openCase(db: Db, sale: DisputeSale, category: DisputeCategory, at: Date): Promise<string> {
  const caseId = caseIdOf(sale.transactionId);
  const hasInquiry = opensWithInquiry(category);
  await db
    .insert(sandboxProcessorDisputes)
    .values({
      caseId,
      transactionId: sale.transactionId,
      transactionCreatedAt: sale.transactionCreatedAt,
      clientId: sale.clientId,
      amountCents: sale.amountCents,
      category,
      inquiryAt: hasInquiry ? at : null,
      chargebackAt: hasInquiry ? addDays(at, sandboxChargebackAfterInquiryDays) : at,
    })
    .onConflictDoNothing();
  return caseId;
}

type CaseRow = typeof sandboxProcessorDisputes.$inferSelect;

function evidenceOf(row: CaseRow): EvidenceKind[] {
  if (!row.evidenceKinds) return [];
  return row.evidenceKinds.split(',').flatMap((kind) => {
    const parsed = evidenceKindSchema.safeParse(kind);
    return parsed.success ? [parsed.data] : [];
  });
}

// The events of one case that have happened by now, each with an id of its own.
export function eventsOfCase(row: CaseRow, now: Date): DisputeFeedEvent[] {
  const base = {
    caseId: row.caseId,
    transactionId: row.transactionId,
    transactionCreatedAt: row.transactionCreatedAt,
    clientId: row.clientId,
    amountCents: row.amountCents,
    category: row.category,
    reasonCode: DisputeReasonCode[row.category],
  };
  const events: DisputeFeedEvent[] = [];
  if (row.inquiryAt && row.inquiryAt <= now) {
    events.push({
      ...base,
      eventId: `${row.caseId}:inquiry_opened`,
      kind: 'inquiry_opened',
      occurredAt: row.inquiryAt,
    });
  }
  if (row.chargebackAt <= now) {
    events.push({
      ...base,
      eventId: `${row.caseId}:chargeback_opened`,
      kind: 'chargeback_opened',
      occurredAt: row.chargebackAt,
    });
  }
  if (row.response === 'evidence' && row.respondedAt) {
    const decidedAt = addDays(row.respondedAt, sandboxDecisionAfterDays);
    if (decidedAt <= now) {
      const outcome = sandboxDecisionOf(row.category, evidenceOf(row));
      events.push({ ...base, eventId: `${row.caseId}:${outcome}`, kind: outcome, occurredAt: decidedAt });
    }
  }
  return events;
}

export function createSandboxDisputeFeed(db: Db): DisputeFeed {
  return {
    async events(now) {
      await discover(db, now);
      const since = addDays(now, -(feedLookbackDays + respondWithinDays));
      const rows = await db
        .select()
        .from(sandboxProcessorDisputes)
        .where(
          sql`${sandboxProcessorDisputes.chargebackAt} > ${since.toISOString()}::timestamptz
            or ${sandboxProcessorDisputes.respondedAt} > ${since.toISOString()}::timestamptz`,
        );
      return rows
        .flatMap((row) => eventsOfCase(row, now))
        .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    },
    openCase: (sale, category, now) => openCase(db, sale, category, now),
    async submitEvidence(caseId, kinds, now) {
      await db
        .update(sandboxProcessorDisputes)
        .set({ response: 'evidence', respondedAt: now, evidenceKinds: kinds.join(',') })
        .where(and(eq(sandboxProcessorDisputes.caseId, caseId), isNull(sandboxProcessorDisputes.response)));
    },
    async accept(caseId, now) {
      await db
        .update(sandboxProcessorDisputes)
        .set({ response: 'accepted', respondedAt: now })
        .where(and(eq(sandboxProcessorDisputes.caseId, caseId), isNull(sandboxProcessorDisputes.response)));
    },
  };
}

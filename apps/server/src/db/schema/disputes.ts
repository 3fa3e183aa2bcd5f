import {
  disputeCategories,
  disputeEventKinds,
  disputeStatuses,
  evidenceKinds,
} from '@portico/contracts/disputes/dispute-rules';
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { cents, createdAt } from './columns';
import { documents } from './documents';

export const disputeStatus = pgEnum('dispute_status', disputeStatuses);
export const disputeCategory = pgEnum('dispute_category', disputeCategories);
export const disputeEventKind = pgEnum('dispute_event_kind', disputeEventKinds);
export const evidenceKind = pgEnum('dispute_evidence_kind', evidenceKinds);

// A cardholder's dispute of one card sale, as the processor reported it. transaction_created_at
// locates the partitioned sale (no foreign key to it, as for payout items). The card and customer are
// copied from the sale when the dispute opens, so the grid reads one table. chargeback_* and
// credit_* name the reversal transactions that moved its money (contracts chargebackRowOf,
// disputeWonRowOf).
export const disputes = pgTable(
  'disputes',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    transactionId: uuid().notNull(),
    transactionCreatedAt: timestamp({ withTimezone: true }).notNull(),
    // The processor's case number: one dispute per case.
    processorCaseId: text().notNull(),
    status: disputeStatus().notNull(),
    category: disputeCategory().notNull(),
    reasonCode: text().notNull(),
    amountCents: cents().notNull(),
    cardBrand: text(),
    last4: text(),
    customerName: text(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    // When the answer is due: the sale's records for an inquiry, the evidence for a chargeback.
    respondBy: timestamp({ withTimezone: true }),
    chargebackTransactionId: uuid(),
    chargebackCreatedAt: timestamp({ withTimezone: true }),
    creditTransactionId: uuid(),
    explanation: text().notNull().default(''),
    submittedAt: timestamp({ withTimezone: true }),
    decidedAt: timestamp({ withTimezone: true }),
    // When the reminders 5 days and 1 day before the respond-by date were queued: set in the
    // transaction that writes their e-mails, only while null, so each goes out once per dispute.
    remindedFiveDaysAt: timestamp({ withTimezone: true }),
    remindedOneDayAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('disputes_processor_case_unique').on(t.processorCaseId),
    // A sale is disputed once.
    uniqueIndex('disputes_transaction_unique').on(t.transactionId),
    // The grid of one merchant (or a parent's merchants), newest first.
    index('disputes_client_opened_idx').on(t.clientId, t.openedAt.desc()),
    // The job's expiry sweep and reminders: the disputes still waiting for an answer.
    index('disputes_awaiting_respond_by_idx')
      .on(t.respondBy)
      .where(sql`${t.status} in ('inquiry', 'needs_response')`),
  ],
);

// Each event the processor reported (and each one Portico caused), recorded once: the processor's
// event id is unique, so two instances polling the same feed record an event once.
export const disputeEvents = pgTable(
  'dispute_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    disputeId: uuid()
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    processorEventId: text().notNull(),
    kind: disputeEventKind().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dispute_events_processor_event_unique').on(t.processorEventId),
    index('dispute_events_dispute_idx').on(t.disputeId, t.occurredAt),
  ],
);

// Evidence files: documents of the merchant (checked and stored by the documents rules), tied to the
// dispute with their kind. Sealed once the dispute's evidence is submitted.
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: uuid().primaryKey().defaultRandom(),
    disputeId: uuid()
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: 'restrict' }),
    kind: evidenceKind().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dispute_evidence_dispute_idx').on(t.disputeId)],
);

// The sandbox processor's own case file (integrations/processors/sandbox-disputes.ts): the disputes it
// opened and what the merchant sent it, as an outside processor would keep them.
export const sandboxProcessorDisputes = pgTable(
  'sandbox_processor_disputes',
  {
    caseId: text().primaryKey(),
    transactionId: uuid().notNull(),
    transactionCreatedAt: timestamp({ withTimezone: true }).notNull(),
    clientId: uuid().notNull(),
    amountCents: cents().notNull(),
    category: disputeCategory().notNull(),
    inquiryAt: timestamp({ withTimezone: true }),
    chargebackAt: timestamp({ withTimezone: true }).notNull(),
    // The merchant's answer: submitted evidence kinds (comma-separated) or an acceptance.
    respondedAt: timestamp({ withTimezone: true }),
    response: text(),
    evidenceKinds: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_processor_disputes_transaction_unique').on(t.transactionId)],
);

// How far the sandbox has looked for sales to dispute (one row).
export const sandboxProcessorCursor = pgTable('sandbox_processor_cursor', {
  name: text().primaryKey(),
  scannedUntil: timestamp({ withTimezone: true }).notNull(),
});

export type Dispute = typeof disputes.$inferSelect;

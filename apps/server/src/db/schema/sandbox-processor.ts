import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt } from './columns';

// The sandbox processor's own books (integrations/processors/sandbox-processor.ts): one row per
// idempotency key it was sent, written on its own connection like an outside service would, so a
// repeated key gets the first answer and its state survives a crash of the server.
export const sandboxProcessorLedger = pgTable('sandbox_processor_ledger', {
  idempotencyKey: text().primaryKey(),
  processor: text().notNull(),
  operation: text().notNull(),
  transactionId: uuid().notNull(),
  amountCents: cents().notNull(),
  outcome: text().notNull(),
  reference: text().notNull().unique(),
  reason: text(),
  createdAt: createdAt(),
});

import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, createdAt, updatedAt } from './columns';

// pending: recorded before the processor is asked; settled: its approval is booked; failed: declined,
// or never reached the processor.
export const paymentAttemptState = pgEnum('payment_attempt_state', ['pending', 'settled', 'failed']);

// Every money-moving call to a processor, written before the call and settled after it
// (lib/money-attempt.ts), so a crash between the processor's answer and the commit is repaired at
// start-up instead of leaving money moved with no record. The id is the idempotency key the
// processor receives. user_id has no foreign key, as in the audit log: the record outlives the account.
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull(),
    // The caller's Idempotency-Key and the fingerprint of the request that claimed it.
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    // void, refund; later charge, subscription_charge, bill_payment, device_order.
    operation: text().notNull(),
    // The transaction acted on (the original of a void or refund), and the one the settlement wrote.
    transactionId: uuid(),
    resultTransactionId: uuid(),
    clientId: uuid(),
    amountCents: cents().notNull(),
    // The gateway asked, and the processor name it was picked by (null: the record named none).
    processor: text().notNull(),
    state: paymentAttemptState().notNull().default('pending'),
    processorReference: text(),
    processorReason: text(),
    // A decline's response code as the processor gave it (ISO 8583: '05', '51'…); the payer reads it
    // in words (contracts payment-frame/decline.ts).
    processorCode: text(),
    // What settling needs besides the columns: who asked and from where, the operation's own facts.
    context: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    // What may be paid only once (a one-time payment link's identity): held by the one attempt that
    // is pending or settled; a failed attempt lets it go, so the payer may try another card.
    onceKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live attempt per key: a declined one releases the key, as a rolled-back request did.
    uniqueIndex('payment_attempts_user_key_unique')
      .on(t.userId, t.idempotencyKey)
      .where(sql`state <> 'failed'`),
    // One live attempt per once-key: two payments of one one-time link cannot both be recorded.
    uniqueIndex('payment_attempts_once_key_unique').on(t.onceKey).where(sql`state <> 'failed'`),
    // What is held back from the amount left, and the start-up reconcile; both only read pending rows.
    index('payment_attempts_pending_idx').on(t.transactionId).where(sql`state = 'pending'`),
  ],
);

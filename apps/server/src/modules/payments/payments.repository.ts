import { undoTransactionTypes } from '@portico/contracts/transactions/transaction-enums';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentAttempts } from '../../db/schema/payment-attempts';
import { transactions } from '../../db/schema/transactions';

type TransactionInsert = typeof transactions.$inferInsert;

const originalColumns = {
  id: transactions.id,
  createdAt: transactions.createdAt,
  clientId: transactions.clientId,
  subEntityId: transactions.subEntityId,
  customerId: transactions.customerId,
  type: transactions.type,
  amountCents: transactions.amountCents,
  paymentStatus: transactions.paymentStatus,
  requestStatus: transactions.requestStatus,
  // Set by the database when a dispute is written: such a payment is never voided or refunded.
  isDisputed: transactions.isDisputed,
  processor: transactions.processor,
  paymentMethod: transactions.paymentMethod,
  cardBrand: transactions.cardBrand,
  cardType: transactions.cardType,
  last4: transactions.last4,
  token: transactions.token,
  customerFirstName: transactions.customerFirstName,
  customerLastName: transactions.customerLastName,
  customerEmail: transactions.customerEmail,
  apiResponse: transactions.apiResponse,
  thirdPartyApiResponse: transactions.thirdPartyApiResponse,
  meta: transactions.meta,
};

// The transaction being voided or refunded, locked until the surrounding transaction ends: a second
// void or refund of it waits here, then sees what the first one wrote, so two refunds of one
// transaction can never both succeed.
// The id alone does not name a partition; each partition answers from its primary key index.
export async function lockTransactionForUpdate(executor: Executor, id: string) {
  const [row] = await executor
    .select(originalColumns)
    .from(transactions)
    .where(eq(transactions.id, id))
    .for('update');
  return row ?? null;
}

export type LockedTransaction = NonNullable<Awaited<ReturnType<typeof lockTransactionForUpdate>>>;

// What earlier voids and refunds of the original already gave back, and what attempts still waiting
// for the processor may give (lib/money-attempt.ts), so the money cannot go back twice. Failed ones
// gave nothing. One statement, so a settlement committing meanwhile is counted once. Served by the
// partial indexes on transactions.original_transaction_id and pending payment_attempts.
export async function sumUndoneCents(executor: Executor, originalId: string): Promise<number> {
  const pendingCents = sql`(select coalesce(sum(${paymentAttempts.amountCents}), 0) from ${paymentAttempts}
    where ${paymentAttempts.transactionId} = ${originalId} and ${paymentAttempts.state} = 'pending')`;
  const [row] = await executor
    .select({ total: sql<string>`(coalesce(sum(${transactions.amountCents}), 0) + ${pendingCents})::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.originalTransactionId, originalId),
        inArray(transactions.type, [...undoTransactionTypes]),
        or(isNull(transactions.paymentStatus), eq(transactions.paymentStatus, true)),
      ),
    );
  const total = Number(row?.total ?? '0');
  if (!Number.isSafeInteger(total)) throw new RangeError(`Undone total out of range: ${row?.total}`);
  return total;
}

export async function insertUndoTransaction(executor: Executor, values: TransactionInsert) {
  const [row] = await executor.insert(transactions).values(values).returning({
    id: transactions.id,
    type: transactions.type,
    amountCents: transactions.amountCents,
    originalTransactionId: transactions.originalTransactionId,
    createdAt: transactions.createdAt,
  });
  if (!row) throw new Error('transaction insert returned nothing');
  return row;
}

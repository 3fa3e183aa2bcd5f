import { RiskErrorCode, RiskText } from '@portico/contracts/risk/risk';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { clients } from '../db/schema/clients';
import { payouts } from '../db/schema/settlements';
import { AppError } from './app-error';

// Merchant Control: a frozen merchant (clients.is_active = false) takes no new money. Every
// path that takes a payment calls assertMerchantCanTakePayments; payouts ask isMerchantFrozen or
// frozenMerchantIds. Voids and refunds give money back to cardholders and stay allowed.

export function merchantFrozenError(): AppError {
  return new AppError(RiskErrorCode.MerchantFrozen, 'business_rule', RiskText.PaymentsFrozen);
}

// Inside the charge's transaction the merchant row is read FOR SHARE: a freeze (an UPDATE of that
// row) waits for a charge already past this check to commit, and a charge waits for a freeze, so no
// payment slips in after the freeze is answered. Outside a transaction it is a plain read.
export async function assertMerchantCanTakePayments(executor: Executor, clientId: string): Promise<void> {
  const [row] = await executor
    .select({ isActive: clients.isActive })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('share');
  // An unknown merchant is the caller's own not-found; only a known, frozen one is refused here.
  if (row && !row.isActive) throw merchantFrozenError();
}

export async function isMerchantFrozen(executor: Executor, clientId: string): Promise<boolean> {
  const [row] = await executor
    .select({ isActive: clients.isActive })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ? !row.isActive : false;
}

// Payout computation: which of these merchants (or all, without a list) are frozen and held.
export async function frozenMerchantIds(
  executor: Executor,
  clientIds?: readonly string[],
): Promise<string[]> {
  if (clientIds && clientIds.length === 0) return [];
  const frozen = eq(clients.isActive, false);
  const rows = await executor
    .select({ id: clients.id })
    .from(clients)
    .where(clientIds ? and(frozen, inArray(clients.id, [...clientIds])) : frozen)
    .orderBy(sql`${clients.id}`);
  return rows.map((row) => row.id);
}

// A freeze holds the merchant's payouts that are still to be paid; unfreezing releases them, except
// while its settlement is paused. Runs in the transaction of the status change.
export async function holdOrReleasePayouts(
  executor: Executor,
  clientId: string,
  isActive: boolean,
): Promise<number> {
  const rows = isActive
    ? await executor
        .update(payouts)
        .set({ status: 'scheduled' })
        .where(
          and(
            eq(payouts.clientId, clientId),
            eq(payouts.status, 'held'),
            sql`not exists (select 1 from client_configs cc where cc.client_id = ${clientId} and cc.pause_settlement)`,
          ),
        )
        .returning({ id: payouts.id })
    : await executor
        .update(payouts)
        .set({ status: 'held' })
        .where(and(eq(payouts.clientId, clientId), eq(payouts.status, 'scheduled')))
        .returning({ id: payouts.id });
  return rows.length;
}

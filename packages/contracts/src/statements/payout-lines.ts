import {
  grossSignOfActionMode,
  isFailedPayment,
  isReturnedOrRejectedAchItem,
  netAmountCentsOfTransaction,
  type TransactionMoneyFacts,
} from '../transactions/gross-net';

// The lines of a payout: what each settled transaction put into it or took out of it, in integer
// cents and signed as the payout feels them. A sale adds its amount and takes its fee back in a fee
// line; refunds, voids, chargebacks and adjustments (returned or rejected ACH items) take theirs out.
// The lines of a transaction add up to its net amount (gross-net.ts), so the lines of a payout add up
// to the payout.

export const payoutItemKinds = ['sale', 'refund', 'void', 'chargeback', 'adjustment'] as const;
export type PayoutItemKind = (typeof payoutItemKinds)[number];
export const payoutLineKinds = ['sale', 'refund', 'void', 'chargeback', 'fee', 'adjustment'] as const;
export type PayoutLineKind = (typeof payoutLineKinds)[number];

export const payoutLineKindLabels: Readonly<Record<PayoutLineKind, string>> = {
  sale: 'Sale',
  refund: 'Refund',
  void: 'Void',
  chargeback: 'Chargeback',
  fee: 'Fee',
  adjustment: 'Adjustment',
};

// What the payout posting records for one settled transaction: the kind it was paid as, the
// transaction's amount and the net it added to the payout.
export type PayoutItem = {
  kind: PayoutItemKind | null;
  authAmountCents: number;
  netAmountCents: number;
};

export type PayoutLine = { kind: PayoutLineKind; amountCents: number };

// The kind a transaction is paid as, in the order the net rule reads it: a returned or rejected ACH
// item is an adjustment whatever else it says, a failed payment moves nothing, then the action
// mode decides. null: the transaction moves no money (no action mode, or it failed).
export function payoutItemKindOf(t: TransactionMoneyFacts): PayoutItemKind | null {
  if (isReturnedOrRejectedAchItem(t.proPayStatus)) return 'adjustment';
  if (isFailedPayment(t.paymentStatus)) return null;
  const sign = grossSignOfActionMode(t.actionMode);
  if (sign === 1) return 'sale';
  if (sign === 0) return null;
  if (t.actionMode === 'reversal') return 'chargeback';
  if (t.actionMode === 'void' || t.actionMode === 'terminal_void') return 'void';
  return 'refund';
}

// The item the posting records for a transaction.
export function payoutItemOf(t: TransactionMoneyFacts): PayoutItem {
  return {
    kind: payoutItemKindOf(t),
    authAmountCents: t.amountCents,
    netAmountCents: netAmountCentsOfTransaction(t),
  };
}

// The lines of one posted item. A sale is its amount plus a (negative) fee line for what was kept
// back; any other kind is one line of its net. The lines always add up to the item's net, so an item
// whose transaction changed after posting still shows what was paid. A net without a kind (an item
// posted before kinds were recorded, its transaction gone) shows as an adjustment.
export function payoutLinesOfItem(item: PayoutItem): PayoutLine[] {
  if (item.kind === 'sale') {
    const feeCents = item.netAmountCents - item.authAmountCents;
    const sale: PayoutLine = { kind: 'sale', amountCents: item.authAmountCents };
    return feeCents === 0 ? [sale] : [sale, { kind: 'fee', amountCents: feeCents }];
  }
  // A chargeback takes its amount, then its chargeback fee in a fee line (a dispute won comes back as
  // a chargeback of a negative amount, which the line adds back).
  if (item.kind === 'chargeback') {
    const feeCents = item.netAmountCents + item.authAmountCents;
    const chargeback: PayoutLine = { kind: 'chargeback', amountCents: -item.authAmountCents };
    return feeCents === 0 ? [chargeback] : [chargeback, { kind: 'fee', amountCents: feeCents }];
  }
  if (item.kind !== null) return [{ kind: item.kind, amountCents: item.netAmountCents }];
  return item.netAmountCents === 0 ? [] : [{ kind: 'adjustment', amountCents: item.netAmountCents }];
}

// The lines of a payout straight from its transactions (what the posting records, then reads back).
export function payoutLinesOfTransactions(transactions: readonly TransactionMoneyFacts[]): PayoutLine[] {
  return transactions.flatMap((t) => payoutLinesOfItem(payoutItemOf(t)));
}

export function payoutLinesSumCents(lines: readonly { amountCents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

export type PayoutLineTotal = { kind: PayoutLineKind; count: number; amountCents: number };

// The payout's totals by kind, signed like the lines, in the order of payoutLineKinds; a kind with no
// line is left out. They add up to the payout.
export function payoutLineTotals(lines: readonly PayoutLine[]): PayoutLineTotal[] {
  const totals = new Map<PayoutLineKind, PayoutLineTotal>();
  for (const line of lines) {
    const total = totals.get(line.kind) ?? { kind: line.kind, count: 0, amountCents: 0 };
    total.count += 1;
    total.amountCents += line.amountCents;
    totals.set(line.kind, total);
  }
  return payoutLineKinds.flatMap((kind) => {
    const total = totals.get(kind);
    return total ? [total] : [];
  });
}

import type { TransactionMoneyFacts } from './gross-net';
import { grossSignOfActionMode } from './gross-net';
import { type TransactionType, undoTransactionTypes } from './transaction-enums';
import { refundableCents } from './void-refund';

// What happened to a transaction after it was made: voided, refunded in full or
// in part, from the voids and refunds that link back to it (transaction.undone_by).

export type UndoFacts = { type: TransactionType; amountCents: number };

export const undoStateKinds = ['none', 'voided', 'refunded', 'partially_refunded'] as const;
export type UndoStateKind = (typeof undoStateKinds)[number];

export type UndoState = {
  kind: UndoStateKind;
  voidedCents: number;
  refundedCents: number;
  // What a refund may still give back.
  refundableCents: number;
};

export const UndoStateLabel: Record<Exclude<UndoStateKind, 'none'>, string> = {
  voided: 'Voided',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

// A void gives the whole amount back; every other undo type (refund, ach_refund, credit,
// blind_refund, reversal) counts as refunded.
export function undoStateOf(amountCents: number, undos: Iterable<UndoFacts>): UndoState {
  let voidedCents = 0;
  let refundedCents = 0;
  for (const undo of undos) {
    if (undo.type === 'void') voidedCents += undo.amountCents;
    else refundedCents += undo.amountCents;
  }
  const left = refundableCents(amountCents, voidedCents + refundedCents);
  const kind: UndoStateKind =
    voidedCents > 0
      ? 'voided'
      : refundedCents > 0 && left === 0
        ? 'refunded'
        : refundedCents > 0
          ? 'partially_refunded'
          : 'none';
  return { kind, voidedCents, refundedCents, refundableCents: left };
}

// The server refuses a void once anything was given back, and a refund once nothing is left: the
// actions follow the same facts so the page never offers one that cannot succeed.
export function canStillBeVoided(state: UndoState): boolean {
  return state.voidedCents === 0 && state.refundedCents === 0;
}

export function canStillBeRefunded(state: UndoState): boolean {
  return state.refundableCents > 0;
}

const undoTypes: ReadonlySet<TransactionType> = new Set(undoTransactionTypes);

// Amounts as listed: voids, refunds and credits read negative. The action mode
// decides as in the gross rule; a row without one is signed by its type.
export function signedAmountCents(facts: TransactionMoneyFacts, type: TransactionType): number {
  const sign = grossSignOfActionMode(facts.actionMode);
  if (sign === -1 || (sign === 0 && undoTypes.has(type))) return -facts.amountCents;
  return facts.amountCents;
}

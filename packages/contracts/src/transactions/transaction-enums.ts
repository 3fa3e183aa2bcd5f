import { z } from 'zod';

// Transaction enumerations, in the product's order and spelling. The server's database enums
// (apps/server/src/db/schema/enums.ts) are built from these lists.

export const transactionTypes = [
  'cc',
  'credit',
  'card',
  'terminal',
  'charge',
  'authorize',
  'terminal_charge',
  'debit',
  'ach',
  'cash',
  'void',
  'refund',
  'ach_refund',
  'blind_refund',
  'reversal',
  'batch',
] as const;
export type TransactionType = (typeof transactionTypes)[number];
export const transactionTypeSchema = z.enum(transactionTypes);

// action_mode decides the sign of an amount in gross and net.
export const actionModes = [
  'settle',
  'debit',
  'charge',
  'apple_pay',
  'refund',
  'void',
  'blind_refund',
  'reversal',
  'credit',
  'terminal_void',
  'terminal_refund',
] as const;
export type ActionMode = (typeof actionModes)[number];
export const actionModeSchema = z.enum(actionModes);

export const proPayStatuses = ['ACHInReturned', 'ACHInRejected', 'CCDebitVoided'] as const;
export type ProPayStatus = (typeof proPayStatuses)[number];
export const proPayStatusSchema = z.enum(proPayStatuses);

// payment_status is "true or false, may be a string"; null while the processor has not
// answered.
export const paymentStatusSchema = z.union([z.boolean(), z.enum(['true', 'false'])]).nullable();
export type PaymentStatusValue = boolean | string | null;

// Card and ACH rights decide who may void or refund; "Cash follows the card rights".
export type PaymentRail = 'card' | 'ach' | 'cash';

// Types that undo another transaction: "type is not already void, refund, ach_refund,
// credit, blind_refund or reversal".
export const undoTransactionTypes = [
  'void',
  'refund',
  'ach_refund',
  'credit',
  'blind_refund',
  'reversal',
] as const satisfies readonly TransactionType[];

const railByPaymentType: Partial<Record<TransactionType, PaymentRail>> = {
  cc: 'card',
  card: 'card',
  terminal: 'card',
  charge: 'card',
  authorize: 'card',
  terminal_charge: 'card',
  // Payment record types pair debit with ACH (ach_charge, ach_refund); the seed's ACH
  // debits are typed ach or debit.
  debit: 'ach',
  ach: 'ach',
  cash: 'cash',
};

// null: not a payment that can be undone. Undo types (above) and batch, a terminal's batch-close
// record that sums payments already counted one by one.
export function paymentRailOfTransactionType(type: TransactionType): PaymentRail | null {
  return railByPaymentType[type] ?? null;
}

import type { processor } from '../../db/schema/enums';

// The card, ACH and crypto processors are outside services (design.md §5). Portico speaks to each
// through this interface; this build ships a deterministic sandbox behind it.

export type ProcessorName = (typeof processor.enumValues)[number];

// What a processor needs to undo a payment. Never a card number: Portico holds only tokens.
export type GatewayTransaction = {
  id: string;
  processor: ProcessorName | null;
  paymentMethod: string | null;
  amountCents: number;
  token: string | null;
};

export type GatewayAnswer =
  | { outcome: 'approved'; reference: string }
  | { outcome: 'declined'; reference: string; reason: string };

// Every money-moving call carries an idempotency key (the payment attempt's id, lib/money-attempt.ts):
// the processor moves the money at most once per key and answers a repeated key with its first answer.
export type ProcessorGateway = {
  readonly name: string;
  void(transaction: GatewayTransaction, idempotencyKey: string): Promise<GatewayAnswer>;
  refund(
    transaction: GatewayTransaction,
    amountCents: number,
    idempotencyKey: string,
  ): Promise<GatewayAnswer>;
  // The answer the processor gave to this key; null when it never received it.
  lookup(idempotencyKey: string): Promise<GatewayAnswer | null>;
};

// Picks the gateway of the processor that took the payment (null: the record names none).
export type ProcessorDirectory = {
  gatewayFor(processor: ProcessorName | null): ProcessorGateway;
};

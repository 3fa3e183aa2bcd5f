import { returnedOrRejectedAchItemCents } from '@portico/contracts/transactions/gross-net';

// The contracts gross rule (transactions/gross-net.ts) as one SQL expression, for sums the database
// must do itself (dashboard stats, seeded ledgers). Same order as grossAmountCentsOfTransaction: a
// returned or rejected ACH item is -25.00 even when its payment failed, then a failed payment is 0,
// then the action mode's sign. A null payment_status (no answer yet) is not a failure.
// `alias` is the transactions table's alias in the surrounding query, e.g. 't'.
export function grossCentsSql(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  const t = alias;
  return `(case
    when ${t}.pro_pay_status in ('ACHInReturned', 'ACHInRejected') then ${returnedOrRejectedAchItemCents}
    when ${t}.payment_status is false then 0
    when ${t}.action_mode in ('settle', 'debit', 'charge', 'apple_pay') then ${t}.amount_cents
    when ${t}.action_mode in ('refund', 'void', 'blind_refund', 'reversal', 'credit', 'terminal_void', 'terminal_refund')
      then -${t}.amount_cents
    else 0 end)`;
}

// As contracts isFailedPayment: a payment failed when payment_status is false.
export function isNotFailedPaymentSql(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  return `(${alias}.payment_status is distinct from false)`;
}

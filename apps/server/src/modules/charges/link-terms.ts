import { createHash } from 'node:crypto';
import {
  isLinkExpired,
  isOneTimeLink,
  type LinkState,
  LinkTermsText,
  oneTimeLinkIdentity,
} from '@portico/contracts/payment-frame/link-terms';
import type { PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import type { Db, Executor } from '../../db/client';
import type { IdempotentRequest, IdempotentResult } from '../../lib/idempotency';
import {
  type AttemptPlanner,
  isOnceKeyTaken,
  liveAttemptOfOnceKey,
  type MoneyOperation,
  runMoneyAttempt,
} from '../../lib/money-attempt';
import { ChargeError } from './charges.errors';

// A signed link's terms on the charge path (the rules in contracts payment-frame/link-terms.ts): an
// expired link takes no payment, and a one-time link is paid once. The payment of a one-time link is
// a money attempt holding the link's once-key (lib/money-attempt.ts): the unique index on it lets one
// attempt be pending or settled at a time, so two payers at once record one attempt, a paid link
// refuses every later one, and a declined attempt lets the link go.

// The once-key of a signed one-time link, null for any other params. Scoped to the merchant, so no
// merchant's link id can ever stand for another's link.
export function oneTimeLinkKeyOf(merchantId: string, params: PaymentFrameParams, sig: string): string | null {
  if (!isOneTimeLink(params)) return null;
  return createHash('sha256')
    .update(`payment-link:${merchantId}:${oneTimeLinkIdentity(params, sig)}`)
    .digest('base64url');
}

export function assertLinkNotExpired(params: PaymentFrameParams, isSigned: boolean, now: Date): void {
  if (isSigned && isLinkExpired(params, now)) throw ChargeError.LinkExpired(LinkTermsText.Expired);
}

async function refusalOfHeldLink(executor: Executor, onceKey: string) {
  const held = await liveAttemptOfOnceKey(executor, onceKey);
  if (held === 'settled') return ChargeError.LinkAlreadyPaid(LinkTermsText.AlreadyPaid);
  if (held === 'pending') return ChargeError.LinkPaymentInProgress(LinkTermsText.PaymentInProgress);
  return null;
}

// The payment of a one-time link: its attempt recorded in one transaction with the link checked
// free, holding the link's once-key. A payment recorded by another payer in between (the unique index
// refused this one, nothing written) is refused the same way.
export async function payOneTimeLink<T>(
  db: Db,
  operation: MoneyOperation<T>,
  request: IdempotentRequest & { operation: string },
  planner: AttemptPlanner,
  onceKey: string,
): Promise<IdempotentResult<T>> {
  try {
    return await runMoneyAttempt(db, operation, request, async (tx) => {
      await planner.guard?.assert(tx);
      const refusal = await refusalOfHeldLink(tx, onceKey);
      if (refusal !== null) throw refusal;
      return { ...(await planner.plan(tx)), onceKey };
    });
  } catch (err) {
    if (!isOnceKeyTaken(err)) throw err;
    throw (
      (await refusalOfHeldLink(db, onceKey)) ??
      ChargeError.LinkPaymentInProgress(LinkTermsText.PaymentInProgress)
    );
  }
}

// What the frame is to show for signed params before asking for a card.
export async function linkStateOf(
  db: Db,
  merchantId: string,
  params: PaymentFrameParams,
  sig: string,
  now: Date,
): Promise<LinkState> {
  if (isLinkExpired(params, now)) return 'expired';
  const onceKey = oneTimeLinkKeyOf(merchantId, params, sig);
  if (onceKey === null) return 'open';
  return (await liveAttemptOfOnceKey(db, onceKey)) === 'settled' ? 'paid' : 'open';
}

import type { Caller } from '../../access/caller';
import type { Db } from '../../db/client';
import type { ChargeGateway } from '../../integrations/processors/processor-gateway';
import type { TerminalProvider } from '../../integrations/terminals/terminal-provider';
import type { BoundedCache } from '../../lib/bounded-memo';
import type { FrameMerchantRow } from './charges.repository';

// What the charge path works with and who calls it: read by the service, its plan and its booking.

export type ChargeDeps = {
  db: Db;
  gateway: ChargeGateway;
  dataKey: () => Buffer;
  now: () => Date;
  // The receipt of the first cycle a subscription link's charge paid, after the commit.
  sendSeriesReceipt?: (transactionId: string) => Promise<void>;
  // Linked devices (newpos, pax, terminal); without it no device payment is offered.
  terminalProvider?: TerminalProvider;
  // Merchants of publishable keys charged lately, checked by version in each claim (takeCharge);
  // without it every charge reads its merchant first.
  frameMerchants?: BoundedCache<FrameMerchantRow>;
};

// Who calls the payment frame, whose routes are public: a payer without an account (no session) or a
// signed-in user, whose Virtual Terminal rights on the merchant the frame reads; and where the call
// came from, for the charge's audit entry.
export type PaymentFrameCaller = Pick<Caller, 'origin'> & { session: Caller['session'] | null };

// The Virtual Terminal permissions a signed-in caller holds on a merchant, with the merchant's
// locations the user is tied to (empty: not tied).
export type VirtualTerminalAccess = { grants: ReadonlySet<string>; locationIds: readonly string[] };

import type { DisputeDetail } from '@portico/contracts/disputes/disputes';

const dayMs = 86_400_000;

// Transaction Search opened on the disputed payment: its id, in a day either side of the sale, at
// its merchant (the search form's own address, the q parameter).
export function transactionSearchHref(
  dispute: Pick<DisputeDetail, 'transaction_id' | 'transaction_created_at' | 'merchant_id'>,
): string {
  const at = Date.parse(dispute.transaction_created_at);
  const criteria = {
    start_date: new Date(at - dayMs).toISOString(),
    end_date: new Date(at + dayMs).toISOString(),
    transaction_id: dispute.transaction_id,
    merchant_id: dispute.merchant_id,
  };
  return `/reporting/search?q=${encodeURIComponent(JSON.stringify(criteria))}`;
}

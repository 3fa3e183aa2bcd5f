import { formatCentsAsDecimal } from '../money/money';

// The customer's unsubscribe address (spec 1 §2.2, spec 3 §2): /unsubscribe/{seriesId}+{merchantName}+{amount}
// as one path segment. The seriesId slot carries the cancel token (issue 18 item 3), never the series
// id; the name is encoded so a '+' or '/' in it cannot split the segment.
export function unsubscribePath(cancelId: string, merchantName: string, amountCents: number): string {
  return `/unsubscribe/${cancelId}+${encodeURIComponent(merchantName)}+${formatCentsAsDecimal(amountCents)}`;
}

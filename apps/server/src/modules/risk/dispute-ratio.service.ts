import {
  DisputeRatioErrorCode,
  type DisputeRatioRow,
  type DisputeRatios,
  type DisputeRatiosQuery,
  DisputeRatioText,
  defaultDisputeRatioThresholdHundredths,
  disputeRatioOf,
  hundredthsAsPercentText,
  parsePercentToHundredths,
} from '@portico/contracts/risk/dispute-ratio';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { resolveReportAccess } from '../../access/report-access';
import type { Db } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import {
  findDisputeRatioThreshold,
  listDisputeRatioCounts,
  saveDisputeRatioThreshold,
} from './risk.repository';

export const DisputeRatioError = defineErrors({
  ThresholdInvalid: [DisputeRatioErrorCode.ThresholdInvalid, 'validation'],
});

// [first instant of the month, first instant of the next), in UTC.
export function monthRange(month: string): { from: Date; to: Date } {
  const from = new Date(`${month}-01T00:00:00.000Z`);
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  return { from, to };
}

async function thresholdOf(db: Db): Promise<number> {
  return (await findDisputeRatioThreshold(db)) ?? defaultDisputeRatioThresholdHundredths;
}

// Flagged first, then the highest ratio (disputes without sales first), then by name.
function byConcern(a: DisputeRatioRow & { sortRatio: number }, b: DisputeRatioRow & { sortRatio: number }) {
  if (a.is_flagged !== b.is_flagged) return a.is_flagged ? -1 : 1;
  if (a.sortRatio !== b.sortRatio) return b.sortRatio - a.sortRatio;
  return a.merchant_name.localeCompare(b.merchant_name);
}

// The Disputes tab: each merchant of the caller's scope (the merchant a call names with its
// hierarchy, else every merchant the caller reaches) with disputes or card sales in the month.
export async function disputeRatios(
  db: Db,
  caller: Caller,
  query: DisputeRatiosQuery,
  now: Date,
): Promise<DisputeRatios> {
  const month = query.month ?? now.toISOString().slice(0, 7);
  const { from, to } = monthRange(month);
  const access = await resolveReportAccess(db, caller, null);
  const scope = access.scope.kind === 'all' ? 'all' : access.scope.clientIds;
  const [threshold, counts] = await Promise.all([
    thresholdOf(db),
    listDisputeRatioCounts(db, scope, from, to),
  ]);
  const rows = counts.map((count) => {
    const ratio = disputeRatioOf({ disputes: count.disputes, cardSales: count.sales }, threshold);
    return {
      merchant_id: count.clientId,
      merchant_name: count.name,
      disputes: count.disputes,
      card_sales: count.sales,
      ratio: ratio.ratioHundredths === null ? null : hundredthsAsPercentText(ratio.ratioHundredths),
      is_flagged: ratio.isFlagged,
      notes: count.notes,
      sortRatio: ratio.ratioHundredths ?? Number.POSITIVE_INFINITY,
    };
  });
  return {
    month,
    threshold: hundredthsAsPercentText(threshold),
    rows: rows.sort(byConcern).map(({ sortRatio: _sortRatio, ...row }) => row),
  };
}

// Staff change the threshold; audited with the value before and after, in the same transaction.
export async function changeDisputeRatioThreshold(
  db: Db,
  caller: Caller,
  thresholdText: string,
): Promise<{ threshold: string }> {
  const hundredths = parsePercentToHundredths(thresholdText);
  if (hundredths === null) throw DisputeRatioError.ThresholdInvalid(DisputeRatioText.ThresholdInvalid);
  await db.transaction(async (tx) => {
    const before = await saveDisputeRatioThreshold(tx, hundredths, caller.session.userId);
    await recordAudit(tx, {
      action: 'risk.dispute_threshold',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'risk_settings',
      targetId: 'dispute_ratio_threshold',
      details: {
        from: hundredthsAsPercentText(before ?? defaultDisputeRatioThresholdHundredths),
        to: hundredthsAsPercentText(hundredths),
      },
    });
  });
  return { threshold: hundredthsAsPercentText(hundredths) };
}

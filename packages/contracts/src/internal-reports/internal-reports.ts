import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Named, read-only reports over Portico's own data, each a view in the
// database's reporting schema. The browser shows each name without the 'reporting.' prefix.

export const internalReportPrefix = 'reporting.';

export const internalReportNames = [
  'reporting.merchant_volume_by_month',
  'reporting.declines_by_reason',
  'reporting.enrollments_by_status',
  'reporting.high_ticket_transactions',
  'reporting.merchant_status_changes',
  'reporting.payouts_by_month',
] as const;
export type InternalReportName = (typeof internalReportNames)[number];

// Rows a report answers at most; every view is also bounded in time.
export const maxInternalReportRows = 100_000;

export function internalReportLabel(name: string): string {
  return name.startsWith(internalReportPrefix) ? name.slice(internalReportPrefix.length) : name;
}

// The name as people read it: 'reporting.declines_by_reason' → 'Declines by reason'.
export function internalReportTitle(name: string): string {
  const words = internalReportLabel(name).replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The page's sourceName may come with or without the prefix; anything else is no report.
export function resolveInternalReportName(sourceName: string): InternalReportName | null {
  const qualified = sourceName.startsWith(internalReportPrefix)
    ? sourceName
    : `${internalReportPrefix}${sourceName}`;
  return internalReportNames.find((name) => name === qualified) ?? null;
}

export const InternalReportText = {
  NotFound: 'No such internal report',
} as const;
export const InternalReportErrorCode = { NotFound: 'INTERNAL_REPORT_NOT_FOUND' } as const;

export const internalReportParams = z.object({ sourceName: z.string().min(1).max(100) });

// Dates arrive as ISO strings, money as decimal strings with 2 places, counts as numbers.
export const internalReportCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type InternalReportCell = z.infer<typeof internalReportCell>;
export const internalReportRowSchema = z.record(z.string(), internalReportCell);
export type InternalReportRow = z.infer<typeof internalReportRowSchema>;

export const internalReportNamesResponse = successEnvelope(z.array(z.string()));
export const internalReportRowsResponse = successEnvelope(z.array(internalReportRowSchema));

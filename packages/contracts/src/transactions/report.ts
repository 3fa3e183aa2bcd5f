import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { transactionSchema } from './transaction';

// The Classic report: GET /api/v1/report, its paging rules and constants.

export const reportPageSizeOptions = [25, 50, 100, 250, 500, 1000] as const;
export type ReportPageSize = (typeof reportPageSizeOptions)[number];
export const defaultReportPageSize: ReportPageSize = 250;
// Default report range: last 7 days for classic, last 30 days for admin.
export const defaultClassicReportRangeDays = 7;
export const defaultAdminReportRangeDays = 30;
// "The report refetches 200 ms after a date filter change."
export const reportRefetchDelayMs = 200;
export const transactionReportFileName = 'Transaction Report.xlsx';

// Load All: one row array per line, appended "in batches between 100 and 1000".
export const reportStreamContentType = 'application/x-ndjson';
export const reportStreamBatchSize = { min: 100, max: 1000 } as const;

export function isReportPageSize(size: number): size is ReportPageSize {
  return reportPageSizeOptions.some((option) => option === size);
}

// A page size of zero or less resets to 250. Anything unreadable resets too.
export function normalizeReportPageSize(size: number): number {
  return Number.isFinite(size) && size > 0 ? size : defaultReportPageSize;
}

export function reportTotalPages(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / normalizeReportPageSize(size)));
}

// A page number below 1 resets to 1, above the total pages is clamped. One-based, as the
// page input shows it; the request's page is this minus 1.
export function clampReportPageNumber(pageNumber: number, totalPages: number): number {
  if (!Number.isFinite(pageNumber) || pageNumber < 1) return 1;
  return Math.min(Math.trunc(pageNumber), Math.max(1, Math.trunc(totalPages)));
}

// "optional search={term field}={value}": the merchant's meta_field_search name, '=', the value.
export type ReportSearchTerm = { field: string; value: string };

export function parseReportSearchParameter(text: string): ReportSearchTerm | null {
  const separator = text.indexOf('=');
  if (separator <= 0) return null;
  const field = text.slice(0, separator).trim();
  const value = text.slice(separator + 1).trim();
  if (field === '' || value === '') return null;
  return { field, value };
}

export function formatReportSearchParameter(term: ReportSearchTerm): string {
  return `${term.field}=${term.value}`;
}

const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const reportQuery = z
  .object({
    // The From and To days as picked (yyyy-mm-dd).
    start: z.iso.date(),
    end: z.iso.date(),
    // The same days as UTC instants in the user's timezone: start_at is the first instant of From,
    // end_at the first instant after To (exclusive). Without them the days are read as UTC days.
    start_at: z.iso.datetime().optional(),
    end_at: z.iso.datetime().optional(),
    // Zero-based.
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce
      .number()
      .int()
      .default(defaultReportPageSize)
      .transform(normalizeReportPageSize)
      .refine(isReportPageSize, { message: `Page size must be one of ${reportPageSizeOptions.join(', ')}` }),
    search: z
      .string()
      .max(500)
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text.trim() === '') return undefined;
        const term = parseReportSearchParameter(text);
        if (term === null) {
          ctx.addIssue({ code: 'custom', message: 'Search must read field=value' });
          return z.NEVER;
        }
        return term;
      }),
    // Load All: answer an NDJSON stream of every row.
    is_portal_request: queryFlag.optional(),
    // Admin: read the reporting source ("with-snowflake").
    snowflake: queryFlag.optional(),
  })
  .superRefine((query, ctx) => {
    // "Load All requires the start date on or before the end date"; a reversed range pages nothing
    // either, so it is refused for both modes.
    if (query.start > query.end) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'Start date must be on or before end date' });
    }
    if ((query.start_at === undefined) !== (query.end_at === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'start_at and end_at go together' });
    } else if (query.start_at !== undefined && query.end_at !== undefined) {
      if (Date.parse(query.start_at) > Date.parse(query.end_at)) {
        ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'start_at must be on or before end_at' });
      }
    }
  });
export type ReportQuery = z.infer<typeof reportQuery>;
export type ReportQueryInput = z.input<typeof reportQuery>;

const dayMs = 86_400_000;

// The half-open window [startAt, endAt) the report covers.
export function reportWindowOf(query: Pick<ReportQuery, 'start' | 'end' | 'start_at' | 'end_at'>): {
  startAt: Date;
  endAt: Date;
} {
  if (query.start_at !== undefined && query.end_at !== undefined) {
    return { startAt: new Date(query.start_at), endAt: new Date(query.end_at) };
  }
  const startAt = new Date(`${query.start}T00:00:00.000Z`);
  const endAt = new Date(new Date(`${query.end}T00:00:00.000Z`).getTime() + dayMs);
  return { startAt, endAt };
}

// A report row: [created time, transaction, merchant DBA name, parent name]. A merchant
// without a parent, or without a DBA name, has null there.
export const reportRowSchema = z.tuple([
  z.iso.datetime(),
  transactionSchema,
  z.string().nullable(),
  z.string().nullable(),
]);
export type ReportRow = z.infer<typeof reportRowSchema>;

// "Rows are read from message, data or items, with a total field": Portico answers the rows in
// message and the row count of the whole window in total.
export const reportPageResponse = successEnvelope(z.array(reportRowSchema)).extend({
  total: z.number().int().min(0),
});
export type ReportPageResponse = z.infer<typeof reportPageResponse>;

// One row of the caller's report by transaction id: the detail viewer follows the links between an
// original and its voids and refunds with it (GET /api/v1/report/transaction?id=).
export const reportTransactionQuery = z.object({ id: z.uuid() });
export const reportTransactionResponse = successEnvelope(reportRowSchema);
export type ReportTransactionResponse = z.infer<typeof reportTransactionResponse>;
export const ReportTransactionText = {
  NotFound: 'Transaction not found',
  // Above the report and search grids: how a row opens.
  OpenRowHint: 'Click a transaction to open its details, receipt, void and refund.',
  // A same-day payment: refunds open once the day's sales have closed (void is the same-day undo).
  RefundOpensTomorrow:
    "Refund becomes available after midnight Eastern time, once today's sales have closed.",
} as const;

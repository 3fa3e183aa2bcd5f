import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { gridFilterModelSchema, gridSortModelSchema } from '../grid/grid-layout';
import { isValidTimeZone } from '../grid/zoned-time';

// Server-side exports ('All matching rows'): the server writes every row the grid's filters match
// into a file, kept for exportKeptDays, listed on the Exports page and announced by e-mail.

export const exportKeptDays = 7;

export const exportFormats = ['csv', 'xlsx'] as const;
export const exportFormatSchema = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

// The grids that can export on the server.
export const exportGrids = [
  'transaction-report',
  'audit-log',
  'disputes',
  'payouts',
  'statements',
  'vault',
  'transaction-search',
] as const;
export const exportGridSchema = z.enum(exportGrids);
export type ExportGrid = z.infer<typeof exportGridSchema>;

export const exportGridLabels: Record<ExportGrid, string> = {
  'transaction-report': 'Transaction Report',
  'audit-log': 'Audit Log',
  disputes: 'Disputes',
  payouts: 'Payouts',
  statements: 'Statement',
  vault: 'Customer Vault',
  'transaction-search': 'Transaction Search',
};

export const exportStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
export const exportStatusSchema = z.enum(exportStatuses);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

export const exportStatusLabels: Record<ExportStatus, string> = {
  queued: 'Waiting to start',
  running: 'Running',
  succeeded: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export function isExportUnderway(status: ExportStatus): boolean {
  return status === 'queued' || status === 'running';
}

// The zone an export's times (and a schedule's runs) are read in: an IANA name.
export const timeZoneNameSchema = z
  .string()
  .min(1)
  .max(100)
  .refine(isValidTimeZone, { message: 'Time zone must be an IANA zone name (America/New_York)' });

// POST /api/exports/{grid}: what the grid shows: its visible columns in order, its filters and
// sort, and the zone its times are read in. params are the grid's own query (for the report: its
// dates and search); merchant_id the merchant it is narrowed to, checked like the grid's own call.
export const exportRequestBody = z.strictObject({
  merchant_id: z.uuid().optional(),
  format: exportFormatSchema,
  params: z.record(z.string().max(100), z.string().max(500)),
  columns: z.array(z.string().min(1).max(200)).min(1).max(200),
  filters: gridFilterModelSchema.default({}),
  sort_model: gridSortModelSchema.max(10).default([]),
  time_zone: timeZoneNameSchema,
});
export type ExportRequestBody = z.input<typeof exportRequestBody>;

export const exportSchema = z.object({
  id: z.uuid(),
  grid: exportGridSchema,
  title: z.string(),
  format: exportFormatSchema,
  status: exportStatusSchema,
  // Rows written so far, and the rows of the grid's window before its filters (the progress bar's
  // end); null until counted.
  rows_written: z.number().int().min(0),
  rows_total: z.number().int().min(0).nullable(),
  byte_size: z.number().int().min(0).nullable(),
  file_name: z.string(),
  // Why it failed, in words.
  error: z.string().nullable(),
  created_at: z.iso.datetime(),
  finished_at: z.iso.datetime().nullable(),
  expires_at: z.iso.datetime().nullable(),
});
export type Export = z.infer<typeof exportSchema>;

export const exportResponse = successEnvelope(exportSchema);
export const exportListResponse = successEnvelope(z.array(exportSchema));
export const exportIdParams = z.object({ id: z.uuid() });

// 0..1 for the progress bar.
export function exportProgressOf(item: Pick<Export, 'rows_written' | 'rows_total' | 'status'>): number {
  if (item.status === 'succeeded') return 1;
  if (item.rows_total === null || item.rows_total === 0) return 0;
  return Math.min(1, item.rows_written / item.rows_total);
}

export const ExportText = {
  Requested: 'Your export has started. It will be listed under Exports and e-mailed to you when ready.',
  NotFound: 'This export does not exist or is not yours.',
  Expired: `This export has expired: files are kept ${exportKeptDays} days. Export the rows again.`,
  Cancelled: 'This export was cancelled: export the rows again to download them.',
  NotReady: 'This export is not ready yet.',
  Failed: 'This export failed: retry it from the Exports page.',
  CannotCancel: 'Only an export that is waiting or running can be cancelled.',
  CannotRetry: 'Only a failed or cancelled export can be retried.',
  AccessLost: 'You no longer have access to these rows, so the export cannot be downloaded.',
  NoColumns: 'Choose at least one column the export can write.',
  UnknownColumn: 'A column of this export is not one the grid has.',
  // A sort the database cannot give the rows in; headers: the columns it can sort by.
  SortNotSupported: (headers: readonly string[]) =>
    headers.length === 0
      ? 'All matching rows are exported in the grid’s own order: clear the sort, or export This view.'
      : `All matching rows can be sorted by ${headers.join(', ')} only: sort by one of them, clear the sort, or export This view.`,
  TooManyRowsForExcel:
    'More than 1,048,575 rows do not fit in an Excel sheet: export CSV or narrow the dates.',
  FileMissing: 'The export file is missing: retry the export.',
  MailSubject: 'Your export is ready',
  MailReady: (title: string, rows: number) =>
    `Your export of ${title} is ready: ${rows.toLocaleString('en-US')} rows. Download it within ${exportKeptDays} days (sign in first):`,
  MailList: 'All your exports:',
} as const;

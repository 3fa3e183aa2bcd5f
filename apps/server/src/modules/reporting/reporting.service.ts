import {
  type ReportQuery,
  ReportTransactionText,
  reportStreamBatchSize,
  reportWindowOf,
} from '@portico/contracts/transactions/report';
import type { SearchRequestBody } from '@portico/contracts/transactions/search';
import type { ReportAccess } from '../../access/report-access';
import type { DatabaseHandle, Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { type ReportRowFields, ReportRowWriter } from './report-row';
import { readReportRows } from './report-stream';
import {
  countReportRows,
  findReportRow,
  listReachableLocationIds,
  listReportPage,
  listSearchRows,
  listUndoesOf,
  type ReportWindowQuery,
} from './reporting.repository';

// The total of a paged report is exact up to this many rows and reads this many at most: counting
// stops after cap + 1 entries of the (client_id, created_at) or (created_at) index, within the
// window's partitions, so a page costs the same at 10M transactions as at 100k. 400 pages of 250;
// deeper than that, Load All streams everything.
export const reportTotalCap = 100_000;
// Load All without an NDJSON Accept header answers one JSON document; beyond this many rows it is
// refused (the stream has no limit).
export const reportJsonMaxRows = 100_000;
// Search: the window and the rows one answer may hold (the results grid pages 500 at a time).
export const searchMaxDays = 93;
export const searchMaxRows = 10_000;

export const ReportingText = {
  TooManyRowsForJson: `More than ${reportJsonMaxRows.toLocaleString('en-US')} transactions: load them as a stream (Accept: application/x-ndjson) or narrow the dates`,
  SearchWindowTooLong: `Search at most ${searchMaxDays} days at a time`,
  LocationOutOfReach: 'A location in this search is outside your reach.',
  TooManySearchRows: `More than ${searchMaxRows.toLocaleString('en-US')} transactions match: narrow the search`,
} as const;

export const ReportingError = defineErrors({
  TransactionNotFound: ['TRANSACTION_NOT_FOUND', 'not_found'],
  TooManyRowsForJson: ['REPORT_TOO_LARGE', 'business_rule'],
  SearchWindowTooLong: ['SEARCH_WINDOW_TOO_LONG', 'business_rule'],
  TooManySearchRows: ['SEARCH_TOO_MANY_ROWS', 'business_rule'],
  LocationOutOfReach: ['LOCATION_OUT_OF_REACH', 'forbidden'],
});

export function reportWindowQuery(access: ReportAccess, query: ReportQuery): ReportWindowQuery {
  const { startAt, endAt } = reportWindowOf(query);
  return { scope: access.scope, startAt, endAt, search: query.search };
}

// Appending to one string per batch is the cheapest way V8 has to build it (cheaper than join).
function rowsJson(writer: ReportRowWriter, rows: readonly ReportRowFields[], separator: string): string {
  let out = '';
  for (let i = 0; i < rows.length; i++) {
    out += `${i === 0 ? '' : separator}${writer.reportRow(rows[i] ?? '')}`;
  }
  return out;
}

// The paged answer, as the JSON text of reportPageResponse. Page and count run side by side (two
// connections on PostgreSQL).
export async function reportPageJson(executor: Executor, access: ReportAccess, query: ReportQuery) {
  const window = reportWindowQuery(access, query);
  const [rows, counted] = await Promise.all([
    listReportPage(executor, { ...window, page: query.page, size: query.size }),
    countReportRows(executor, window, reportTotalCap),
  ]);
  const total = Math.min(counted, reportTotalCap);
  const writer = new ReportRowWriter(access.advanced);
  writer.setUndoes(await listUndoesOf(executor, rows));
  return `{"status":true,"message":[${rowsJson(writer, rows, ',')}],"total":${total}}`;
}

// Load All as NDJSON: one row array per line, written into Buffers of about chunkBytes. A batch
// of rows built as one string would be a rope of tens of thousands of pieces, which the socket write
// flattens and measures again (Buffer.byteLength); each row encoded on its own is cheaper. The batch
// size changes how the rows are read, never the bytes written.
const chunkBytes = 1 << 20;

export async function* reportNdjsonChunks(
  database: DatabaseHandle,
  access: ReportAccess,
  window: ReportWindowQuery,
  batchSize: number = reportStreamBatchSize.max,
): AsyncGenerator<Buffer, void, undefined> {
  const writer = new ReportRowWriter(access.advanced);
  let chunk = Buffer.allocUnsafe(chunkBytes);
  let used = 0;
  for await (const batch of readReportRows(database, window, batchSize)) {
    writer.addMerchants(batch.merchants);
    writer.setUndoes(batch.undoes);
    for (const row of batch.lines) {
      const line = writer.reportRow(row);
      // A UTF-16 unit takes at most 3 bytes in UTF-8; the newline one more.
      const room = line.length * 3 + 1;
      if (chunk.length - used < room) {
        if (used > 0) yield chunk.subarray(0, used);
        chunk = Buffer.allocUnsafe(Math.max(chunkBytes, room));
        used = 0;
      }
      used += chunk.write(line, used);
      chunk[used++] = 10;
    }
    // Sent at the end of each batch, so the browser sees rows as soon as they are read.
    if (used > 0) {
      yield chunk.subarray(0, used);
      chunk = chunk.subarray(used);
      used = 0;
    }
  }
}

// Load All without NDJSON: the same rows in one reportPageResponse document, written as they are
// read (total comes last, once counted), after a capped count has said they fit.
export async function reportJsonFallback(
  database: DatabaseHandle,
  access: ReportAccess,
  window: ReportWindowQuery,
  batchSize: number = reportStreamBatchSize.max,
): Promise<AsyncGenerator<string, void, undefined>> {
  const counted = await countReportRows(database.db, window, reportJsonMaxRows);
  if (counted > reportJsonMaxRows) throw ReportingError.TooManyRowsForJson(ReportingText.TooManyRowsForJson);
  return (async function* () {
    const writer = new ReportRowWriter(access.advanced);
    // Nothing is sent before the first batch is read, so a database failure is still an error answer.
    let head = '{"status":true,"message":[';
    let written = 0;
    for await (const batch of readReportRows(database, window, batchSize)) {
      writer.addMerchants(batch.merchants);
      writer.setUndoes(batch.undoes);
      yield `${head}${written === 0 ? '' : ','}${rowsJson(writer, batch.lines, ',')}`;
      head = '';
      written += batch.lines.length;
    }
    yield `${head}],"total":${written}}`;
  })();
}

const dayMs = 86_400_000;

// The search's refusals of its criteria, which its export makes too: a window over searchMaxDays,
// a location out of reach.
export async function checkSearchCriteria(
  executor: Executor,
  access: ReportAccess,
  criteria: SearchRequestBody,
): Promise<void> {
  const spanMs = Date.parse(criteria.end_date) - Date.parse(criteria.start_date);
  // The form sends whole days (start 00:00:00.000, end 23:59:59.999): 93 days is just under 93 × 24 h.
  if (spanMs >= searchMaxDays * dayMs) {
    throw ReportingError.SearchWindowTooLong(ReportingText.SearchWindowTooLong);
  }
  // A location outside the caller's merchants or assigned locations is refused,
  // not silently searched as nothing.
  if (criteria.location_ids && criteria.location_ids.length > 0) {
    const reachable = await listReachableLocationIds(executor, access.scope, criteria.location_ids);
    if (criteria.location_ids.some((id) => !reachable.has(id))) {
      throw ReportingError.LocationOutOfReach(ReportingText.LocationOutOfReach);
    }
  }
}

export async function searchJson(executor: Executor, access: ReportAccess, criteria: SearchRequestBody) {
  await checkSearchCriteria(executor, access, criteria);
  const rows = await listSearchRows(executor, { scope: access.scope, criteria, limit: searchMaxRows + 1 });
  if (rows.length > searchMaxRows) throw ReportingError.TooManySearchRows(ReportingText.TooManySearchRows);
  const writer = new ReportRowWriter(access.advanced);
  writer.setUndoes(
    await listUndoesOf(
      executor,
      rows.map(({ fields }) => fields),
    ),
  );
  const value = rows.map(({ fields, facts }) => writer.searchRow(fields, facts)).join(',');
  return `{"status":true,"message":{"value":[${value}]}}`;
}

// One row of the caller's report, with its voids and refunds; 404 whether it does not exist or is
// out of reach (no existence oracle), as the receipt answers.
export async function reportTransactionJson(executor: Executor, access: ReportAccess, id: string) {
  const line = await findReportRow(executor, access.scope, id);
  if (line === null) throw ReportingError.TransactionNotFound(ReportTransactionText.NotFound);
  const writer = new ReportRowWriter(access.advanced);
  writer.setUndoes(await listUndoesOf(executor, [line]));
  return `{"status":true,"message":${writer.reportRow(line)}}`;
}

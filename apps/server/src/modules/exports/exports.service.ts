import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type Export,
  type ExportFormat,
  ExportText,
  exportGridLabels,
  exportGridSchema,
  exportGrids,
  exportKeptDays,
  exportRequestBody,
} from '@portico/contracts/exports/exports';
import { exportRunJobName, exportRunKey } from '@portico/contracts/jobs/jobs';
import type {
  ExportColumnDefinition,
  ExportColumnKind,
} from '@portico/contracts/transactions/report-export-columns';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import type { DenialAuditor } from '../../access/denial';
import type { DatabaseHandle, Db } from '../../db/client';
import { users } from '../../db/schema/users';
import type { MailService } from '../../integrations/mail/mail-service';
import type { JobResult, JobRunner } from '../../jobs/runner';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { escapeHtml } from '../../lib/html';
import { CsvRowBuffer, csvByteOrderMark, csvFieldOf, csvTextField } from './csv-writer';
import { type CellText, cellTextOf, headerOf } from './export-cells';
import { createRowTester } from './export-filters';
import type { ExportableGrid, ExportSort, ExportSource, StoredScope } from './export-registry';
import { ExportsError } from './exports.errors';
import {
  type ExportRecord,
  expireDue,
  findExport,
  findUserExport,
  insertExport,
  listUserExports,
  markCancelled,
  markFailed,
  markRequeued,
  markRunning,
  markSucceeded,
  recordProgress,
} from './exports.repository';
import { mailScheduledRun } from './report-schedule-mail';
import { findReadableExport } from './report-schedules.repository';
import { excelMaxRows, type XlsxCellKind, XlsxStreamWriter } from './xlsx-writer';
import { createZonedFormatter } from './zoned-time';

export const exportExpiryJobName = 'exports.expire';

export type ExportDeps = {
  db: Db;
  database: DatabaseHandle;
  // Where grids that read as their page does take their rows (ExportableGrid.readsFrom).
  reportingDatabase: DatabaseHandle;
  mail: MailService;
  jobs: JobRunner;
  grids: ReadonlyMap<string, ExportableGrid>;
  // Scheduled runs decide their owner's and recipients' access outside a request.
  denials: DenialAuditor;
  publicUrl: string;
  // DATA_DIR/exports
  directory: string;
  log: { error(details: object, message: string): void };
};

export type ExportRequest = z.output<typeof exportRequestBody>;

const filePathOf = (deps: ExportDeps, record: Pick<ExportRecord, 'id' | 'format'>) =>
  path.join(deps.directory, `${record.id}.${record.format}`);

// Rows of a grid this build no longer exports still list under the first grid's label.
const gridOf = (record: ExportRecord) => exportGridSchema.catch(exportGrids[0]).parse(record.grid);

export function exportJson(record: ExportRecord): Export {
  const grid = gridOf(record);
  return {
    id: record.id,
    grid,
    title: exportGridLabels[grid],
    format: record.format === 'xlsx' ? 'xlsx' : 'csv',
    status: record.status,
    rows_written: record.rowsWritten,
    rows_total: record.rowsTotal,
    byte_size: record.byteSize,
    file_name: record.fileName,
    error: record.error,
    created_at: record.createdAt.toISOString(),
    finished_at: record.finishedAt?.toISOString() ?? null,
    expires_at: record.expiresAt?.toISOString() ?? null,
  };
}

// The sort the rows are read in: the grid's, when the database can sort by each of its columns (the
// file then streams with flat memory in that order); refused with the columns it can sort by.
export function exportSortOf(grid: ExportableGrid, sortModel: ExportRequest['sort_model']): ExportSort {
  const sortable = grid.sortableColumns ?? {};
  if (sortModel.some((item) => sortable[item.colId] === undefined)) {
    const headers = Object.values(sortable).map((column) => column.header);
    throw ExportsError.SortNotSupported(ExportText.SortNotSupported(headers));
  }
  return sortModel.map((item) => ({ colId: item.colId, direction: item.sort }));
}

// A new export starts at once rather than at the runner's next tick, where the runner ticks on its
// own (tests tick by hand).
export function kickRunner(deps: ExportDeps): void {
  if (!deps.jobs.isStarted()) return;
  deps.jobs.tick().catch((err: unknown) => deps.log.error({ err }, 'export job tick failed'));
}

// What the requester may export of this grid as asked, stored with the export; throws the grid's
// refusal, or a column or sort it cannot write.
export async function authorizeExport(
  deps: Pick<ExportDeps, 'db'>,
  grid: ExportableGrid,
  caller: Caller,
  body: ExportRequest,
): Promise<StoredScope> {
  const scope = await grid.authorize(deps.db, caller, body.params, body.merchant_id);
  const allowed = new Set(grid.columnIds(scope));
  // A column the requester may not see (or the grid does not have) is refused, never left out quietly.
  if (
    body.columns.some((id) => !allowed.has(id)) ||
    Object.keys(body.filters).some((id) => !allowed.has(id))
  ) {
    throw ExportsError.UnknownColumn(ExportText.UnknownColumn);
  }
  exportSortOf(grid, body.sort_model);
  return scope;
}

export async function requestExport(
  deps: ExportDeps,
  grid: ExportableGrid,
  caller: Caller,
  body: ExportRequest,
): Promise<Export> {
  const scope = await authorizeExport(deps, grid, caller, body);
  const today = new Date().toISOString().slice(0, 10);
  const record = await deps.db.transaction(async (tx) => {
    const inserted = await insertExport(tx, {
      userId: caller.session.userId,
      grid: grid.grid,
      format: body.format,
      request: body,
      scope,
      fileName: `${grid.fileStem} ${today}.${body.format}`,
    });
    await recordAudit(tx, {
      action: 'export.request',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'export',
      targetId: inserted.id,
      details: { grid: grid.grid, format: body.format, columns: body.columns.length },
    });
    return inserted;
  });
  await deps.jobs.enqueue(exportRunJobName, exportRunKey(record.id, record.attempt));
  kickRunner(deps);
  return exportJson(record);
}

export async function listExports(deps: ExportDeps, caller: Caller): Promise<Export[]> {
  return (await listUserExports(deps.db, caller.session.userId)).map(exportJson);
}

async function requireOwn(deps: ExportDeps, caller: Caller, id: string): Promise<ExportRecord> {
  const record = await findUserExport(deps.db, caller.session.userId, id);
  if (!record) throw ExportsError.NotFound(ExportText.NotFound);
  return record;
}

export async function getExport(deps: ExportDeps, caller: Caller, id: string): Promise<Export> {
  return exportJson(await requireOwn(deps, caller, id));
}

export async function cancelExport(deps: ExportDeps, caller: Caller, id: string): Promise<Export> {
  await requireOwn(deps, caller, id);
  const cancelled = await markCancelled(deps.db, caller.session.userId, id);
  if (!cancelled) throw ExportsError.CannotCancel(ExportText.CannotCancel);
  return exportJson(cancelled);
}

export async function retryExport(deps: ExportDeps, caller: Caller, id: string): Promise<Export> {
  await requireOwn(deps, caller, id);
  const requeued = await markRequeued(deps.db, caller.session.userId, id);
  if (!requeued) throw ExportsError.CannotRetry(ExportText.CannotRetry);
  await deps.jobs.enqueue(exportRunJobName, exportRunKey(requeued.id, requeued.attempt));
  kickRunner(deps);
  return exportJson(requeued);
}

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export type ExportDownload = { filePath: string; fileName: string; contentType: string; byteSize: number };

// The requester, or a recipient of the scheduled report it is a run of, and only while the one
// downloading still sees every row it holds.
export async function openExportDownload(
  deps: ExportDeps,
  caller: Caller,
  id: string,
): Promise<ExportDownload> {
  const record = await findReadableExport(deps.db, caller.session.userId, id);
  if (!record) throw ExportsError.NotFound(ExportText.NotFound);
  switch (record.status) {
    case 'expired':
      throw ExportsError.Expired(ExportText.Expired);
    case 'cancelled':
      throw ExportsError.Cancelled(ExportText.Cancelled);
    case 'failed':
      throw ExportsError.Failed(ExportText.Failed);
    case 'queued':
    case 'running':
      throw ExportsError.NotReady(ExportText.NotReady);
    case 'succeeded':
      break;
  }
  if (record.expiresAt !== null && record.expiresAt.getTime() <= Date.now()) {
    throw ExportsError.Expired(ExportText.Expired);
  }
  const grid = deps.grids.get(record.grid);
  if (!grid || !(await grid.mayStillSee(deps.db, caller, record.scope))) {
    throw ExportsError.AccessLost(ExportText.AccessLost);
  }
  const filePath = filePathOf(deps, record);
  const size = await stat(filePath).then(
    (stats) => stats.size,
    () => null,
  );
  if (size === null) throw ExportsError.FileMissing(ExportText.FileMissing);
  await recordAudit(deps.db, {
    action: 'export.download',
    outcome: 'success',
    ...auditActorOf(caller),
    targetType: 'export',
    targetId: record.id,
    details: { grid: record.grid, format: record.format, rows: record.rowsWritten },
  });
  return {
    filePath,
    fileName: record.fileName,
    contentType: contentTypes[record.format === 'xlsx' ? 'xlsx' : 'csv'],
    byteSize: size,
  };
}

// A column as the writers need it: its definition, header and cell text.
type WrittenColumn<Row> = {
  definition: ExportColumnDefinition<Row>;
  header: string;
  text: CellText;
  // Its cell texts as CSV fields (text from the data guarded against formula injection).
  csvField: (text: string) => string;
  // How xlsx writes it: a number (money in the money format) or its text.
  xlsxKind: XlsxCellKind;
};

function xlsxCellKindOf(kind: ExportColumnKind): XlsxCellKind {
  return kind === 'money' || kind === 'number' ? kind : 'text';
}

// Whether to go on after a batch (false: the export was cancelled).
type Progress = (rowsWritten: number) => Promise<boolean>;

// How often a running export writes its progress, learning in the same statement whether it was
// cancelled: a statement after every batch of 1,000 rows was about a fifth of a CSV export's time.
const progressEveryMs = 1_000;

// Memory stays flat whatever the number of rows: the source holds one batch (and the database's
// next ones in flight), the CSV writer that batch's text, the xlsx writer one reused buffer and the
// batch's compressed chunks, and each write to the file is awaited before more rows are read, so the
// export never runs ahead of the disk.
async function writeRows<Row>(
  source: ExportSource<Row>,
  request: ExportRequest,
  filePath: string,
  onBatch: Progress,
): Promise<{ rows: number; stopped: boolean }> {
  const zoned = createZonedFormatter(request.time_zone);
  const byId = new Map<string, WrittenColumn<Row>>();
  for (const definition of source.columns) {
    byId.set(definition.id, {
      definition,
      header: headerOf(definition, request.time_zone),
      text: cellTextOf(definition, zoned),
      csvField: csvFieldOf(definition.kind),
      xlsxKind: xlsxCellKindOf(definition.kind),
    });
  }
  const columns = request.columns.flatMap((id) => byId.get(id) ?? []);
  const count = columns.length;
  const accepts = createRowTester(request.filters, byId, zoned);
  const file = await open(filePath, 'w');
  let rows = 0;
  // The CSV write on its way, if any: the file is closed only once it has ended.
  let writing: Promise<unknown> = Promise.resolve();
  try {
    if (request.format === 'csv') {
      const csv = new CsvRowBuffer();
      await file.write(csvByteOrderMark);
      for (const column of columns) csv.field(csvTextField(column.header));
      csv.endRow();
      // The rows gathered go to the file while the next are made; a write's failure is thrown by
      // the next write, or at the end.
      const writeGathered = async () => {
        await writing;
        const content = csv.take();
        if (content.length === 0) return;
        writing = file.write(content);
        writing.catch(() => undefined);
      };
      for await (const batch of source.batches()) {
        for (const row of batch) {
          if (accepts !== null && !accepts(row)) continue;
          for (let i = 0; i < count; i++) {
            const column = columns[i] as WrittenColumn<Row>;
            const value = column.definition.value(row);
            csv.field(value === undefined ? '' : column.csvField(column.text(value)));
          }
          csv.endRow();
          rows++;
          if (csv.isFull) await writeGathered();
        }
        await writeGathered();
        if (!(await onBatch(rows))) return { rows, stopped: true };
      }
      await writeGathered();
      await writing;
    } else {
      const writer = new XlsxStreamWriter(
        columns.map((column) => ({
          header: column.header,
          cellKind: column.xlsxKind,
          width:
            column.definition.kind === 'datetime' ? 22 : Math.min(40, Math.max(12, column.header.length + 2)),
        })),
      );
      // A batch's compressed chunks in one write.
      const writeChunks = async (chunks: Uint8Array[]) => {
        if (chunks.length > 0) await file.writev(chunks);
      };
      const cells: (string | number | undefined)[] = new Array(count);
      for await (const batch of source.batches()) {
        for (const row of batch) {
          if (accepts !== null && !accepts(row)) continue;
          if (rows + 1 >= excelMaxRows) throw ExportsError.InvalidParams(ExportText.TooManyRowsForExcel);
          for (let i = 0; i < count; i++) {
            const column = columns[i] as WrittenColumn<Row>;
            const value = column.definition.value(row);
            cells[i] =
              value === undefined ? undefined : column.xlsxKind === 'text' ? column.text(value) : value;
          }
          writer.row(cells);
          rows++;
        }
        await writeChunks(writer.takeChunks());
        if (!(await onBatch(rows))) return { rows, stopped: true };
      }
      await writeChunks(writer.finish());
    }
  } finally {
    await writing.catch(() => undefined);
    await file.close();
  }
  return { rows, stopped: false };
}

async function mailReady(deps: ExportDeps, record: ExportRecord, rows: number): Promise<void> {
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, record.userId));
  if (!user) return;
  const title = exportGridLabels[gridOf(record)];
  const download = `${deps.publicUrl}/api/exports/${record.id}/download`;
  const list = `${deps.publicUrl}/app/exports`;
  const ready = ExportText.MailReady(title, rows);
  await deps.mail.send({
    to: [user.email],
    subject: ExportText.MailSubject,
    text: `${ready}\n${download}\n\n${ExportText.MailList}\n${list}\n`,
    html:
      `<p>${escapeHtml(ready)}<br><a href="${escapeHtml(download)}">${escapeHtml(record.fileName)}</a></p>` +
      `<p>${escapeHtml(ExportText.MailList)} <a href="${escapeHtml(list)}">${escapeHtml(list)}</a></p>`,
  });
}

// The job: reads the grid's rows as a stream and writes the file beside its final name, renamed once
// whole. Cancelled on the way (seen after each batch), it stops and leaves no file. Run again (a
// lease that ran out), it starts the file over.
export async function runExport(deps: ExportDeps, runKey: string): Promise<JobResult> {
  const id = runKey.slice(0, runKey.indexOf(':'));
  const record = await findExport(deps.db, id);
  if (!record || exportRunKey(record.id, record.attempt) !== runKey) return { skipped: 1 };
  if (!(await markRunning(deps.db, id))) return { skipped: 1 };
  const finalPath = filePathOf(deps, record);
  const partPath = `${finalPath}.part`;
  try {
    const grid = deps.grids.get(record.grid);
    if (!grid) throw new Error(`no exportable grid ${record.grid}`);
    const request = exportRequestBody.parse(record.request);
    await mkdir(deps.directory, { recursive: true });
    const rowsFrom = grid.readsFrom === 'reporting' ? deps.reportingDatabase : deps.database;
    const outcome = await grid.withSource(
      rowsFrom,
      record.scope,
      async (source) => {
        const total = await source.countRows();
        if (!(await recordProgress(deps.db, id, { rowsWritten: 0, rowsTotal: total }))) {
          return { rows: 0, stopped: true };
        }
        let recordedAt = performance.now();
        return writeRows(source, request, partPath, async (rows) => {
          if (performance.now() - recordedAt < progressEveryMs) return true;
          recordedAt = performance.now();
          return recordProgress(deps.db, id, { rowsWritten: rows });
        });
      },
      exportSortOf(grid, request.sort_model),
    );
    if (outcome.stopped) {
      await rm(partPath, { force: true });
      return { cancelled: 1, rows: outcome.rows };
    }
    await rename(partPath, finalPath);
    const byteSize = (await stat(finalPath)).size;
    if (
      !(await markSucceeded(deps.db, id, { rowsWritten: outcome.rows, byteSize, keptDays: exportKeptDays }))
    ) {
      await rm(finalPath, { force: true });
      return { cancelled: 1, rows: outcome.rows };
    }
    if (record.scheduleId === null) await mailReady(deps, record, outcome.rows);
    else {
      const file = { path: finalPath, byteSize, contentType: contentTypes[request.format] };
      await mailScheduledRun(deps, record, outcome.rows, file);
    }
    return { rows: outcome.rows, bytes: byteSize };
  } catch (err) {
    await rm(partPath, { force: true });
    // People read why in words; internals stay in the log.
    const reason =
      err instanceof AppError ? err.message : 'The export stopped on an unexpected error. Retry it.';
    await markFailed(deps.db, id, reason);
    throw err;
  }
}

// Files past their 7 days are deleted and their exports marked expired.
export async function expireExports(deps: ExportDeps): Promise<JobResult> {
  const ids = await expireDue(deps.db);
  for (const id of ids) {
    for (const format of ['csv', 'xlsx'])
      await rm(path.join(deps.directory, `${id}.${format}`), { force: true });
  }
  return { expired: ids.length };
}

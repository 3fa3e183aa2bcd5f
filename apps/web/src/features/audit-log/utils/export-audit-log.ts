import type { AuditLogQuery, AuditLogRow } from '@portico/contracts/audit/audit-log';
import { auditLogPageSizeMax } from '@portico/contracts/audit/audit-log';
import { createCellValueReader } from '../../../components/data-grid/cell-values.utils';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { exportToExcel } from '../../../components/data-grid/export/export-excel';
import { toExportInput } from '../../../components/data-grid/export-rows.utils';
import { getAuditLog } from '../api/get-audit-log';

// One workbook holds at most this many entries; a larger range is narrowed by the filters first.
export const auditLogExportRowLimit = 50_000;

// Every entry matching the filters (not only the page on screen), read page by page.
export async function readAllAuditLogRows(
  query: AuditLogQuery,
  onProgress?: (rows: number) => void,
): Promise<{ rows: AuditLogRow[]; isTruncated: boolean }> {
  const rows: AuditLogRow[] = [];
  let before: string | null | undefined;
  do {
    const page = await getAuditLog({ ...query, limit: auditLogPageSizeMax, ...(before ? { before } : {}) });
    rows.push(...page.rows);
    onProgress?.(rows.length);
    before = page.next_before;
  } while (before !== null && rows.length < auditLogExportRowLimit);
  return { rows: rows.slice(0, auditLogExportRowLimit), isTruncated: before !== null };
}

export async function exportAuditLog(
  query: AuditLogQuery,
  columns: readonly DataGridColumn<AuditLogRow>[],
  options: { fileName: string; timeZone: string; onProgress?: (rows: number) => void },
): Promise<{ rowCount: number; isTruncated: boolean }> {
  const { rows, isTruncated } = await readAllAuditLogRows(query, options.onProgress);
  const input = toExportInput({
    fileName: options.fileName,
    timeZone: options.timeZone,
    rows,
    columns: columns.map((column) => {
      const read = createCellValueReader(column.kind, options.timeZone);
      return { ...column, read: (row: AuditLogRow) => read(column.value(row)) };
    }),
  });
  await exportToExcel(input);
  return { rowCount: rows.length, isTruncated };
}

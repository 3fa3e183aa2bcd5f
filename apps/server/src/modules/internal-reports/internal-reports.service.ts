import {
  type InternalReportCell,
  InternalReportErrorCode,
  type InternalReportRow,
  InternalReportText,
  internalReportNames,
  maxInternalReportRows,
  resolveInternalReportName,
} from '@portico/contracts/internal-reports/internal-reports';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import type { Executor } from '../../db/client';
import type { SqlRow } from '../../db/sql-rows';
import { defineErrors } from '../../lib/app-error';
import { readInternalReport } from './internal-reports.repository';

export const InternalReportError = defineErrors({
  NotFound: [InternalReportErrorCode.NotFound, 'not_found'],
});

export function listInternalReportNames(): string[] {
  return [...internalReportNames];
}

const centsSuffix = '_cents';

// Integer cents from either driver: a number (PGlite), a decimal string (pg's bigint) or a bigint.
function centsOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const cents = typeof value === 'string' ? Number(value) : typeof value === 'bigint' ? Number(value) : value;
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents))
    throw new Error('a _cents column is not whole cents');
  return cents;
}

function cellOf(value: unknown): InternalReportCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  // Views only select scalar columns; anything else is a defect in a view, not data to pass on.
  throw new Error('an internal report column is not a scalar');
}

// Money columns (…_cents) become decimal strings under their name without the suffix; timestamps
// ISO strings (spec 1 §2.10 grid formats them).
export function toReportRow(row: SqlRow): InternalReportRow {
  const out: InternalReportRow = {};
  for (const [column, value] of Object.entries(row)) {
    if (column.endsWith(centsSuffix)) {
      const cents = centsOf(value);
      out[column.slice(0, -centsSuffix.length)] = cents === null ? null : formatCentsAsDecimal(cents);
    } else {
      out[column] = cellOf(value);
    }
  }
  return out;
}

export async function runInternalReport(
  executor: Executor,
  sourceName: string,
): Promise<InternalReportRow[]> {
  const name = resolveInternalReportName(sourceName);
  if (!name) throw InternalReportError.NotFound(InternalReportText.NotFound);
  const rows = await readInternalReport(executor, name, maxInternalReportRows);
  return rows.map(toReportRow);
}

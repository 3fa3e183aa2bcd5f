import {
  formatReportSearchParameter,
  normalizeReportPageSize,
  reportQuery,
} from '@portico/contracts/transactions/report';
import { type ReportRange, reportWindowInstants } from './report-dates.utils';

// GET /api/v1/report's query as the page sends it: start and end days, the same days as UTC instants
// in the user's timezone, the zero-based page and size, and the optional search term.

export type ReportRequestQuery = Record<string, string>;

export type ReportRequestInput = {
  range: ReportRange;
  timeZone: string;
  // One-based, as the page input shows it.
  pageNumber: number;
  pageSize: number;
  // The merchant's search term field and the value typed for it.
  search: { field: string; value: string } | null;
};

export type ReportQueryCheck =
  | { isValid: true; query: ReportRequestQuery }
  | { isValid: false; message: string };

function searchParameterOf(search: ReportRequestInput['search']): string | undefined {
  if (search === null) return undefined;
  const field = search.field.trim();
  const value = search.value.trim();
  if (field === '' || value === '') return undefined;
  return formatReportSearchParameter({ field, value });
}

// The query, checked by the contracts schema the server uses, so a range the server would refuse
// (start after end) is refused here with the same words.
export function buildReportQuery(input: ReportRequestInput): ReportQueryCheck {
  const { range, timeZone } = input;
  let instants: { start_at: string; end_at: string };
  try {
    instants = reportWindowInstants(range, timeZone);
  } catch {
    return { isValid: false, message: 'Pick a From and a To date' };
  }
  const query: ReportRequestQuery = {
    start: range.from,
    end: range.to,
    ...instants,
    page: String(Math.max(0, Math.trunc(input.pageNumber) - 1)),
    size: String(normalizeReportPageSize(input.pageSize)),
  };
  const search = searchParameterOf(input.search);
  if (search !== undefined) query.search = search;
  const checked = reportQuery.safeParse(query);
  if (!checked.success) {
    return { isValid: false, message: checked.error.issues[0]?.message ?? 'The dates cannot be read' };
  }
  return { isValid: true, query };
}

// Load All: the same window and search, every row (no page or size).
export function loadAllQueryOf(query: ReportRequestQuery): ReportRequestQuery {
  const { page: _page, size: _size, ...window } = query;
  return { ...window, is_portal_request: 'true' };
}

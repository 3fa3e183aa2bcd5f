import {
  clampReportPageNumber,
  defaultReportPageSize,
  normalizeReportPageSize,
  type ReportRow,
  reportRefetchDelayMs,
  reportTotalPages,
} from '@portico/contracts/transactions/report';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useReportPage } from '../api/get-report-page';
import { reportingKeys } from '../api/keys';
import { type LoadAllStatus, useLoadAllReport } from '../api/load-all-report';
import { defaultClassicReportRange, type ReportRange } from '../utils/report-dates.utils';
import { buildReportQuery } from '../utils/report-query.utils';

export type ReportMode = 'paged' | 'all';

type ClassicReportOptions = {
  timeZone: string;
  // The merchant's search term field; null: no search parameter.
  searchTermField: string | null;
};

// The classic report: paged mode (page size, Prev/Next, page number) or All Results
// mode (Load All), the date range applied 200 ms after it changes or by Apply Range, and Cancel.
export function useClassicReport({ timeZone, searchTermField }: ClassicReportOptions) {
  const queryClient = useQueryClient();
  const [range, setRange] = useState<ReportRange>(() => defaultClassicReportRange(new Date(), timeZone));
  const [appliedRange, setAppliedRange] = useState(range);
  const [searchValue, setSearchValue] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const [pageSize, setPageSizeState] = useState<number>(defaultReportPageSize);
  const [pageNumber, setPageNumber] = useState(1);
  const [mode, setMode] = useState<ReportMode>('paged');
  const [refusal, setRefusal] = useState<string | null>(null);
  const loadAll = useLoadAllReport();
  // The range last run: a date change runs the report once, whichever comes first.
  const lastRangeRef = useRef(range);

  const searchOf = useCallback(
    (value: string) => (searchTermField === null ? null : { field: searchTermField, value }),
    [searchTermField],
  );
  const pagedCheck = buildReportQuery({
    range: appliedRange,
    timeZone,
    pageNumber,
    pageSize,
    search: searchOf(appliedSearch),
  });
  const pageQuery = pagedCheck.isValid ? pagedCheck.query : null;
  const page = useReportPage(pageQuery);
  const total = page.data?.total ?? 0;
  const totalPages = reportTotalPages(total, pageSize);

  // Runs the report in a mode for a range and search: the buttons, the date change, a refresh.
  const run = useCallback(
    (nextMode: ReportMode, nextRange: ReportRange, nextSearch: string) => {
      lastRangeRef.current = nextRange;
      setAppliedRange(nextRange);
      setAppliedSearch(nextSearch);
      setPageNumber(1);
      setRefusal(null);
      const check = buildReportQuery({
        range: nextRange,
        timeZone,
        pageNumber: 1,
        pageSize,
        search: searchOf(nextSearch),
      });
      if (nextMode === 'paged') {
        setMode('paged');
        loadAll.reset();
        // The same page again is a refresh; another page loads by its new key.
        if (check.isValid && JSON.stringify(check.query) === JSON.stringify(pageQuery)) void page.refetch();
        return;
      }
      // "Load All requires the start date on or before the end date."
      if (!check.isValid) {
        setRefusal(check.message);
        return;
      }
      setMode('all');
      loadAll.start(check.query);
    },
    [timeZone, pageSize, searchOf, loadAll, pageQuery, page],
  );

  // "The report refetches automatically 200 ms after a date filter change", in the mode it is in.
  const runRef = useRef({ run, mode, appliedSearch });
  useLayoutEffect(() => {
    runRef.current = { run, mode, appliedSearch };
  });
  useEffect(() => {
    if (lastRangeRef.current.from === range.from && lastRangeRef.current.to === range.to) return;
    const timer = setTimeout(() => {
      const current = runRef.current;
      current.run(current.mode, range, current.appliedSearch);
    }, reportRefetchDelayMs);
    return () => clearTimeout(timer);
  }, [range]);

  // A smaller total (another page size, fewer rows) may leave the page past the end.
  const hasFreshTotal = page.data !== undefined && !page.isPlaceholderData;
  useEffect(() => {
    if (hasFreshTotal && pageNumber > totalPages) setPageNumber(totalPages);
  }, [hasFreshTotal, pageNumber, totalPages]);

  const isLoadingAll = mode === 'all' && loadAll.state.status === 'loading';
  const rows: readonly ReportRow[] = mode === 'all' ? loadAll.state.rows : (page.data?.rows ?? []);
  const pagedError = page.isError
    ? page.error instanceof ApiError
      ? page.error.message
      : 'The report could not be loaded.'
    : null;

  return {
    range,
    setRange,
    searchValue,
    setSearchValue,
    pageSize,
    setPageSize: (size: number) => {
      setPageSizeState(normalizeReportPageSize(size));
      setPageNumber(1);
    },
    pageNumber,
    totalPages,
    goToPage: (pageNumberWanted: number) =>
      setPageNumber(clampReportPageNumber(pageNumberWanted, totalPages)),
    mode,
    rows,
    isLoading: mode === 'all' ? isLoadingAll && rows.length === 0 : page.isPending && page.isFetching,
    isFetching: mode === 'all' ? isLoadingAll : page.isFetching,
    isLoadingAll,
    loadAllStatus: (mode === 'all' ? loadAll.state.status : 'idle') satisfies LoadAllStatus,
    // The paged total of the same window, for the Load All progress: exact unless the server capped it.
    knownTotal: hasFreshTotal ? total : null,
    gridError: mode === 'paged' ? pagedError : null,
    loadAllError: mode === 'all' ? loadAll.state.error : null,
    rangeMessage: refusal ?? (pagedCheck.isValid ? null : pagedCheck.message),
    // The applied window as the server reads it (null while the dates cannot be read): what 'All
    // matching rows' exports.
    exportQuery: pageQuery,
    applyRangePaged: () => run('paged', range, searchValue),
    loadAllResults: () => run('all', range, searchValue),
    cancel: () => {
      if (isLoadingAll) loadAll.cancel();
      else void queryClient.cancelQueries({ queryKey: reportingKeys.reportPages() });
    },
    refresh: () => run(mode, appliedRange, appliedSearch),
  };
}

export type ClassicReport = ReturnType<typeof useClassicReport>;

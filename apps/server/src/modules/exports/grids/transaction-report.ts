import { Permission } from '@portico/contracts/access/permission-names';
import { reportQuery, reportStreamBatchSize } from '@portico/contracts/transactions/report';
import {
  type ReportExportRow,
  reportExportColumns,
  reportExportRowOf,
} from '@portico/contracts/transactions/report-export-columns';
import { z } from 'zod';
import type { Caller } from '../../../access/caller';
import { isScopeWithin, type ReportAccess, resolveReportAccess } from '../../../access/report-access';
import type { Executor } from '../../../db/client';
import { ReportExportFactsReader } from '../../reporting/report-export-facts';
import { readReportRows } from '../../reporting/report-stream';
import {
  countReportRows,
  type ReportWindowQuery,
  reportDateSortKey,
  reportOrderOf,
} from '../../reporting/reporting.repository';
import { reportWindowQuery } from '../../reporting/reporting.service';
import { type ExportableGrid, type StoredScope, sortableColumnsOf } from '../export-registry';
import { ExportsError } from '../exports.errors';

// The transaction report's export: the rows of the report's window (dates, merchant, search) the
// requester reaches with Reports, newest first, read from the stored rows with the report's own
// rules (so the REPORTS_ADVANCED fields appear exactly where the grid shows them).

const storedSchema = z.object({
  scope: z.union([
    z.object({ kind: z.literal('all') }),
    z.object({
      kind: z.literal('clients'),
      clientIds: z.array(z.string()),
      locationLimits: z
        .array(z.object({ clientId: z.string(), subEntityIds: z.array(z.string()) }))
        .optional(),
    }),
  ]),
  advanced: z.union([
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('merchants'), clientIds: z.array(z.string()) }),
  ]),
  startAt: z.iso.datetime(),
  endAt: z.iso.datetime(),
  search: z.object({ field: z.string(), value: z.string() }).optional(),
});
type Stored = z.infer<typeof storedSchema>;

const accessOf = (stored: Stored): ReportAccess => ({
  scope: stored.scope,
  advanced:
    stored.advanced.kind === 'all'
      ? { kind: 'all' }
      : { kind: 'merchants', clientIds: new Set(stored.advanced.clientIds) },
});

const windowOf = (stored: Stored): ReportWindowQuery => ({
  scope: stored.scope,
  startAt: new Date(stored.startAt),
  endAt: new Date(stored.endAt),
  search: stored.search,
});

const hasAdvanced = (stored: Stored) =>
  stored.advanced.kind === 'all' || stored.advanced.clientIds.length > 0;

export const transactionReportExport: ExportableGrid = {
  grid: 'transaction-report',
  fileStem: 'Transaction Report',
  // The rows come from the reporting database like the report page's; access is decided on the main one.
  readsFrom: 'reporting',
  requestAccess: {
    kind: 'authenticated',
    roles: ['admin', 'user', 'parent'],
    permission: Permission.Reports,
    merchant: { from: 'body', key: 'merchant_id' },
    // A read sent as POST: processor-audit users export what they may read.
    processorAudit: 'allowed',
  },

  async authorize(executor: Executor, caller: Caller, params: Record<string, string>) {
    // The merchant (merchant_id) reached the caller through the access plugin, as the report's id.
    const parsed = reportQuery.safeParse({ ...params, page: '0', size: '250' });
    if (!parsed.success) {
      throw ExportsError.InvalidParams(parsed.error.issues[0]?.message ?? 'The report query is not valid');
    }
    const query = parsed.data;
    const access = await resolveReportAccess(executor, caller, Permission.Reports);
    const window = reportWindowQuery(access, query);
    const stored: Stored = {
      scope:
        access.scope.kind === 'all'
          ? { kind: 'all' }
          : {
              kind: 'clients',
              clientIds: [...access.scope.clientIds],
              ...(access.scope.locationLimits
                ? {
                    locationLimits: access.scope.locationLimits.map((limit) => ({
                      clientId: limit.clientId,
                      subEntityIds: [...limit.subEntityIds],
                    })),
                  }
                : {}),
            },
      advanced:
        access.advanced.kind === 'all'
          ? { kind: 'all' }
          : { kind: 'merchants', clientIds: [...access.advanced.clientIds] },
      startAt: window.startAt.toISOString(),
      endAt: window.endAt.toISOString(),
      ...(window.search ? { search: window.search } : {}),
    };
    return stored satisfies StoredScope;
  },

  async mayStillSee(executor, caller, scope) {
    const stored = storedSchema.parse(scope);
    const now = await resolveReportAccess(executor, { ...caller, merchant: null }, Permission.Reports);
    if (!isScopeWithin(stored.scope, now.scope)) return false;
    if (stored.advanced.kind === 'all') return now.advanced.kind === 'all';
    const advancedNow = now.advanced;
    return (
      advancedNow.kind === 'all' || stored.advanced.clientIds.every((id) => advancedNow.clientIds.has(id))
    );
  },

  // The report's From and To days, and their instants in the schedule's zone.
  periodParams(params, period) {
    return {
      ...params,
      start: period.from,
      end: period.to,
      start_at: new Date(period.startMs).toISOString(),
      end_at: new Date(period.endMs).toISOString(),
    };
  },

  columnIds(scope) {
    const stored = storedSchema.parse(scope);
    return reportExportColumns
      .filter((column) => column.isAdvanced !== true || hasAdvanced(stored))
      .map((column) => column.id);
  },

  // Newest or oldest first: the window's own order, read either way.
  sortableColumns: sortableColumnsOf(reportExportColumns, { created_at: reportDateSortKey }),

  async withSource(database, scope, use, sort) {
    const stored = storedSchema.parse(scope);
    const window = windowOf(stored);
    const access = accessOf(stored);
    return use<ReportExportRow>({
      columns: reportExportColumns,
      countRows: () => countReportRows(database.db, window),
      async *batches() {
        const reader = new ReportExportFactsReader(access.advanced);
        // Each row's cells from its stored values, its money figures computed once. A row is built
        // as the writer reaches it, so no batch of built rows is held.
        function* rowsOf(lines: readonly string[]): Generator<ReportExportRow, void, undefined> {
          for (const line of lines) yield reportExportRowOf(reader.facts(line));
        }
        const order = reportOrderOf(sort);
        for await (const batch of readReportRows(database, window, reportStreamBatchSize.max, order)) {
          reader.addMerchants(batch.merchants);
          reader.setUndoes(batch.undoes);
          yield rowsOf(batch.lines);
        }
      },
    });
  },
};

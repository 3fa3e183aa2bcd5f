import { Permission } from '@portico/contracts/access/permission-names';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { type SearchRequestBody, searchRequestBody } from '@portico/contracts/transactions/search';
import {
  type SearchExportRow,
  searchExportColumns,
  searchExportRowOf,
} from '@portico/contracts/transactions/search-export-columns';
import { searchCriteriaOfExportParams } from '@portico/contracts/transactions/search-export-params';
import { z } from 'zod';
import { isScopeWithin, type ReportScope, resolveReportAccess } from '../../../access/report-access';
import { ReportExportFactsReader } from '../../reporting/report-export-facts';
import { customerOf, paymentTypeOf } from '../../reporting/report-row';
import {
  countSearchRows,
  listSearchRowsAfter,
  listUndoesOf,
  type ReportKeyset,
  reportDateSortKey,
  reportOrderOf,
  type SearchRowsPage,
} from '../../reporting/reporting.repository';
import { checkSearchCriteria } from '../../reporting/reporting.service';
import { type ExportableGrid, sortableColumnsOf } from '../export-registry';
import { ExportsError } from '../exports.errors';

// The Transaction Search grid's export: every transaction the search's criteria match in what the
// requester reaches with Reports (narrowed to the merchant the search names, and to the caller's
// locations), newest first, not only the 10,000 rows one search answers. The search's own query read
// in keyset pages on its order ((created_at, id) after the last row), from the reporting database as
// the report's export reads; each page's voids and refunds read with it, as the search reads them.
// The search grid shows no REPORTS_ADVANCED field, so its rows are read without any (the fee and
// surcharge are left out of every row's facts) and its download needs Reports alone.

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
  // The criteria as the search call takes them (amounts as decimal text), read again with its schema.
  criteria: z.record(z.string(), z.unknown()),
});
type Stored = z.infer<typeof storedSchema>;

const noAdvancedFields = { kind: 'merchants', clientIds: new Set<string>() } as const;

const batchSize = 1_000;

function storedScopeOf(scope: ReportScope): Stored['scope'] {
  if (scope.kind === 'all') return { kind: 'all' };
  return {
    kind: 'clients',
    clientIds: [...scope.clientIds],
    ...(scope.locationLimits
      ? {
          locationLimits: scope.locationLimits.map((limit) => ({
            clientId: limit.clientId,
            subEntityIds: [...limit.subEntityIds],
          })),
        }
      : {}),
  };
}

// The parsed criteria back in the shape the call takes (amounts as decimal text, not cents); the
// merchant is the stored scope's.
function storedCriteriaOf(criteria: SearchRequestBody): Record<string, unknown> {
  const { merchant_id: _merchant, amount_min, amount_max, ...rest } = criteria;
  return {
    ...rest,
    ...(amount_min === undefined ? {} : { amount_min: formatCentsAsDecimal(amount_min) }),
    ...(amount_max === undefined ? {} : { amount_max: formatCentsAsDecimal(amount_max) }),
  };
}

// A page's rows, each built as the writer reaches it. The reader holds the page's voids and refunds
// only (each page replaces the last one's), so nothing grows with the export.
function* rowsOf(
  page: SearchRowsPage,
  reader: ReportExportFactsReader,
): Generator<SearchExportRow, void, undefined> {
  for (const row of page.rows) {
    const transaction = reader.facts(row.fields);
    yield searchExportRowOf({
      transaction,
      merchantName: row.merchantName,
      customer: customerOf(row.facts),
      paymentType: paymentTypeOf(row.facts, transaction.cardBrand),
    });
  }
}

export const transactionSearchExport: ExportableGrid = {
  grid: 'transaction-search',
  fileStem: 'Transaction Search',
  // Newest or oldest first: the window's own order, read either way.
  sortableColumns: sortableColumnsOf(searchExportColumns, { date_time: reportDateSortKey }),
  // The rows come from the reporting database like the report export's; access is decided on the main one.
  readsFrom: 'reporting',
  // The search call's own access, merchant_id in the body; a read sent as POST, so processor-audit
  // users export what they may search.
  requestAccess: {
    kind: 'authenticated',
    roles: ['admin', 'user', 'parent'],
    permission: Permission.Reports,
    merchant: { from: 'body', key: 'merchant_id' },
    processorAudit: 'allowed',
  },

  async authorize(executor, caller, params) {
    if ('merchant_id' in params) {
      throw ExportsError.InvalidParams('The merchant goes in merchant_id of the export, not in its params');
    }
    // The merchant (merchant_id) reached the caller through the access plugin, as the search's own.
    const parsed = searchRequestBody.safeParse(searchCriteriaOfExportParams(params));
    if (!parsed.success) {
      throw ExportsError.InvalidParams(
        parsed.error.issues[0]?.message ?? 'The search criteria are not valid',
      );
    }
    const access = await resolveReportAccess(executor, caller, Permission.Reports);
    await checkSearchCriteria(executor, access, parsed.data);
    return storedSchema.parse({
      scope: storedScopeOf(access.scope),
      criteria: storedCriteriaOf(parsed.data),
    });
  },

  async mayStillSee(executor, caller, scope) {
    const stored = storedSchema.parse(scope);
    const now = await resolveReportAccess(executor, { ...caller, merchant: null }, Permission.Reports);
    return isScopeWithin(stored.scope, now.scope);
  },

  columnIds() {
    return searchExportColumns.filter((column) => column.isAdvanced !== true).map((column) => column.id);
  },

  async withSource(database, scope, use, sort) {
    const stored = storedSchema.parse(scope);
    const query = { scope: stored.scope, criteria: searchRequestBody.parse(stored.criteria) };
    const db = database.db;
    return use<SearchExportRow>({
      columns: searchExportColumns,
      countRows: () => countSearchRows(db, query),
      async *batches() {
        const reader = new ReportExportFactsReader(noAdvancedFields);
        let after: ReportKeyset | null = null;
        for (;;) {
          const page = await listSearchRowsAfter(db, query, after, batchSize, reportOrderOf(sort));
          if (page.rows.length > 0) {
            reader.setUndoes(
              await listUndoesOf(
                db,
                page.rows.map((row) => row.fields),
              ),
            );
            yield rowsOf(page, reader);
          }
          if (page.rows.length < batchSize || page.last === null) return;
          after = page.last;
        }
      },
    });
  },
};

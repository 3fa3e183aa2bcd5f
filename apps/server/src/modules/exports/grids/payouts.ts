import { Permission } from '@portico/contracts/access/permission-names';
import { payoutExportColumns } from '@portico/contracts/statements/payout-export-columns';
import { type PayoutRow, payoutsQuery } from '@portico/contracts/statements/statements';
import { z } from 'zod';
import { isScopeWithin, resolveReportAccess } from '../../../access/report-access';
import {
  countPayouts,
  type PayoutPageEnd,
  payoutIdKey,
  payoutSortKeys,
} from '../../statements/statements.repository';
import { statementsAccess } from '../../statements/statements.routes';
import { payoutClientIdsOf, payoutRowsPage, sortedPayoutRowsPage } from '../../statements/statements.service';
import { type ExportableGrid, sortableColumnsOf, sortKeysOf } from '../export-registry';
import { ExportsError } from '../exports.errors';

// The Payouts grid's export: every payout of the merchants the requester reaches and holds Payouts on
// (narrowed to the merchant the grid names), in the list's order (newest first) or the grid's sort,
// read page by page.

const storedSchema = z.object({
  clientIds: z.union([z.literal('all'), z.array(z.string())]),
});

const scopeOf = (clientIds: z.infer<typeof storedSchema>['clientIds']) =>
  clientIds === 'all' ? ({ kind: 'all' } as const) : ({ kind: 'clients', clientIds } as const);

const batchSize = 1_000;

type Page<End> = { rows: PayoutRow[]; end: End | undefined };

// Keyset pages, each one query past the last row written.
async function* pagesOf<End>(
  read: (after: End | undefined) => Promise<Page<End>>,
): AsyncGenerator<PayoutRow[], void, undefined> {
  let after: End | undefined;
  for (;;) {
    const page = await read(after);
    if (page.rows.length > 0) yield page.rows;
    if (page.rows.length < batchSize || page.end === undefined) return;
    after = page.end;
  }
}

export const payoutsExport: ExportableGrid = {
  grid: 'payouts',
  fileStem: 'Payouts',
  // The grid's own call, merchant_id in the body; a read sent as POST, so the processor-audit user
  // exports what it may read.
  requestAccess: { ...statementsAccess('body', 'merchant_id'), processorAudit: 'allowed' },

  async authorize(executor, caller, params) {
    // The merchant (merchant_id) reached the caller through the access plugin, as the grid's own.
    const parsed = payoutsQuery.omit({ merchant_id: true }).safeParse(params);
    if (!parsed.success) {
      throw ExportsError.InvalidParams(parsed.error.issues[0]?.message ?? 'The payouts query is not valid');
    }
    const clientIds = await payoutClientIdsOf(executor, caller);
    return storedSchema.parse({ clientIds: clientIds === 'all' ? 'all' : [...clientIds] });
  },

  async mayStillSee(executor, caller, scope) {
    const stored = storedSchema.parse(scope);
    const now = await resolveReportAccess(executor, { ...caller, merchant: null }, Permission.Payouts);
    return isScopeWithin(scopeOf(stored.clientIds), now.scope);
  },

  columnIds() {
    return payoutExportColumns.map((column) => column.id);
  },

  // Merchant, Amount, Payout Date and Statement, as the grid orders them; Processor and Status sort
  // by their words in the grid, not by anything stored.
  sortableColumns: sortableColumnsOf(payoutExportColumns, payoutSortKeys),

  async withSource(database, scope, use, sort) {
    const { clientIds } = storedSchema.parse(scope);
    const db = database.db;
    return use({
      columns: payoutExportColumns,
      countRows: () => countPayouts(db, clientIds),
      // The list's own order through the (client_id, payout_date) index; a sort the grid asked in the
      // keys of its columns, the id breaking ties.
      batches() {
        if (sort.length === 0) {
          return pagesOf<PayoutPageEnd>((after) => payoutRowsPage(db, clientIds, batchSize, after));
        }
        const keys = sortKeysOf(payoutSortKeys, sort, payoutIdKey);
        return pagesOf<readonly string[]>((after) =>
          sortedPayoutRowsPage(db, clientIds, keys, batchSize, after),
        );
      },
    });
  },
};

import { Permission } from '@portico/contracts/access/permission-names';
import { disputeExportColumns } from '@portico/contracts/disputes/dispute-export-columns';
import {
  disputeCategorySchema,
  disputeStatusSchema,
  disputesQuery,
} from '@portico/contracts/disputes/disputes';
import { z } from 'zod';
import { isScopeWithin, resolveReportAccess } from '../../../access/report-access';
import {
  countDisputes,
  type DisputeListFilter,
  disputeIdKey,
  disputeSortKeys,
  disputesNewestFirst,
} from '../../disputes/disputes.repository';
import { disputeListFilterOf, disputeRowsPage } from '../../disputes/disputes.service';
import { type ExportableGrid, sortableColumnsOf, sortKeysOf } from '../export-registry';
import { ExportsError } from '../exports.errors';

// The Disputes grid's export: every dispute of the merchants the requester reaches and holds Disputes
// on (narrowed to the merchant the grid names) that the grid's status, reason and days match, newest
// first, not only the grid's newest 10,000.

const storedSchema = z.object({
  clientIds: z.union([z.literal('all'), z.array(z.string())]),
  status: disputeStatusSchema.optional(),
  category: disputeCategorySchema.optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
type Stored = z.infer<typeof storedSchema>;

const filterOf = (stored: Stored): DisputeListFilter => ({
  clientIds: stored.clientIds,
  ...(stored.status ? { status: stored.status } : {}),
  ...(stored.category ? { category: stored.category } : {}),
  ...(stored.from ? { from: new Date(stored.from) } : {}),
  ...(stored.to ? { to: new Date(stored.to) } : {}),
});

const scopeOf = (clientIds: Stored['clientIds']) =>
  clientIds === 'all' ? ({ kind: 'all' } as const) : ({ kind: 'clients', clientIds } as const);

const batchSize = 1_000;

export const disputesExport: ExportableGrid = {
  grid: 'disputes',
  fileStem: 'Disputes',
  // The grid's own call, merchant_id in the body; a read sent as POST, so the processor-audit user
  // exports what it may read.
  requestAccess: {
    kind: 'authenticated',
    roles: ['admin', 'parent', 'user'],
    permission: Permission.Disputes,
    merchant: { from: 'body', key: 'merchant_id' },
    processorAudit: 'allowed',
  },

  async authorize(executor, caller, params) {
    // The merchant (merchant_id) reached the caller through the access plugin, as the grid's own.
    const parsed = disputesQuery.omit({ merchant_id: true }).safeParse(params);
    if (!parsed.success) {
      throw ExportsError.InvalidParams(parsed.error.issues[0]?.message ?? 'The disputes query is not valid');
    }
    const filter = await disputeListFilterOf(executor, caller, parsed.data);
    return storedSchema.parse({
      clientIds: filter.clientIds === 'all' ? 'all' : [...filter.clientIds],
      status: filter.status,
      category: filter.category,
      from: filter.from?.toISOString(),
      to: filter.to?.toISOString(),
    });
  },

  async mayStillSee(executor, caller, scope) {
    const stored = storedSchema.parse(scope);
    const now = await resolveReportAccess(executor, { ...caller, merchant: null }, Permission.Disputes);
    return isScopeWithin(scopeOf(stored.clientIds), now.scope);
  },

  columnIds() {
    return disputeExportColumns(new Date()).map((column) => column.id);
  },

  // The disputes opened on the period's days (the grid's days are UTC days).
  periodParams(params, period) {
    return { ...params, from: period.from, to: period.to };
  },

  // Every column the database orders as the grid does; the status, reason, card and days left sort
  // by their words and counts in the grid, not by anything stored.
  sortableColumns: sortableColumnsOf(disputeExportColumns(new Date()), disputeSortKeys),

  async withSource(database, scope, use, sort) {
    const filter = filterOf(storedSchema.parse(scope));
    const db = database.db;
    const keys = sort.length === 0 ? disputesNewestFirst : sortKeysOf(disputeSortKeys, sort, disputeIdKey);
    return use({
      // Days left counted from when the export reads its rows.
      columns: disputeExportColumns(new Date()),
      countRows: () => countDisputes(db, filter),
      // Keyset pages in the sort asked, each one query after the last row written.
      async *batches() {
        let after: readonly string[] | undefined;
        for (;;) {
          const page = await disputeRowsPage(db, filter, keys, batchSize, after);
          if (page.rows.length > 0) yield page.rows;
          if (page.rows.length < batchSize || page.end === undefined) return;
          after = page.end;
        }
      },
    });
  },
};

import { auditLogQuery } from '@portico/contracts/audit/audit-log';
import { auditLogExportColumns } from '@portico/contracts/audit/audit-log-export-columns';
import { z } from 'zod';
import {
  auditLogIdKey,
  auditLogNewestFirst,
  auditLogSortKeys,
  countAuditLogEntries,
  listAuditLogSortedPage,
} from '../../audit-log/audit-log.repository';
import { auditLogAccess } from '../../audit-log/audit-log.routes';
import { auditLogFilterOf, auditLogRowsOf } from '../../audit-log/audit-log.service';
import { type ExportableGrid, sortableColumnsOf, sortKeysOf } from '../export-registry';
import { ExportsError } from '../exports.errors';

// The audit log's export: every entry its filters (actor, action, merchant, dates) match, newest
// first or in the grid's sort, as its page shows them (ids named, details in words). Only those who
// may read the log may export it, and only while they still may download it.

// The page's query without its paging: the export takes every entry, not one page.
const windowParams = auditLogQuery.omit({ before: true, limit: true });
const storedSchema = z.object({
  actor: z.string().optional(),
  action: z.string().optional(),
  merchant: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});

const batchSize = 1_000;

const mayReadTheLog = (role: string) =>
  auditLogAccess.kind === 'authenticated' && auditLogAccess.roles.some((allowed) => allowed === role);

export const auditLogExport: ExportableGrid = {
  grid: 'audit-log',
  fileStem: 'Audit Log',
  // The log's own call; a processor-audit admin reads it, and this read is sent as POST.
  requestAccess: { ...auditLogAccess, processorAudit: 'allowed' },

  async authorize(_executor, _caller, params) {
    const { before: _before, limit: _limit, ...window } = params;
    const parsed = windowParams.safeParse(window);
    if (!parsed.success) {
      throw ExportsError.InvalidParams(parsed.error.issues[0]?.message ?? 'The audit log query is not valid');
    }
    return storedSchema.parse(parsed.data);
  },

  async mayStillSee(_executor, caller) {
    return mayReadTheLog(caller.actingRole);
  },

  columnIds() {
    return auditLogExportColumns.map((column) => column.id);
  },

  // The entries of the period: from its first instant, before the instant after it.
  periodParams(params, period) {
    return {
      ...params,
      from: new Date(period.startMs).toISOString(),
      to: new Date(period.endMs).toISOString(),
    };
  },

  // Time, Actor, Mimicked by, Merchant, IP address and Target ID, as the grid orders them; the
  // action, outcome, target and details sort by the words the grid makes of an entry.
  sortableColumns: sortableColumnsOf(auditLogExportColumns, auditLogSortKeys),

  async withSource(database, scope, use, sort) {
    const filter = auditLogFilterOf(storedSchema.parse(scope));
    const db = database.db;
    const keys = sort.length === 0 ? auditLogNewestFirst : sortKeysOf(auditLogSortKeys, sort, auditLogIdKey);
    return use({
      columns: auditLogExportColumns,
      countRows: () => countAuditLogEntries(db, filter),
      // Keyset batches in the sort asked, each one query past the last row written.
      async *batches() {
        let after: readonly string[] | undefined;
        for (;;) {
          const page = await listAuditLogSortedPage(db, filter, keys, batchSize, after);
          if (page.length > 0) yield await auditLogRowsOf(db, page);
          const last = page.at(-1);
          if (page.length < batchSize || last === undefined) return;
          after = last.end;
        }
      },
    });
  },
};

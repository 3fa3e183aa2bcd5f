import { auditLogQuery } from '@portico/contracts/audit/audit-log';
import { auditLogExportColumns } from '@portico/contracts/audit/audit-log-export-columns';
import { z } from 'zod';
import { countAuditLogEntries, listAuditLogPage } from '../../audit-log/audit-log.repository';
import { auditLogAccess } from '../../audit-log/audit-log.routes';
import { auditLogFilterOf, auditLogRowsOf } from '../../audit-log/audit-log.service';
import type { ExportableGrid } from '../export-registry';
import { ExportsError } from '../exports.errors';

// The audit log's export: every entry its filters (actor, action, merchant, dates) match, newest
// first, as its page shows them (ids named, details in words). Only those who may read the log may
// export it, and only while they still may download it.

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

  async withSource(database, scope, use) {
    const filter = auditLogFilterOf(storedSchema.parse(scope));
    const db = database.db;
    return use({
      columns: auditLogExportColumns,
      countRows: () => countAuditLogEntries(db, filter),
      // Keyset batches, each one short indexed query older than the last row written.
      async *batches() {
        let before: { createdAt: string; id: string } | undefined;
        for (;;) {
          const page = await listAuditLogPage(db, {
            ...filter,
            ...(before ? { before } : {}),
            limit: batchSize,
          });
          if (page.length > 0) yield await auditLogRowsOf(db, page);
          const last = page.at(-1);
          if (page.length < batchSize || last === undefined) return;
          before = { createdAt: last.createdAt, id: last.id };
        }
      },
    });
  },
};

import { Permission } from '@portico/contracts/access/permission-names';
import { statementExportColumns } from '@portico/contracts/statements/statement-export-columns';
import { statementQuery } from '@portico/contracts/statements/statements';
import { z } from 'zod';
import { isScopeWithin, resolveReportAccess } from '../../../access/report-access';
import { statementsAccess } from '../../statements/statements.routes';
import {
  resolveStatementMerchant,
  resolveStatementMonth,
  statementGridRows,
} from '../../statements/statements.service';
import type { ExportableGrid } from '../export-registry';
import { ExportsError } from '../exports.errors';

// The Statement grid's export: the posted statement of the merchant and month the grid shows (the
// merchant named, else the requester's own), for those who hold Payouts on it. One merchant's month
// has one statement, so the rows are bounded by nature: one read, at most one row.

const storedSchema = z.object({
  clientId: z.string(),
  yearMonth: z.string(),
});

export const statementsExport: ExportableGrid = {
  grid: 'statements',
  fileStem: 'Statement',
  // The grid's own call, merchant_id in the body; a read sent as POST, so the processor-audit user
  // exports what it may read.
  requestAccess: { ...statementsAccess('body', 'merchant_id'), processorAudit: 'allowed' },

  async authorize(executor, caller, params) {
    // The merchant (merchant_id) reached the caller through the access plugin, as the grid's own.
    const parsed = statementQuery.omit({ merchant_id: true }).safeParse(params);
    if (!parsed.success) {
      throw ExportsError.InvalidParams(parsed.error.issues[0]?.message ?? 'The statement query is not valid');
    }
    const month = resolveStatementMonth(parsed.data['year-month'], new Date());
    const clientId = await resolveStatementMerchant(executor, caller);
    return storedSchema.parse({ clientId, yearMonth: month.yearMonth });
  },

  async mayStillSee(executor, caller, scope) {
    const { clientId } = storedSchema.parse(scope);
    const now = await resolveReportAccess(executor, { ...caller, merchant: null }, Permission.Payouts);
    return isScopeWithin({ kind: 'clients', clientIds: [clientId] }, now.scope);
  },

  columnIds() {
    return statementExportColumns.map((column) => column.id);
  },

  async withSource(database, scope, use) {
    const stored = storedSchema.parse(scope);
    const month = resolveStatementMonth(stored.yearMonth, new Date());
    const db = database.db;
    const readRows = () => statementGridRows(db, stored.clientId, month);
    return use({
      columns: statementExportColumns,
      countRows: async () => (await readRows()).length,
      // The month's one statement, if it is posted.
      async *batches() {
        const rows = await readRows();
        if (rows.length > 0) yield rows;
      },
    });
  },
};

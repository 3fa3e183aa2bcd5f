import type { ExportFormat, ExportRequestBody } from '@portico/contracts/exports/exports';
import { vaultExportColumnIdsOf } from '@portico/contracts/vault/vault-export-columns';
import type { DataGridExportState } from '../../../components/data-grid/data-grid.types';
import { serverExportBody } from '../../../components/data-grid/export/server-export';

// The page's search as GET api/payee/all asks it: the one text in every field; none lists the
// merchant's customers.
export function vaultSearchFieldsOf(text: string): Record<string, string> {
  return text === ''
    ? {}
    : { external_id: text, first_name: text, last_name: text, email: text, patient_number: text };
}

// The table's columns as the server export names them, in the table's order.
export function vaultTableExportState(hasPatientLayout: boolean): DataGridExportState {
  return { columns: [...vaultExportColumnIdsOf(hasPatientLayout)], filters: {}, sortModel: [] };
}

// The server export of the Vault page as it shows: its merchant (null: the caller's own), its search
// and the table's columns; the table has no filters and no sort of its own.
export function vaultExportBody(
  format: ExportFormat,
  merchantId: string | null,
  text: string,
  state: DataGridExportState,
  timeZone: string,
): ExportRequestBody {
  const exportable = new Set([...vaultExportColumnIdsOf(false), ...vaultExportColumnIdsOf(true)]);
  const body = serverExportBody(format, vaultSearchFieldsOf(text), state, exportable, timeZone);
  return merchantId === null ? body : { ...body, merchant_id: merchantId };
}

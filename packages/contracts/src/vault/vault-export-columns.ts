import { type ExportColumnDefinition, textOrUndefined } from '../transactions/report-export-columns';
import type { VaultCustomer } from './vault';

// The Vault page's table as a server-side export writes it: the same headers and cells as
// apps/web vault-page.tsx CustomerTable (a web test holds the two together). Two layouts, as the
// table has: a merchant that keeps patient information shows the patient columns instead of the
// external id. Nothing else of a customer is written: no token, no address, no identifier.

// What a row of the export holds: the table's fields of a customer, its methods counted.
export type VaultExportRow = Pick<
  VaultCustomer,
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone_number'
  | 'external_id'
  | 'patient_number'
  | 'patient_first_name'
  | 'patient_last_name'
  | 'patient_fields_hidden'
> & { method_count: number };

// The cell of a patient field the caller may not see, as the table shows it.
export const hiddenPatientText = 'Hidden';

export function vaultCustomerNameOf(row: Pick<VaultExportRow, 'first_name' | 'last_name'>): string {
  return [row.first_name, row.last_name].filter(Boolean).join(' ');
}

export function vaultPatientNameOf(
  row: Pick<VaultExportRow, 'patient_first_name' | 'patient_last_name'>,
): string {
  return [row.patient_first_name, row.patient_last_name].filter(Boolean).join(' ');
}

const patientCell = (row: VaultExportRow, text: string | null) =>
  row.patient_fields_hidden ? hiddenPatientText : textOrUndefined(text);

export const vaultExportColumns: readonly ExportColumnDefinition<VaultExportRow>[] = [
  {
    id: 'patient_number',
    header: 'Patient Number',
    kind: 'text',
    value: (row) => patientCell(row, row.patient_number),
  },
  {
    id: 'patient_name',
    header: 'Patient Name',
    kind: 'text',
    value: (row) => patientCell(row, vaultPatientNameOf(row)),
  },
  {
    id: 'account_holder',
    header: 'Account Holder',
    kind: 'text',
    value: (row) => textOrUndefined(vaultCustomerNameOf(row)),
  },
  { id: 'name', header: 'Name', kind: 'text', value: (row) => textOrUndefined(vaultCustomerNameOf(row)) },
  { id: 'email', header: 'Email', kind: 'text', value: (row) => textOrUndefined(row.email) },
  { id: 'phone', header: 'Phone', kind: 'text', value: (row) => textOrUndefined(row.phone_number) },
  {
    id: 'external_id',
    header: 'External ID',
    kind: 'text',
    value: (row) => textOrUndefined(row.external_id),
  },
  { id: 'methods', header: 'Methods', kind: 'number', value: (row) => row.method_count },
];

// The table's columns in its order, for each layout.
const standardColumnIds = ['name', 'email', 'phone', 'external_id', 'methods'] as const;
const patientColumnIds = [
  'patient_number',
  'patient_name',
  'account_holder',
  'email',
  'phone',
  'methods',
] as const;

export function vaultExportColumnIdsOf(hasPatientLayout: boolean): readonly string[] {
  return hasPatientLayout ? patientColumnIds : standardColumnIds;
}

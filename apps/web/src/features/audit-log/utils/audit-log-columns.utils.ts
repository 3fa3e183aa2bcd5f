import {
  type AuditLogRow,
  auditActionLabels,
  auditOutcomeLabels,
  auditTargetInWords,
} from '@portico/contracts/audit/audit-log';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';

// The audit log as people read it: when (with zone), what, outcome, who (and the staff member behind
// a mimic session), which merchant, on what, from where, and the rest, with ids named; the ids and the
// raw details are one click away in hidden columns.
export const auditLogColumns: readonly DataGridColumn<AuditLogRow>[] = [
  { id: 'created_at', header: 'Time', kind: 'datetime', value: (row) => row.created_at, width: 210 },
  { id: 'action', header: 'Action', kind: 'enum', enumLabels: auditActionLabels, value: (row) => row.action },
  {
    id: 'outcome',
    header: 'Outcome',
    kind: 'enum',
    enumLabels: auditOutcomeLabels,
    value: (row) => row.outcome,
    width: 110,
  },
  { id: 'actor_email', header: 'Actor', kind: 'text', value: (row) => row.actor_email ?? '', width: 240 },
  {
    id: 'on_behalf_of_email',
    header: 'Mimicked by',
    kind: 'text',
    value: (row) => row.on_behalf_of_email ?? '',
    width: 200,
  },
  { id: 'client_name', header: 'Merchant', kind: 'text', value: (row) => row.client_name ?? '', width: 200 },
  { id: 'target', header: 'Target', kind: 'text', value: auditTargetInWords, width: 260 },
  { id: 'ip', header: 'IP address', kind: 'text', value: (row) => row.ip ?? '', width: 130 },
  { id: 'details', header: 'Details', kind: 'text', value: (row) => row.details_text ?? '', width: 320 },
  {
    id: 'target_id',
    header: 'Target ID',
    kind: 'text',
    value: (row) => row.target_id ?? '',
    width: 300,
    hidden: true,
  },
  {
    id: 'raw_details',
    header: 'Raw details',
    kind: 'text',
    value: (row) => row.details ?? '',
    width: 320,
    hidden: true,
  },
];

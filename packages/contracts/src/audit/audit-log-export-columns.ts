import { type ExportColumnDefinition, textOrUndefined } from '../transactions/report-export-columns';
import { type AuditLogRow, auditActionLabels, auditOutcomeLabels, auditTargetInWords } from './audit-log';

// The audit log's columns as a server-side export writes them: the same ids, headers and values as
// the portal's grid (apps/web audit-log-columns.utils.ts; a web test holds the two together). Times
// are epoch milliseconds; enums their raw value with labels beside.

export const auditLogExportColumns: readonly ExportColumnDefinition<AuditLogRow>[] = [
  { id: 'created_at', header: 'Time', kind: 'datetime', value: (row) => Date.parse(row.created_at) },
  { id: 'action', header: 'Action', kind: 'enum', enumLabels: auditActionLabels, value: (row) => row.action },
  {
    id: 'outcome',
    header: 'Outcome',
    kind: 'enum',
    enumLabels: auditOutcomeLabels,
    value: (row) => row.outcome,
  },
  { id: 'actor_email', header: 'Actor', kind: 'text', value: (row) => textOrUndefined(row.actor_email) },
  {
    id: 'on_behalf_of_email',
    header: 'Mimicked by',
    kind: 'text',
    value: (row) => textOrUndefined(row.on_behalf_of_email),
  },
  { id: 'client_name', header: 'Merchant', kind: 'text', value: (row) => textOrUndefined(row.client_name) },
  { id: 'target', header: 'Target', kind: 'text', value: (row) => textOrUndefined(auditTargetInWords(row)) },
  { id: 'ip', header: 'IP address', kind: 'text', value: (row) => textOrUndefined(row.ip) },
  { id: 'details', header: 'Details', kind: 'text', value: (row) => textOrUndefined(row.details_text) },
  { id: 'target_id', header: 'Target ID', kind: 'text', value: (row) => textOrUndefined(row.target_id) },
  { id: 'raw_details', header: 'Raw details', kind: 'text', value: (row) => textOrUndefined(row.details) },
];

import type { AuditLogQuery } from '@portico/contracts/audit/audit-log';

export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (query: AuditLogQuery) => [...auditLogKeys.all, 'page', query] as const,
};

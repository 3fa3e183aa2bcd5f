import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction } from '@portico/contracts/audit/audit-log';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema/system';

// Every action and its words live in contracts (the audit log page reads the same record).
export type { AuditAction };

export type AuditEntry = {
  action: AuditAction;
  outcome: 'success' | 'denied' | 'failure';
  actorUserId?: string | null;
  actorEmail?: string | null;
  onBehalfOfUserId?: string | null;
  targetType?: string;
  targetId?: string | null;
  clientId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
};

// What every entry of one request shares: in a mimic session the staff member behind it, while
// viewing as a client that client. The session and access plugins fill it, so no module has to
// pass it for its entries to carry both identities.
export type AuditRequestContext = { onBehalfOfUserId: string | null; viewAsClientId: string | null };
export const auditRequestContext = new AsyncLocalStorage<AuditRequestContext>();

// Who, what, when, from where, outcome. Pass the transaction of the change being
// audited so the trail and the change commit together; denials are written on their own.
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values(auditRowOf(entry));
}

// The row of an entry. The request's context is read now.
export function auditRowOf(entry: AuditEntry) {
  const context = auditRequestContext.getStore();
  const viewAs = context?.viewAsClientId ?? null;
  const details = viewAs === null ? entry.details : { ...entry.details, viewAs };
  return {
    action: entry.action,
    outcome: entry.outcome,
    actorUserId: entry.actorUserId ?? null,
    actorEmail: entry.actorEmail ?? null,
    onBehalfOfUserId: entry.onBehalfOfUserId ?? context?.onBehalfOfUserId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    clientId: entry.clientId ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 500) ?? null,
    details: details ?? null,
  } satisfies typeof auditLog.$inferInsert;
}

// The request's origin for an audit entry.
export function requestOrigin(request: { ip: string; headers: Record<string, unknown> }) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

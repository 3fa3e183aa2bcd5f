import type { Executor } from '../db/client';
import { auditLog } from '../db/schema/system';

export type AuditAction =
  | 'sign_in'
  | 'sign_out'
  | 'authorization_denied'
  | 'mimic'
  | 'key_entry'
  | 'reveal'
  | 'approve'
  | 'reject'
  | 'freeze'
  | 'unfreeze'
  | 'refund'
  | 'void'
  | 'role_change'
  | 'enrollment.create'
  | 'enrollment.edit'
  | 'enrollment.cta_send'
  | 'enrollment.cta_agree'
  | 'enrollment.kyc'
  | 'enrollment.hierarchy'
  | 'enrollment.sandbox'
  | 'enrollment.developer'
  | 'enrollment.developer_email'
  | 'user.create'
  | 'developer_registration.create'
  | 'email.send'
  | 'data_sync_request'
  | 'document.upload'
  | 'document.download';

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

// Who, what, when, from where, outcome (design.md §4). Pass the transaction of the change being
// audited so the trail and the change commit together; denials are written on their own.
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    action: entry.action,
    outcome: entry.outcome,
    actorUserId: entry.actorUserId ?? null,
    actorEmail: entry.actorEmail ?? null,
    onBehalfOfUserId: entry.onBehalfOfUserId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    clientId: entry.clientId ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 500) ?? null,
    details: entry.details ?? null,
  });
}

// The request's origin for an audit entry.
export function requestOrigin(request: { ip: string; headers: Record<string, unknown> }) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

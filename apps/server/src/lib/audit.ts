import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema/system';

export type AuditAction =
  | 'sign_in'
  | 'sign_out'
  // Every other session of the user ended from the Settings page.
  | 'sign_out_others'
  // The signed-in user's own password: first set, changed, a reset link asked for and used, and
  // password sign-in locked after too many wrong passwords.
  | 'password.set'
  | 'password.change'
  | 'password.reset_request'
  | 'password.reset'
  | 'password.lock_out'
  | 'authorization_denied'
  | 'mimic'
  // A write made in a mimic session: the user and the staff member behind it.
  | 'mimic.action'
  | 'view_as'
  | 'key_entry'
  | 'reveal'
  // A merchant's secret API key shown in full, and a new one issued.
  | 'apikey.reveal'
  | 'apikey.roll'
  | 'approve'
  | 'reject'
  | 'freeze'
  | 'unfreeze'
  | 'refund'
  | 'void'
  | 'charge'
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
  | 'enrollment.sign_up'
  | 'client.subpricing'
  | 'user.create'
  | 'user.update'
  | 'user.delete'
  | 'user.sub_entity_add'
  | 'user.sub_entity_remove'
  | 'role.create'
  | 'role.update'
  | 'role.delete'
  | 'role.permission_grant'
  | 'role.permission_revoke'
  | 'role.field_access'
  | 'developer_registration.create'
  | 'email.send'
  | 'data_sync_request'
  | 'document.upload'
  // A server-side export asked for, and its file downloaded.
  | 'export.request'
  | 'export.download'
  | 'document.download'
  | 'sub_location.change'
  | 'account.edit'
  | 'account.hierarchy'
  | 'account.logo'
  // A parent's white label: its name and colour set or removed, its logo uploaded or removed.
  | 'whitelabel.change'
  | 'whitelabel.logo'
  | 'risk_note.create'
  | 'processor.enable'
  | 'processor.portal_sso'
  | 'terminal.link'
  | 'terminal.assign'
  | 'terminal.delete'
  | 'pax_order'
  // A payment link signed by the link builder (by the secret key or by a signed-in user).
  | 'payment_link.create'
  | 'subscription.create'
  | 'subscription.end'
  | 'subscription.reactivate'
  | 'subscription.override'
  | 'subscription.unsubscribe'
  | 'job.run'
  | 'vault.customer_update'
  | 'vault.patient_read'
  // The second factor: set up, removed by its user, removed by staff, new recovery codes, a recovery
  // code spent, and each answer to the sign-in challenge.
  | 'second_factor.enrol'
  | 'second_factor.disable'
  | 'second_factor.reset'
  | 'second_factor.recovery_codes'
  | 'second_factor.recovery_code_used'
  | 'second_factor.challenge'
  | 'passkey.registered'
  | 'passkey.renamed'
  | 'passkey.removed'
  | 'passkey.second_factor'
  | 'passkey.sign_in'
  // Webhook endpoints: every change, each secret roll, each test event and resend.
  | 'webhook.endpoint_create'
  | 'webhook.endpoint_update'
  | 'webhook.endpoint_delete'
  | 'webhook.secret_roll'
  | 'webhook.test'
  | 'webhook.resend'
  // Disputes: evidence added, the draft saved, the response submitted or the dispute accepted, and
  // staff's sandbox simulation.
  | 'dispute.evidence_upload'
  | 'dispute.draft'
  | 'dispute.submit'
  | 'dispute.accept'
  | 'dispute.simulate'
  // Risk review: the dispute ratio threshold changed.
  | 'risk.dispute_threshold';

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

import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// The audit log page (/audit, staff). Filters by actor, action, merchant and date;
// keyset paging (newest first) so a page costs the same on page 1 and page 10,000.

// Every action the server records, as people read it; the server's AuditAction is this record's keys,
// so a new action cannot be recorded without its words.
export const auditActionLabels = {
  sign_in: 'Sign-in',
  sign_out: 'Sign-out',
  // Every other session of the user ended from the Settings page.
  sign_out_others: 'Signed out everywhere else',
  // The signed-in user's own password: first set, changed, a reset link asked for and used, and
  // password sign-in locked after too many wrong passwords.
  'password.set': 'Password set',
  'password.change': 'Password changed',
  'password.reset_request': 'Password reset link asked for',
  'password.reset': 'Password reset',
  'password.lock_out': 'Password sign-in locked',
  // The second factor: set up, removed by its user, removed by staff, new recovery codes, a recovery
  // code spent, each answer to the sign-in challenge.
  'second_factor.enrol': 'Authenticator app set up',
  'second_factor.disable': 'Authenticator app removed',
  'second_factor.reset': 'Second factor reset by staff',
  'second_factor.recovery_codes': 'New recovery codes',
  'second_factor.recovery_code_used': 'Recovery code used',
  'second_factor.challenge': 'Second step of sign-in',
  // A sensitive action's fresh proof, and a team's requirement set by staff.
  'second_factor.step_up': 'Second step for a sensitive action',
  'second_factor.team_requirement': 'Two-step requirement for a team changed',
  'passkey.registered': 'Passkey added',
  'passkey.renamed': 'Passkey renamed',
  'passkey.removed': 'Passkey removed',
  'passkey.second_factor': 'Passkey used as second step',
  'passkey.sign_in': 'Signed in with a passkey',
  authorization_denied: 'Refused call',
  mimic: 'Mimic',
  // A write made in a mimic session: the user and the staff member behind it.
  'mimic.action': 'Change made while mimicking',
  view_as: 'View as',
  key_entry: 'Key entry',
  reveal: 'Reveal',
  // A merchant's secret API key shown in full, and a new one issued.
  'apikey.reveal': 'Secret key revealed',
  'apikey.roll': 'Secret key replaced',
  approve: 'Approval',
  reject: 'Rejection',
  freeze: 'Freeze',
  unfreeze: 'Unfreeze',
  refund: 'Refund',
  void: 'Void',
  charge: 'Payment taken',
  role_change: 'Role or permission change',
  'enrollment.create': 'Enrollment created',
  'enrollment.edit': 'Enrollment edited',
  'enrollment.cta_send': 'Click-to-agree sent',
  'enrollment.cta_agree': 'Click-to-agree accepted',
  'enrollment.kyc': 'KYC run',
  'enrollment.hierarchy': 'Hierarchy changed',
  'enrollment.sandbox': 'Sandbox created',
  'enrollment.developer': 'Developer enrolled',
  'enrollment.developer_email': 'Developer e-mail sent',
  'enrollment.sign_up': 'Business signed up',
  'client.subpricing': 'Sub-pricing changed',
  'user.create': 'User added',
  'user.update': 'User edited',
  'user.delete': 'User deleted',
  'user.sub_entity_add': 'Location given to a user',
  'user.sub_entity_remove': 'Location taken from a user',
  'role.create': 'Role added',
  'role.update': 'Role renamed',
  'role.delete': 'Role deleted',
  'role.permission_grant': 'Permission granted',
  'role.permission_revoke': 'Permission revoked',
  'role.field_access': 'Field access changed',
  // Written by the demo seed's history.
  'merchant.freeze': 'Merchant frozen',
  'merchant.unfreeze': 'Merchant unfrozen',
  'enrollment.approve': 'Enrollment approved',
  'enrollment.reject': 'Enrollment rejected',
  'transaction.refund': 'Refund (history)',
  'developer_registration.create': 'Developer registration',
  'email.send': 'E-mail sent',
  data_sync_request: 'Data sync requested',
  'document.upload': 'Document uploaded',
  'document.download': 'Document downloaded',
  // A server-side export asked for, and its file downloaded.
  'export.request': 'Export requested',
  'export.download': 'Export downloaded',
  // A scheduled report made, paused (by its owner, or by the scheduler when the owner lost access),
  // resumed or deleted.
  'report_schedule.create': 'Report scheduled',
  'report_schedule.pause': 'Scheduled report paused',
  'report_schedule.resume': 'Scheduled report resumed',
  'report_schedule.delete': 'Scheduled report deleted',
  'sub_location.change': 'Sub-location changed',
  'account.edit': 'Account edited',
  'account.hierarchy': 'Account parent changed',
  'account.logo': 'Account logo uploaded',
  // A parent's white label: its name and colour set or removed, its logo uploaded or removed.
  'whitelabel.change': 'White label changed',
  'whitelabel.logo': 'White label logo changed',
  'risk_note.create': 'Risk note added',
  // Risk review: the dispute ratio threshold changed.
  'risk.dispute_threshold': 'Dispute ratio threshold changed',
  'processor.enable': 'Processor enablement',
  'processor.portal_sso': 'ProPay portal opened',
  'terminal.link': 'Terminal linked',
  'terminal.assign': 'Terminal location assigned',
  'terminal.delete': 'Terminal deleted',
  pax_order: 'Pax device ordered',
  // A payment link signed by the link builder (by the secret key or by a signed-in user).
  'payment_link.create': 'Payment link created',
  'subscription.create': 'Recurring series created',
  'subscription.end': 'Recurring series ended',
  'subscription.reactivate': 'Recurring series reactivated',
  'subscription.override': 'Next recurring charge changed',
  'subscription.unsubscribe': 'Customer unsubscribed',
  'job.run': 'Job run by staff',
  'vault.customer_update': 'Vault customer edited',
  'vault.patient_read': 'Patient record read',
  // Webhook endpoints: every change, each secret roll, each test event and resend.
  'webhook.endpoint_create': 'Webhook endpoint added',
  'webhook.endpoint_update': 'Webhook endpoint edited',
  'webhook.endpoint_delete': 'Webhook endpoint deleted',
  'webhook.secret_roll': 'Webhook secret replaced',
  'webhook.test': 'Webhook test event sent',
  'webhook.resend': 'Webhook event sent again',
  // Disputes: evidence added, the draft saved, the response submitted or the dispute accepted, and
  // staff's sandbox simulation.
  'dispute.evidence_upload': 'Dispute evidence added',
  'dispute.draft': 'Dispute response draft saved',
  'dispute.submit': 'Dispute response submitted',
  'dispute.accept': 'Dispute accepted',
  'dispute.simulate': 'Dispute simulated (sandbox)',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof auditActionLabels;

function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(auditActionLabels, action);
}

// An entry written by an older build under an action since renamed reads its code in words.
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? auditActionLabels[action] : action.replace(/[._]/g, ' ');
}

export const auditOutcomes = ['success', 'denied', 'failure'] as const;
// What an entry acted on, as people call it; a kind not listed reads its code with spaces.
export const auditTargetTypeLabels: Readonly<Record<string, string>> = {
  client: 'Merchant',
  enrollment: 'Application',
  user: 'User',
  role: 'Role',
  transaction: 'Payment',
  subscription: 'Subscription',
  route: 'Page or call',
  vault_customer: 'Saved customer',
  document: 'Document',
  bill: 'Bill',
  sub_location: 'Location',
  pax_order: 'PAX order',
  terminal: 'Terminal',
  key: 'API key',
  job_run: 'Job run',
  email: 'E-mail',
  developer_registration: 'Developer registration',
  data_sync_request: 'Data sync request',
  crypto_kyc: 'Crypto KYC check',
};

export function auditTargetInWords(row: { target_type: string | null; target_name: string | null }): string {
  if (row.target_type === null) return row.target_name ?? '';
  const kind = auditTargetTypeLabels[row.target_type] ?? row.target_type.replace(/_/g, ' ');
  return row.target_name === null ? kind : `${kind}: ${row.target_name}`;
}

export const auditOutcomeLabels: Readonly<Record<(typeof auditOutcomes)[number], string>> = {
  success: 'Succeeded',
  denied: 'Refused',
  failure: 'Failed',
};

export const auditLogPageSizeMax = 200;
export const auditLogPageSizeDefault = 100;

// GET /api/audit-log. from and to are instants (the browser turns the user's dates into them in the
// user's timezone); to is exclusive. before is the cursor of the previous page's last row.
export const auditLogQuery = z.strictObject({
  actor: z.string().trim().min(1).max(320).optional(),
  action: z.string().trim().min(1).max(60).optional(),
  merchant: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(auditLogPageSizeMax).default(auditLogPageSizeDefault),
});
// What the browser sends (limit is coerced from the query string on the server).
export type AuditLogQuery = Omit<z.input<typeof auditLogQuery>, 'limit'> & { limit?: number };

export const auditLogRowSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  action: z.string(),
  outcome: z.enum(auditOutcomes),
  actor_email: z.string().nullable(),
  // In a mimic session: the staff member behind the actor.
  on_behalf_of_email: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  // The target by the name people know it by (a merchant, user, role, location or application);
  // null for a record without one (a payment is found by its id).
  target_name: z.string().nullable(),
  client_id: z.uuid().nullable(),
  client_name: z.string().nullable(),
  ip: z.string().nullable(),
  // The raw details (JSON), and the same in words with ids named (audit-details).
  details: z.string().nullable(),
  details_text: z.string().nullable(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

export const auditLogPageSchema = z.object({
  rows: z.array(auditLogRowSchema),
  // The cursor of the next (older) page; null on the last page.
  next_before: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
export const auditLogResponse = successEnvelope(auditLogPageSchema);

export const AuditLogText = {
  Title: 'Audit Log',
  Empty: 'No audited actions match these filters.',
  LoadFailed: 'The audit log could not be loaded.',
  ExportFileName: 'AuditLog.xlsx',
} as const;

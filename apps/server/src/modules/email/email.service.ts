import { normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import {
  EmailErrorCode,
  EmailText,
  maxEmailsPerSenderPerMinute,
  parseRecipientList,
  type SendEmailBody,
} from '@portico/contracts/email/email';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess, refuseProcessorAuditUser } from '../../access/denial';
import type { Db } from '../../db/client';
import type { MailService } from '../../integrations/mail/mail-service';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { assertWithinLimit, countHit } from '../../lib/rate-limit-counters';
import { listMerchantsUserCanActFor } from '../rbac/rbac.service';
import {
  type ClientScope,
  developerAddresses,
  findSenderName,
  recordAddressesWithin,
  staffAddresses,
  userAddressesWithin,
} from './email.repository';
import { toPlainText } from './plain-text';

export const EmailError = defineErrors({
  NoRecipient: [EmailErrorCode.NoRecipient, 'validation'],
  TooManyRecipients: [EmailErrorCode.TooManyRecipients, 'validation'],
  InvalidRecipient: [EmailErrorCode.InvalidRecipient, 'validation'],
});

// A signed-in user is not an open relay. Recipients must be Portico's support address, the
// provider's or partner's staff, or people on file for a client the caller reaches: its users and
// contacts, the client's and its enrollments' e-mail. Staff reach every client and also registered
// developers.
export async function disallowedRecipients(
  db: Db,
  caller: Caller,
  addresses: readonly string[],
  supportEmail: string,
): Promise<string[]> {
  const allowed = new Set<string>([normalizeEmailAddress(supportEmail)]);
  const pending = () => addresses.filter((address) => !allowed.has(address));
  const add = (found: readonly string[]) => {
    for (const address of found) allowed.add(address.toLowerCase());
  };
  if (pending().length > 0) add(await staffAddresses(db, pending()));
  if (pending().length === 0) return [];
  let scope: ClientScope = 'all';
  if (!caller.isStaff) {
    const reachable = await listMerchantsUserCanActFor(db, caller.session, caller.viewAsClientId);
    scope = reachable.map((client) => client.id);
  }
  add(await userAddressesWithin(db, pending(), scope));
  if (pending().length > 0) add(await recordAddressesWithin(db, pending(), scope));
  if (pending().length > 0 && caller.isStaff) add(await developerAddresses(db, pending()));
  return pending();
}

function recipientsOf(to: SendEmailBody['to']): string[] {
  const list = parseRecipientList(to);
  if (list.isValid) return list.addresses;
  if (list.reason === 'none') throw EmailError.NoRecipient(EmailText.NoRecipient);
  if (list.reason === 'too_many') throw EmailError.TooManyRecipients(EmailText.TooManyRecipients);
  throw EmailError.InvalidRecipient(EmailText.InvalidRecipient);
}

export type EmailDeps = {
  db: Db;
  mail: MailService;
  supportEmail: string;
  perSenderPerMinute?: number | undefined;
};

// How the message came: the POST of uploads, CTA, tickets; the GET of the developer certification.
export type EmailChannel = 'post' | 'developer_link';

// Every e-mail a signed-in user sends goes through here, whichever call carried it: one budget per
// sender (counted in the database, so it holds across instances and across both calls), the recipient
// rule above, plain text signed with the sender's name, and an audit entry.
export async function sendUserEmail(
  deps: EmailDeps,
  caller: Caller,
  body: SendEmailBody,
  channel: EmailChannel = 'post',
): Promise<{ recipients: number }> {
  // Sending mail is a write whatever the method: processor-audit users are read-only.
  await refuseProcessorAuditUser(caller);
  // Counted before the recipients are checked: probing who Portico knows spends the budget too.
  const hit = await countHit(deps.db, `email-sender:${caller.session.userId}`, 60);
  assertWithinLimit(hit, deps.perSenderPerMinute ?? maxEmailsPerSenderPerMinute);
  const addresses = recipientsOf(body.to);
  const refused = await disallowedRecipients(deps.db, caller, addresses, deps.supportEmail);
  if (refused.length > 0) {
    await denyAccess(caller, 'recipient', {
      code: EmailErrorCode.RecipientNotAllowed,
      message: EmailText.RecipientNotAllowed,
    });
  }
  const senderName = (await findSenderName(deps.db, caller.session.userId)) ?? caller.session.email;
  // Who sent it is part of the message, so a recipient can tell a colleague's note from Portico's.
  const text = `${toPlainText(body.body)}\n\n--\nSent through Portico by ${senderName} <${caller.session.email}>.`;
  const outcome = await deps.mail.send({ to: addresses, subject: body.subject, text });
  await recordAudit(deps.db, {
    action: 'email.send',
    outcome: 'success',
    ...auditActorOf(caller),
    targetType: 'email',
    targetId: outcome.outboxId,
    details: { recipients: addresses.length, delivery: outcome.status, channel },
  });
  return { recipients: addresses.length };
}

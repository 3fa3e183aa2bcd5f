import { normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import {
  EmailErrorCode,
  EmailText,
  parseRecipientList,
  type SendEmailBody,
} from '@portico/contracts/email/email';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { denyAccess } from '../../access/denial';
import type { Db } from '../../db/client';
import type { MailService } from '../../integrations/mail/mail-service';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
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

export type EmailDeps = { db: Db; mail: MailService; supportEmail: string };

export async function sendUserEmail(
  deps: EmailDeps,
  caller: Caller,
  body: SendEmailBody,
): Promise<{ recipients: number }> {
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
    details: { recipients: addresses.length, delivery: outcome.status },
  });
  return { recipients: addresses.length };
}

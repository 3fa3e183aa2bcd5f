import {
  type DisputeNoticeKind,
  DisputeNoticeText,
  disputeNoticeOf,
} from '@portico/contracts/disputes/dispute-notices';
import type { Executor } from '../../db/client';
import type { MailService, QueuedMail } from '../../integrations/mail/mail-service';
import type { MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/html';
import { ownerRecipients } from '../risk/freeze-mail';
import { chargebackFeeOfDispute, type DisputeRecord, listDisputeRecipients } from './disputes.repository';

// Where the dispute e-mails go out from: the mail service and the portal's address for the link.
export type DisputeNotices = { mail: MailService; publicUrl: string };

// A stored name is one line in a subject (a mail header).
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim() || 'your merchant account';
}

export function disputeLink(publicUrl: string, disputeId: string): string {
  return `${publicUrl}/app/disputes/${disputeId}`;
}

export function disputeNoticeMessage(
  to: string,
  timeZone: string,
  notice: DisputeNoticeKind,
  facts: Parameters<typeof disputeNoticeOf>[1],
): MailMessage {
  const { subject, paragraphs } = disputeNoticeOf(notice, facts, timeZone);
  const text = [DisputeNoticeText.greeting, ...paragraphs, `${DisputeNoticeText.open}\n${facts.link}`].join(
    '\n\n',
  );
  const html = [
    `<p>${escapeHtml(DisputeNoticeText.greeting)}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
    `<p>${escapeHtml(DisputeNoticeText.open)} <a href="${escapeHtml(facts.link)}">${escapeHtml(facts.link)}</a></p>`,
  ].join('');
  return { to: [to], subject, text: `${text}\n`, html };
}

// One message per recipient (each reads the dates in their own zone), written to the outbox in the
// transaction of the change it reports; the caller delivers them once that transaction commits.
export async function queueDisputeNotice(
  tx: Executor,
  notices: DisputeNotices | undefined,
  dispute: DisputeRecord,
  merchantName: string,
  notice: DisputeNoticeKind,
): Promise<QueuedMail[]> {
  if (!notices) return [];
  const recipients = await listDisputeRecipients(tx, dispute.clientId);
  const zoneOf = new Map(recipients.map((r) => [r.email.toLowerCase(), r.timeZone]));
  const facts = {
    merchantName: oneLine(merchantName),
    amountCents: dispute.amountCents,
    chargebackFeeCents: await chargebackFeeOfDispute(tx, dispute),
    category: dispute.category,
    cardBrand: dispute.cardBrand,
    last4: dispute.last4,
    customer: dispute.customerName,
    respondBy: dispute.respondBy,
    link: disputeLink(notices.publicUrl, dispute.id),
  };
  const queued: QueuedMail[] = [];
  for (const address of ownerRecipients(recipients.map((r) => r.email))) {
    const timeZone = zoneOf.get(address) ?? 'America/New_York';
    queued.push(await notices.mail.queue(disputeNoticeMessage(address, timeZone, notice, facts), tx));
  }
  return queued;
}

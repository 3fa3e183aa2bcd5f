import { isValidEmailAddress, normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import { FreezeNoticeText } from '@portico/contracts/risk/risk';
import type { MailMessage } from '../../integrations/mail/mailer';

// The e-mail a merchant's owners get when risk review freezes the merchant, and again when it
// enables it: one message to all of them, or none when the merchant has no owner to write to.

// The merchant's name is stored data: a subject is a mail header, so it stays on one line.
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim() || 'Your merchant account';
}

// The owners' addresses mail can go to, each once.
export function ownerRecipients(addresses: readonly string[]): string[] {
  const valid = addresses.map(normalizeEmailAddress).filter(isValidEmailAddress);
  return [...new Set(valid)].sort();
}

export function merchantStatusMessage(
  owners: readonly string[],
  merchantName: string,
  isActive: boolean,
  supportEmail: string,
): MailMessage | null {
  const to = ownerRecipients(owners);
  if (to.length === 0) return null;
  const name = oneLine(merchantName);
  const body = isActive
    ? FreezeNoticeText.enabledBody(name)
    : FreezeNoticeText.pausedBody(name, supportEmail);
  return {
    to,
    subject: isActive ? FreezeNoticeText.enabledSubject(name) : FreezeNoticeText.frozenSubject(name),
    text: ['Hello,', '', body].join('\n'),
  };
}

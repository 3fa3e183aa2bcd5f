import { portalBasePath, portalLoginPath } from '@portico/contracts/access/routes';
import { isValidEmailAddress, normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import type { MailMessage } from '../../integrations/mail/mailer';

// What the applicant's e-mails say about the application: the business, and the provider (the
// parent it enrolls under) who reviews it.
export type ApplicationNames = {
  businessName: string | null;
  providerName: string | null;
};

// The applicant's address as the application stores it, when it is one mail can go to.
export function applicantAddress(stored: string | null): string | null {
  if (stored === null) return null;
  const address = normalizeEmailAddress(stored);
  return isValidEmailAddress(address) ? address : null;
}

// Names come from the application, so they are kept on one line (a subject is a mail header).
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

function namesOf(names: ApplicationNames) {
  return {
    business: oneLine(names.businessName ?? '') || 'your business',
    provider: oneLine(names.providerName ?? '') || 'Portico',
  };
}

export function portalLoginUrl(publicUrl: string): string {
  return `${publicUrl}${portalBasePath}${portalLoginPath}`;
}

// The application is submitted: filed on the enroll page, or completed and agreed to through the
// click-to-agree link.
export function applicationSubmittedMessage(to: string, names: ApplicationNames): MailMessage {
  const { business, provider } = namesOf(names);
  return {
    to: [to],
    subject: `Application received: ${business}`,
    text: [
      'Hello,',
      '',
      `${provider} received the merchant application for ${business}. It is now under review.`,
      '',
      'You will get another e-mail at this address when the application is approved or rejected.',
    ].join('\n'),
  };
}

// The application is approved. signInEmail: the address whose portal user reaches the new account;
// null when the address belongs to an account of another kind, which approval leaves as it is.
export function applicationApprovedMessage(
  to: string,
  names: ApplicationNames,
  signInEmail: string | null,
  publicUrl: string,
): MailMessage {
  const { business, provider } = namesOf(names);
  const signIn =
    signInEmail === null
      ? [`${provider} will tell you how to sign in to the portal.`]
      : [
          `Sign in to the portal with this e-mail address: ${signInEmail}`,
          '',
          `Open ${portalLoginUrl(publicUrl)}, type the address and press Send Login Link: we e-mail you a link that signs you in.`,
        ];
  return {
    to: [to],
    subject: `Application approved: ${business}`,
    text: [
      'Hello,',
      '',
      `${provider} approved the merchant application for ${business}. The account is ready to take payments.`,
      '',
      ...signIn,
    ].join('\n'),
  };
}

// The application is rejected, with the reviewer's reason when one was given.
export function applicationRejectedMessage(
  to: string,
  names: ApplicationNames,
  reason: string | null,
): MailMessage {
  const { business, provider } = namesOf(names);
  const why = reason?.trim() ? ['', `Reason: ${reason.trim()}`] : [];
  return {
    to: [to],
    subject: `Application not approved: ${business}`,
    text: [
      'Hello,',
      '',
      `${provider} reviewed the merchant application for ${business} and did not approve it.`,
      ...why,
      '',
      `For questions about this decision, contact ${provider}.`,
    ].join('\n'),
  };
}

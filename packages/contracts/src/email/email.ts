import { z } from 'zod';
import { isValidEmailAddress, normalizeEmailAddress } from '../auth/email-address';
import { successEnvelope } from '../common/envelope';

// POST api/email (after uploads; CTA, deactivation, deletion, ticket and developer e-mails). Portico
// sends plain text only, to a short list of recipients it can vouch for.

export const maxEmailRecipients = 5;
export const maxEmailSubjectLength = 200;
export const maxEmailBodyLength = 20_000;

export const EmailText = {
  Sent: 'Email was sent.',
  RecipientNotAllowed: 'One or more recipients are not allowed.',
  InvalidRecipient: 'One or more recipients are not valid e-mail addresses.',
  NoRecipient: 'At least one recipient is required.',
  TooManyRecipients: `At most ${maxEmailRecipients} recipients are allowed.`,
  SubjectRequired: 'Subject is required',
  BodyRequired: 'Body is required',
} as const;

export const EmailErrorCode = {
  RecipientNotAllowed: 'EMAIL_RECIPIENT_NOT_ALLOWED',
  InvalidRecipient: 'EMAIL_INVALID_RECIPIENT',
  NoRecipient: 'EMAIL_NO_RECIPIENT',
  TooManyRecipients: 'EMAIL_TOO_MANY_RECIPIENTS',
} as const;

const emailSubject = z
  .string({ error: EmailText.SubjectRequired })
  .trim()
  .min(1, EmailText.SubjectRequired)
  .max(maxEmailSubjectLength)
  // A line break in a subject is a header injection attempt, never a real subject.
  .refine((subject) => !/[\r\n]/.test(subject), 'Subject must be one line');
const emailBody = z
  .string({ error: EmailText.BodyRequired })
  .trim()
  .min(1, EmailText.BodyRequired)
  .max(maxEmailBodyLength);

export const sendEmailBody = z.strictObject({
  subject: emailSubject,
  body: emailBody,
  // Comma-separated or a list.
  to: z.union([z.string().max(2000), z.array(z.string().max(254)).max(maxEmailRecipients)]),
});
export type SendEmailBody = z.infer<typeof sendEmailBody>;

// GET /api/email?to=&subject=&body=: the developer certification's instructions mail. The same
// message as the POST, so the same rules; only admin and parent users (who open /certregistration) send it.
export const sendEmailQuery = z.strictObject({
  to: z.string({ error: EmailText.NoRecipient }).max(2000),
  subject: emailSubject,
  body: emailBody,
});
export const developerEmailRoles = ['admin', 'parent'] as const;

// One budget per sender for every way of sending: at most this many messages a minute.
export const maxEmailsPerSenderPerMinute = 10;

export const sendEmailResponse = successEnvelope(z.object({ recipients: z.number().int().positive() }));

export type RecipientList =
  | { isValid: true; addresses: string[] }
  | { isValid: false; reason: 'none' | 'too_many' | 'invalid' };

// 'a@x.example, B@x.example;' -> ['a@x.example', 'b@x.example']: split on commas and semicolons,
// lowercased, duplicates dropped, empty entries ignored (as for the CTA e-mail).
export function parseRecipientList(to: string | readonly string[]): RecipientList {
  const entries = (typeof to === 'string' ? to.split(/[,;]/) : to.flatMap((entry) => entry.split(/[,;]/)))
    .map(normalizeEmailAddress)
    .filter((entry) => entry !== '');
  const addresses = [...new Set(entries)];
  if (addresses.length === 0) return { isValid: false, reason: 'none' };
  if (addresses.length > maxEmailRecipients) return { isValid: false, reason: 'too_many' };
  if (!addresses.every(isValidEmailAddress)) return { isValid: false, reason: 'invalid' };
  return { isValid: true, addresses };
}

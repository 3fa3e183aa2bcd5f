import { userTypeSchema } from '@portico/contracts/auth/roles';
import type { Branding } from '@portico/contracts/branding/whitelabel';
import type { Executor } from '../../db/client';
import type { MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/html';
import { findUserByEmail } from './branding.repository';
import { resolveUserBranding } from './branding.service';

// A message to one user of a white-labelled hierarchy carries the brand: its name on top of the text,
// and its logo (else its name) over a band of its colour in the HTML part.
export function dressMailWithBranding(
  message: MailMessage,
  branding: Branding,
  publicUrl: string,
): MailMessage {
  const name = escapeHtml(branding.entity_name);
  const mark = branding.logo_url
    ? `<img src="${escapeHtml(`${publicUrl}${branding.logo_url}`)}" alt="${name}" height="40" style="display:block;height:40px;width:auto">`
    : `<strong style="font-size:20px;color:${branding.color ?? '#1a1a1a'}">${name}</strong>`;
  const body =
    message.html ??
    `<pre style="font-family:inherit;white-space:pre-wrap;margin:0">${escapeHtml(message.text)}</pre>`;
  const border = branding.color ? `border-top:4px solid ${branding.color};` : '';
  return {
    ...message,
    text: `${branding.entity_name}\n\n${message.text}`,
    html: `<div style="${border}padding-top:12px"><div style="margin-bottom:16px">${mark}</div>${body}</div>`,
  };
}

// Only a message to a single known user is dressed; everyone else's mail stays Portico's.
export async function brandMailForRecipient(
  executor: Executor,
  message: MailMessage,
  publicUrl: string,
): Promise<MailMessage> {
  const [recipient, ...others] = message.to;
  if (!recipient || others.length > 0) return message;
  const user = await findUserByEmail(executor, recipient);
  if (!user) return message;
  // A contact is a merchant's person without a sign-in: branded like the merchant's users.
  const userType = userTypeSchema.safeParse(user.userType);
  const branding = await resolveUserBranding(executor, {
    userType: userType.success ? userType.data : 'user',
    defaultClientId: user.defaultClientId,
  });
  return branding ? dressMailWithBranding(message, branding, publicUrl) : message;
}

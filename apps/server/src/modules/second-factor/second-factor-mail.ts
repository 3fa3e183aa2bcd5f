import type { MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/html';

// What staff removed: the authenticator app (with its recovery codes) and how many passkeys.
export type SecondFactorRemoved = { hadApp: boolean; passkeysRemoved: number };

function removedInWords({ hadApp, passkeysRemoved }: SecondFactorRemoved): string {
  const parts: string[] = [];
  if (hadApp) parts.push('the authenticator app with its recovery codes');
  if (passkeysRemoved === 1) parts.push('your passkey');
  if (passkeysRemoved > 1) parts.push(`your ${passkeysRemoved} passkeys`);
  return parts.join(' and ');
}

// Told to the user whose second factor staff removed: no code or secret, only what happened and what
// to do.
export function secondFactorResetMessage(
  to: string,
  name: string,
  publicUrl: string,
  removed: SecondFactorRemoved = { hadApp: true, passkeysRemoved: 0 },
): MailMessage {
  const settings = `${publicUrl}/app/settings`;
  const lines = [
    `Hello ${name}, a Portico administrator removed ${removedInWords(removed)} from your account.`,
    'You now sign in without a second step. Set up an authenticator app or add a passkey again on your Settings page:',
  ];
  const outro = 'If you did not ask for this, tell your administrator at once.';
  return {
    to: [to],
    subject: 'Your Portico second sign-in step was removed',
    text: `${lines.join('\n\n')}\n\n${settings}\n\n${outro}\n`,
    html:
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      `<p><a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

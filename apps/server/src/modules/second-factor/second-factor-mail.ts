import type { MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/html';

// Told to the user whose authenticator staff removed: no code or secret, only what happened and what
// to do.
export function secondFactorResetMessage(to: string, name: string, publicUrl: string): MailMessage {
  const settings = `${publicUrl}/app/settings`;
  const lines = [
    `Hello ${name}, a Portico administrator removed the authenticator app from your account, with its recovery codes.`,
    'You now sign in without a code. Set up an authenticator app again on your Settings page:',
  ];
  const outro = 'If you did not ask for this, tell your administrator at once.';
  return {
    to: [to],
    subject: 'Your Portico authenticator app was removed',
    text: `${lines.join('\n\n')}\n\n${settings}\n\n${outro}\n`,
    html:
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      `<p><a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

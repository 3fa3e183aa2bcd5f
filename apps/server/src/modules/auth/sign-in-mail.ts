import type { MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/html';

// The link keeps the original client's shape: /verify-email forwards mode=signIn to
// /sso, which reads the address from continueUrl and POSTs the code. The code is only consumed by
// that POST, so a mail scanner opening the link burns nothing.
export function loginLinkUrl(publicUrl: string, token: string, email: string): string {
  const continueUrl = `${publicUrl}/app/sso?email=${encodeURIComponent(email)}`;
  const params = new URLSearchParams({ oobCode: token, mode: 'signIn', continueUrl });
  return `${publicUrl}/app/verify-email?${params.toString()}`;
}

export function verifyEmailUrl(publicUrl: string, token: string): string {
  const params = new URLSearchParams({ oobCode: token, mode: 'verifyEmail' });
  return `${publicUrl}/app/verify-email?${params.toString()}`;
}

function messageWithLink(to: string, subject: string, lines: { intro: string; outro: string }, link: string) {
  const text = `${lines.intro}\n\n${link}\n\n${lines.outro}\n`;
  const href = escapeHtml(link);
  const html =
    `<p>${escapeHtml(lines.intro)}</p>` +
    `<p><a href="${href}">${escapeHtml(subject)}</a></p>` +
    `<p style="font-size:12px;color:#666">${href}</p>` +
    `<p>${escapeHtml(lines.outro)}</p>`;
  return { to: [to], subject, text, html } satisfies MailMessage;
}

export function loginLinkMessage(to: string, name: string, link: string, validMinutes: number): MailMessage {
  return messageWithLink(
    to,
    'Sign in to Portico',
    {
      intro: `Hello ${name}, use this link to sign in to Portico. It works once and expires in ${validMinutes} minutes.`,
      outro: 'If you did not ask to sign in, ignore this e-mail: nobody can sign in without the link.',
    },
    link,
  );
}

export function verifyEmailMessage(to: string, providerName: string, link: string, validMinutes: number) {
  return messageWithLink(
    to,
    'Confirm your email for Portico',
    {
      intro:
        `Someone signed in to Portico with a ${providerName} account using this address. Open this link in ` +
        `the same browser to confirm it and add ${providerName} sign-in to your account. It expires in ` +
        `${validMinutes} minutes.`,
      outro: `If this was not you, ignore this e-mail: nothing changes without the link.`,
    },
    link,
  );
}

// The 'Forgot password?' link: /app/reset-password?oobCode=…. Opening it changes nothing; only the
// page's POST with a new password uses it.
export function passwordResetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/app/reset-password?${new URLSearchParams({ oobCode: token }).toString()}`;
}

export function passwordResetMessage(
  to: string,
  name: string,
  link: string,
  validMinutes: number,
): MailMessage {
  return messageWithLink(
    to,
    'Set a new Portico password',
    {
      intro:
        `Hello ${name}, use this link to set a new password for Portico. It works once and expires in ` +
        `${validMinutes} minutes. Setting a new password signs you out everywhere else.`,
      outro: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    },
    link,
  );
}

// Told to the account's owner when password sign-in locks: the lock does not show on the login page.
export function passwordLockedMessage(
  to: string,
  name: string,
  input: { failures: number; lockMinutes: number; forgotPasswordUrl: string },
): MailMessage {
  const intro =
    `Hello ${name}, someone entered a wrong password for your Portico account ${input.failures} times in a ` +
    `row, so signing in with a password is locked for ${input.lockMinutes} minutes.`;
  const outro =
    'If this was you, wait or set a new password with Forgot password? on the login page; signing in ' +
    'with a login link still works. If it was not you, set a new password now.';
  const text = `${intro}\n\n${outro}\n\n${input.forgotPasswordUrl}\n`;
  const html =
    `<p>${escapeHtml(intro)}</p><p>${escapeHtml(outro)}</p>` +
    `<p><a href="${escapeHtml(input.forgotPasswordUrl)}">Go to the login page</a></p>`;
  return {
    to: [to],
    subject: `Password sign-in to Portico is locked for ${input.lockMinutes} minutes`,
    text,
    html,
  };
}

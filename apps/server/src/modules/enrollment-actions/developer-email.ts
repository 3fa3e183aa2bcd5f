import type { MailMessage } from '../../integrations/mail/mailer';
import { sandboxDeclinedCents } from '../../integrations/processors/sandbox-processor';

export type DeveloperEmailFacts = {
  developerName: string;
  developerEmail: string;
  merchantName: string;
  publicUrl: string;
  isInCertification: boolean;
  isLive: boolean;
};

// The developer's instructions: where to sign in and what the sandbox does. Keys are never mailed:
// the developer reads them in the portal after signing in.
export function developerEmailOf(facts: DeveloperEmailFacts): MailMessage {
  const firstName = facts.developerName.trim().split(/\s+/)[0] ?? facts.developerName;
  const lines = [
    `Hello ${firstName},`,
    '',
    `You are enrolled as the developer of ${facts.merchantName} on Portico.`,
    `Sign in with ${facts.developerEmail} at ${facts.publicUrl}/app/login.`,
  ];
  if (facts.isInCertification) {
    lines.push(
      '',
      'Sandbox certification: the Certification page lists the tests to complete and your sandbox API key.',
      `In the sandbox, test card numbers begin with 1, and amounts ending in .${sandboxDeclinedCents} are declined.`,
    );
  }
  if (facts.isLive) {
    lines.push('', 'Production: the account is live; its production keys are on the account page.');
  }
  lines.push('', 'API keys are shown only in the portal and are never sent by e-mail.');
  return {
    to: [facts.developerEmail],
    subject: `Your Portico developer access for ${facts.merchantName}`,
    text: lines.join('\n'),
  };
}

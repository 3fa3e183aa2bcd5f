import {
  type CertificationFeature,
  type CertificationRegistrationBody,
  CertificationRegistrationText,
  certificationFeatures,
  optionalFeatureGroups,
  requiredFeatureGroup,
} from '@portico/contracts/developers/certification-registration';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import type { MailMessage } from '../../integrations/mail/mailer';
import { escapeHtml } from '../../lib/html';

// The test amounts of the instructions e-mail, in cents. The terminal and API ACH amounts are
// ours (the product names a few and says "and similar"); none ends in .13, which the sandbox declines.
export const certificationTestAmounts = {
  iframeCardCharge: 423,
  iframeCardRefund: 211,
  iframeAchDebit: 526,
  iframeAchRefund: 212,
  iframeTokenizedCharge: 723,
  apiTokenizedCharge: 724,
  apiAuthorize: 5000,
  apiSettle: 2322,
  apiAchDebit: 626,
  apiAchRefund: 312,
  terminalSale: 123,
} as const;

// Subscriptions in tests start this many days after set-up.
export const subscriptionStartDays = { iframe: 30, api: 15 } as const;

const usd = (cents: number) => `$${formatCentsAsDecimal(cents)}`;
const a = certificationTestAmounts;

function stepsOf(feature: CertificationFeature, callbackUrl: string | null): string[] {
  switch (feature) {
    case 'merchant_enrollment':
      return ['Enroll a test merchant in the sandbox, read it back and update one of its details.'];
    case 'transaction_reports':
      return ['Pull the transaction report for the day of your test payments and find each of them in it.'];
    case 'monthly_statements':
      return ['Download the monthly statement of your sandbox merchant.'];
    case 'void_refund':
      return [
        'Void a payment on the day it was made, and refund one made on an earlier day.',
        'The sandbox declines voids and refunds of amounts ending in .13: use one to test how you handle a decline.',
      ];
    case 'webhook_callbacks':
      return [
        callbackUrl
          ? `We will send callbacks to ${callbackUrl}.`
          : 'Reply with the https:// address that should receive your callbacks.',
        CertificationRegistrationText.CallbackDelay,
      ];
    case 'iframe_card':
      return [
        `Charge ${usd(a.iframeCardCharge)} with a sandbox card, then refund ${usd(a.iframeCardRefund)} of it.`,
      ];
    case 'iframe_ach':
      return [
        `Debit ${usd(a.iframeAchDebit)} from a sandbox bank account, then refund ${usd(a.iframeAchRefund)} of it.`,
      ];
    case 'iframe_tokenized':
      return [`Save a sandbox card, then charge the saved (tokenized) card ${usd(a.iframeTokenizedCharge)}.`];
    case 'iframe_subscriptions':
      return [`Set up a subscription that starts ${subscriptionStartDays.iframe} days after set-up.`];
    case 'terminal_card_present':
      return [`Run a ${usd(a.terminalSale)} card present sale on a sandbox terminal, then void it.`];
    case 'api_card':
      return [`Authorize ${usd(a.apiAuthorize)} with a sandbox card, then settle ${usd(a.apiSettle)} of it.`];
    case 'api_ach':
      return [
        `Debit ${usd(a.apiAchDebit)} from a sandbox bank account, then refund ${usd(a.apiAchRefund)} of it.`,
      ];
    case 'api_tokenized':
      return [`Charge a tokenized sandbox card ${usd(a.apiTokenizedCharge)}.`];
    case 'api_subscriptions':
      return [`Create a subscription that starts ${subscriptionStartDays.api} days after set-up.`];
  }
}

export type CertificationTestSection = { title: string; steps: string[] };

const featureTitles = new Map<string, string>([
  ...requiredFeatureGroup.features.map((feature): [string, string] => [feature.value, feature.label]),
  ...optionalFeatureGroups.flatMap((group) =>
    group.features.map((feature): [string, string] => [feature.value, `${group.title}: ${feature.label}`]),
  ),
]);

// The tests of the chosen features, in the form's order whatever order they were sent in.
export function certificationTestPlan(
  features: readonly CertificationFeature[],
  callbackUrl: string | null,
): CertificationTestSection[] {
  const chosen = new Set(features);
  return certificationFeatures
    .filter((feature) => chosen.has(feature))
    .map((feature) => ({
      title: featureTitles.get(feature) ?? feature,
      steps: stepsOf(feature, callbackUrl),
    }));
}

export const certificationInstructionsSubject =
  'Portico developer certification: your sandbox test instructions';

const sandboxCardsLine =
  'Sandbox card numbers begin with 1; nothing you run in the sandbox moves real money.';

// One message to the registrant and the developer-support address, the registration's
// details first so support's copy says who registered.
export function certificationInstructionsMessage(
  registration: CertificationRegistrationBody,
  supportEmail: string,
): MailMessage {
  const callbackUrl = registration.callbackUrl ? registration.callbackUrl : null;
  const plan = certificationTestPlan(registration.features, callbackUrl);
  const name = `${registration.firstName} ${registration.lastName}`;
  const details: [string, string][] = [
    ['Developer', name],
    ['Work email', registration.email],
    ['Company', registration.company],
    ['Merchants expected immediately', registration.expectedMerchantsNow ?? 'Not given'],
    ['Merchants expected within 90 days', registration.expectedMerchants90Days ?? 'Not given'],
    ['Callback URL', callbackUrl ?? 'Not given'],
  ];
  const intro = `Hello ${registration.firstName}, thank you for registering ${registration.company} for Portico developer certification. Run these tests in the sandbox to complete it.`;
  const outro = `Questions? Write to developer support at ${supportEmail}.`;

  const text = [
    intro,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    sandboxCardsLine,
    ...plan.flatMap((section) => ['', section.title, ...section.steps.map((step) => `- ${step}`)]),
    '',
    outro,
    '',
  ].join('\n');

  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<table>${details.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>` +
    `<p>${escapeHtml(sandboxCardsLine)}</p>` +
    plan
      .map(
        (section) =>
          `<h3>${escapeHtml(section.title)}</h3><ul>${section.steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ul>`,
      )
      .join('') +
    `<p>${escapeHtml(outro)}</p>`;

  const to = [...new Set([registration.email, supportEmail.trim().toLowerCase()])];
  return { to, subject: certificationInstructionsSubject, text, html };
}

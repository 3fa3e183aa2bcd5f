import { certificationRegistrationBody } from '@portico/contracts/developers/certification-registration';
import { describe, expect, it } from 'vitest';
import {
  certificationInstructionsMessage,
  certificationInstructionsSubject,
  certificationTestAmounts,
  certificationTestPlan,
} from './certification-instructions';

const registration = certificationRegistrationBody.parse({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@engine.example',
  company: 'Analytical <Engines> & Co',
  features: [
    'api_subscriptions',
    'iframe_card',
    'iframe_ach',
    'iframe_tokenized',
    'api_card',
    'webhook_callbacks',
  ],
  expectedMerchantsNow: '51-200',
  expectedMerchants90Days: null,
  callbackUrl: 'https://hooks.engine.example/portico?a=1&b=2',
});

describe('certificationTestPlan', () => {
  it('gives the test amounts for the chosen features, in the form order', () => {
    const plan = certificationTestPlan(registration.features, 'https://hooks.engine.example');
    expect(plan.map((section) => section.title)).toEqual([
      'Webhook callbacks',
      'Iframe: Card payments',
      'Iframe: ACH payments',
      'Iframe: Saved (tokenized) payment methods',
      'API: Card authorize and settle',
      'API: Subscriptions',
    ]);
    const steps = plan.flatMap((section) => section.steps).join('\n');
    expect(steps).toContain('Charge $4.23 with a sandbox card, then refund $2.11 of it.');
    expect(steps).toContain('Debit $5.26 from a sandbox bank account, then refund $2.12 of it.');
    expect(steps).toContain('charge the saved (tokenized) card $7.23.');
    expect(steps).toContain('Authorize $50.00 with a sandbox card, then settle $23.22 of it.');
    expect(steps).toContain('Create a subscription that starts 15 days after set-up.');
    expect(steps).toContain('We will send callbacks to https://hooks.engine.example.');
    expect(steps).toContain('Callback webhooks may take up to 24 hours to begin.');
    expect(steps).not.toContain('30 days');
  });

  it('gives the iframe subscription start, the API tokenized amount and asks for a missing callback URL', () => {
    const steps = certificationTestPlan(['iframe_subscriptions', 'api_tokenized', 'webhook_callbacks'], null)
      .flatMap((section) => section.steps)
      .join('\n');
    expect(steps).toContain('Set up a subscription that starts 30 days after set-up.');
    expect(steps).toContain('Charge a tokenized sandbox card $7.24.');
    expect(steps).toContain('Reply with the https:// address that should receive your callbacks.');
  });

  it('never uses an amount the sandbox declines (ending in .13)', () => {
    for (const cents of Object.values(certificationTestAmounts)) expect(cents % 100).not.toBe(13);
  });
});

describe('certificationInstructionsMessage', () => {
  const message = certificationInstructionsMessage(registration, ' Support@Portico.example ');

  it('goes to the registrant and the developer-support address', () => {
    expect(message.to).toEqual(['ada@engine.example', 'support@portico.example']);
    expect(message.subject).toBe(certificationInstructionsSubject);
  });

  it('sends each address once when the registrant is the support address', () => {
    const own = certificationInstructionsMessage(
      { ...registration, email: 'support@portico.example' },
      'support@portico.example',
    );
    expect(own.to).toEqual(['support@portico.example']);
  });

  it('says who registered and what to run, in text and in escaped HTML', () => {
    expect(message.text).toContain('Company: Analytical <Engines> & Co');
    expect(message.text).toContain('Merchants expected immediately: 51-200');
    expect(message.text).toContain('Merchants expected within 90 days: Not given');
    expect(message.text).toContain('Sandbox card numbers begin with 1');
    expect(message.text).toContain('- Charge $4.23 with a sandbox card, then refund $2.11 of it.');
    expect(message.html).toContain('Analytical &lt;Engines&gt; &amp; Co');
    expect(message.html).not.toContain('<Engines>');
    expect(message.html).toContain(
      '<li>Authorize $50.00 with a sandbox card, then settle $23.22 of it.</li>',
    );
    expect(message.html).toContain('https://hooks.engine.example/portico?a=1&amp;b=2');
  });
});

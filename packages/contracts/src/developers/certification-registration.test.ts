import { describe, expect, it } from 'vitest';
import {
  CertificationRegistrationText,
  certificationFeatures,
  certificationRegistrationBody,
  emptyCertificationRegistration,
  isAcceptableCallbackUrl,
  merchantCountBands,
  optionalFeatureGroups,
  requiredFeatureGroup,
} from './certification-registration';

const valid = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: ' Ada@Engine.Example ',
  company: 'Analytical Engines',
  features: ['iframe_card', 'void_refund'],
  expectedMerchantsNow: '0-50',
  expectedMerchants90Days: '201-500',
  callbackUrl: 'https://hooks.engine.example/portico',
};

function messagesOf(input: unknown): Record<string, string[]> {
  const result = certificationRegistrationBody.safeParse(input);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    byPath[key] = [...(byPath[key] ?? []), issue.message];
  }
  return byPath;
}

describe('certificationRegistrationBody', () => {
  it('accepts a complete registration, trimming names and lowercasing the e-mail', () => {
    const parsed = certificationRegistrationBody.parse(valid);
    expect(parsed).toMatchObject({ firstName: 'Ada', email: 'ada@engine.example' });
  });

  it('gives the required-field messages for the empty form, names sharing one text', () => {
    expect(messagesOf(emptyCertificationRegistration())).toEqual({
      firstName: ['Your full name is required.'],
      lastName: ['Your full name is required.'],
      email: ['Your work email address is required.'],
      company: ['Your company name is required.'],
      features: ['Please make sure you have selected your integration needs.'],
    });
  });

  it('refuses blank-only values and a malformed e-mail', () => {
    expect(messagesOf({ ...valid, firstName: '   ', email: 'ada@' })).toEqual({
      firstName: [CertificationRegistrationText.FullNameRequired],
      email: [CertificationRegistrationText.EmailInvalid],
    });
  });

  it('needs at least one known feature, each once', () => {
    expect(messagesOf({ ...valid, features: [] }).features).toEqual([
      CertificationRegistrationText.SelectIntegrationNeeds,
    ]);
    expect(messagesOf({ ...valid, features: ['teleport'] })['features.0']).toHaveLength(1);
    expect(messagesOf({ ...valid, features: ['api_card', 'api_card'] }).features).toEqual([
      'Each feature may be listed once',
    ]);
  });

  it('takes only the merchant count bands, or none', () => {
    expect(merchantCountBands).toEqual(['0-50', '51-200', '201-500', '501-1000', '1000+']);
    expect(messagesOf({ ...valid, expectedMerchantsNow: null, expectedMerchants90Days: undefined })).toEqual(
      {},
    );
    expect(messagesOf({ ...valid, expectedMerchantsNow: '1-10' }).expectedMerchantsNow).toHaveLength(1);
  });

  it('takes an empty callback URL or an https one, nothing else', () => {
    expect(messagesOf({ ...valid, callbackUrl: '' })).toEqual({});
    expect(messagesOf({ ...valid, callbackUrl: undefined })).toEqual({});
    for (const url of [
      'http://hooks.engine.example',
      'hooks.engine.example',
      'javascript:alert(1)',
      'https://user:pw@hooks.engine.example',
    ]) {
      expect(isAcceptableCallbackUrl(url), url).toBe(false);
      expect(messagesOf({ ...valid, callbackUrl: url }).callbackUrl, url).toEqual([
        CertificationRegistrationText.CallbackUrlHttps,
      ]);
    }
  });

  it('refuses unknown keys (write bodies are strict)', () => {
    expect(certificationRegistrationBody.safeParse({ ...valid, isAdmin: true }).success).toBe(false);
  });
});

describe('features', () => {
  it('lists the five required features and the Iframe, Terminals and API groups', () => {
    expect(requiredFeatureGroup.features.map((feature) => feature.label)).toEqual([
      'Enrolling and managing merchants',
      'Transaction history and reports',
      'Monthly statements',
      'Voiding and refunding',
      'Webhook callbacks',
    ]);
    expect(optionalFeatureGroups.map((group) => group.title)).toEqual([
      'Iframe',
      'Terminals (Card Present)',
      'API',
    ]);
    expect(new Set(certificationFeatures).size).toBe(certificationFeatures.length);
  });
});

import { WebhookText } from '@portico/contracts/developers/webhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, verifyWebhookSignature, webhookSignatureHeader } from './webhook-signature';

const secret = 'whsec_test-secret';
const body = '{"id":"evt","type":"payment.approved"}';
const now = 1_760_000_000;

describe('verifyWebhookSignature', () => {
  it('accepts the header the sender made for the same body', () => {
    const header = webhookSignatureHeader(secret, now, body);
    expect(verifyWebhookSignature({ secret, header, body, nowSeconds: now + 10 })).toEqual({
      isValid: true,
      timestamp: now,
    });
  });

  it('refuses a signature made with another secret', () => {
    const header = webhookSignatureHeader('whsec_other', now, body);
    expect(verifyWebhookSignature({ secret, header, body, nowSeconds: now })).toEqual({
      isValid: false,
      reason: WebhookText.SignatureMismatch,
    });
  });

  it('refuses a body changed by one character', () => {
    const header = webhookSignatureHeader(secret, now, body);
    const result = verifyWebhookSignature({
      secret,
      header,
      body: body.replace('approved', 'approvee'),
      nowSeconds: now,
    });
    expect(result).toEqual({ isValid: false, reason: WebhookText.SignatureMismatch });
  });

  it('refuses a replay older than five minutes, and a timestamp from the future', () => {
    const header = webhookSignatureHeader(secret, now, body);
    expect(verifyWebhookSignature({ secret, header, body, nowSeconds: now + 301 })).toEqual({
      isValid: false,
      reason: WebhookText.SignatureExpired,
    });
    expect(verifyWebhookSignature({ secret, header, body, nowSeconds: now - 301 }).isValid).toBe(false);
    expect(verifyWebhookSignature({ secret, header, body, nowSeconds: now + 300 }).isValid).toBe(true);
  });

  it('refuses a timestamp moved forward with the old signature kept', () => {
    const header = webhookSignatureHeader(secret, now, body).replace(`t=${now}`, `t=${now + 200}`);
    expect(verifyWebhookSignature({ secret, header, body, nowSeconds: now + 250 }).isValid).toBe(false);
  });

  it.each([
    undefined,
    '',
    'v1=abcd',
    `t=${now}`,
    't=soon,v1=ab',
  ])('refuses the malformed header %j', (header) => {
    expect(verifyWebhookSignature({ secret, header, body, nowSeconds: now })).toEqual({
      isValid: false,
      reason: WebhookText.SignatureMissing,
    });
  });

  it('makes a new 256-bit secret each time', () => {
    const first = newWebhookSecret();
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(first);
  });
});

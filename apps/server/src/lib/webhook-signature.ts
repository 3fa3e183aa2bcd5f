import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WebhookText, webhookSignatureToleranceSeconds } from '@portico/contracts/developers/webhooks';

// Each delivery is signed with the endpoint's secret: HMAC-SHA256 over "<timestamp>.<body>", sent as
// 'Portico-Signature: t=<unix seconds>,v1=<hex>'. The timestamp is inside what is signed, so a
// receiver that refuses signatures older than five minutes cannot be fed an old delivery again.

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function webhookSignatureOf(secret: string, timestampSeconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
}

export function webhookSignatureHeader(secret: string, timestampSeconds: number, body: string): string {
  return `t=${timestampSeconds},v1=${webhookSignatureOf(secret, timestampSeconds, body)}`;
}

export type WebhookVerification = { isValid: true; timestamp: number } | { isValid: false; reason: string };

// What an integrator runs on each delivery (the README shows the same steps): the raw body exactly
// as received, the header, the secret. Any v1 value may match (a header may carry several).
export function verifyWebhookSignature(input: {
  secret: string;
  header: string | undefined;
  body: string;
  nowSeconds?: number;
  toleranceSeconds?: number;
}): WebhookVerification {
  const parts = (input.header ?? '').split(',').map((part) => part.trim().split('='));
  const timestampText = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value ?? '');
  if (!timestampText || !/^\d{1,12}$/.test(timestampText) || signatures.length === 0) {
    return { isValid: false, reason: WebhookText.SignatureMissing };
  }
  const timestamp = Number(timestampText);
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? webhookSignatureToleranceSeconds;
  if (Math.abs(now - timestamp) > tolerance) return { isValid: false, reason: WebhookText.SignatureExpired };
  const expected = Buffer.from(webhookSignatureOf(input.secret, timestamp, input.body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { isValid: true, timestamp } : { isValid: false, reason: WebhookText.SignatureMismatch };
}

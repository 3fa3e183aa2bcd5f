import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// GET /api/user/apikeys: the merchant accounts whose virtual terminal the caller may open, with the
// keys the terminal pages carry. The secret key (apikey) is only ever masked here (****1234), and only
// for those who may read it on that merchant (Payment Pages or Virtual Terminal Configuration there,
// or staff); everyone else gets null and the publishable key. The full key is revealed one merchant
// at a time by POST /api/user/apikeys/reveal.

export const apiKeyRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parent_id: z.uuid().nullable(),
  apikey: z.string().nullable(),
  public_key: z.string(),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;

export const apiKeysResponse = successEnvelope(z.array(apiKeyRecordSchema));

// How long a rolled secret key keeps working beside the new one.
export const maxSecretKeyGraceDays = 7;
export const secretKeyGraceDayChoices = Array.from({ length: maxSecretKeyGraceDays + 1 }, (_, days) => days);

// POST /api/user/apikeys/roll: a new secret key for the merchant, shown once in this answer; the
// previous key keeps working for grace_days days (0: refused at once).
export const rollSecretKeyBody = z.strictObject({
  client_id: z.uuid(),
  grace_days: z.number().int().min(0).max(maxSecretKeyGraceDays),
});
export type RollSecretKeyBody = z.infer<typeof rollSecretKeyBody>;

export const rolledSecretKeySchema = z.object({
  id: z.uuid(),
  apikey: z.string(),
  // When the previous key stops working; null: it already has.
  previous_key_expires_at: z.iso.datetime().nullable(),
});
export type RolledSecretKey = z.infer<typeof rolledSecretKeySchema>;

export const rollSecretKeyResponse = successEnvelope(rolledSecretKeySchema);

// POST /api/user/apikeys/reveal: the merchant's secret key in full, asked for deliberately and audited.
export const revealSecretKeyBody = z.strictObject({ client_id: z.uuid() });
export type RevealSecretKeyBody = z.infer<typeof revealSecretKeyBody>;

export const revealedSecretKeySchema = z.object({ id: z.uuid(), apikey: z.string() });
export type RevealedSecretKey = z.infer<typeof revealedSecretKeySchema>;

export const revealSecretKeyResponse = successEnvelope(revealedSecretKeySchema);

export const ApiKeysErrorCode = { MerchantNotFound: 'API_KEYS_MERCHANT_NOT_FOUND' } as const;

// Words of the keys card in the portal.
export const ApiKeysText = {
  Title: 'API keys',
  PublicKey: 'Public API Key',
  SecretKey: 'API Key',
  Roll: 'Roll secret key',
  Reveal: 'Reveal',
  Hide: 'Hide',
  GracePeriod: 'Keep the old key working for',
  Confirm: 'Roll key',
  NewKeyShownOnce: 'This is the only time the new key is shown. Copy it now.',
  Rolled: 'The secret key was rolled.',
  MerchantNotFound: 'No merchant account has this id.',
} as const;

export function graceDaysLabel(days: number): string {
  if (days === 0) return 'No grace period: the old key stops now';
  return days === 1 ? '1 day' : `${days} days`;
}

import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// The payment link builder's calls, two ways in:
// - without a session, the bearer key names the merchant. The secret key (typed into the builder's
//   modal) or the publishable key (the one addresses carry) both name it; only the publishable key is
//   ever returned.
// - signed in, the session is the credential: the caller picks one of the merchants where they hold
//   Payment Pages (/api/payment-links/merchants) and the merchant's calls name it in the path. No key
//   is typed, and the secret key never reaches the browser.

export const PaymentLinksErrorCode = {
  ApiKeyRequired: 'PAYMENT_LINKS_API_KEY_REQUIRED',
  UnknownApiKey: 'PAYMENT_LINKS_UNKNOWN_API_KEY',
  SecretKeyRequired: 'PAYMENT_LINKS_SECRET_KEY_REQUIRED',
  InvalidParams: 'PAYMENT_LINKS_INVALID_PARAMS',
  MerchantNotFound: 'PAYMENT_LINKS_MERCHANT_NOT_FOUND',
} as const;

export const PaymentLinksText = {
  ApiKeyRequired: 'API key is required',
  UnknownApiKey: 'This API key is not valid.',
  SecretKeyRequired: 'Enter the API key to create payment links.',
  InvalidParams: 'The payment link settings are not valid for this merchant.',
  MerchantNotFound: 'This merchant account takes no payment links.',
} as const;

// POST /api/payment-links/sign (bearer: the merchant's secret API key, typed into the builder and
// never put in an address): the server's signature of the link's params (the tamper rule at the top
// of payment-frame/params.ts), so the payer's frame trusts the amount and settings. A one-time
// charge's params get a fresh linkId first (payment-frame/link-terms.ts): `params` is the text
// signed, which `url` carries.
export const signLinkBody = z.strictObject({ params: z.string().min(1).max(32_000) });
export const signLinkResponse = successEnvelope(
  z.object({ sig: z.string(), url: z.string(), params: z.string() }),
);

export const paymentLinksHeaders = z.object({ authorization: z.string().max(500).optional() });

// The session's calls name the merchant in the path.
export const linkMerchantParams = z.strictObject({ client_id: z.uuid() });

// GET /api/payment-links/merchants: the merchants the signed-in caller may make links for (Payment
// Pages there), by name, with the publishable key a link carries.
export const linkMerchantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  publishable_key: z.string(),
});
export type LinkMerchant = z.infer<typeof linkMerchantSchema>;
export const linkMerchantsResponse = successEnvelope(z.array(linkMerchantSchema));

// POST /api/payment-links/merchants/{client_id}/sign: signs as the key path does; with short_link
// the answer also carries the link's short address (null without).
export const signMerchantLinkBody = z.strictObject({
  params: z.string().min(1).max(32_000),
  short_link: z.boolean().optional(),
});
export type SignMerchantLinkBody = z.infer<typeof signMerchantLinkBody>;
export const signMerchantLinkResponse = successEnvelope(
  z.object({ sig: z.string(), url: z.string(), params: z.string(), short_url: z.string().nullable() }),
);

// GET /api/apikeys/publishable-key: message.publishable_key; is_secret_key tells the builder the
// bearer was the secret key, so it never puts that one in an address.
export const publishableKeyResponse = successEnvelope(
  z.object({ publishable_key: z.string(), is_secret_key: z.boolean() }),
);

// GET /api/client/link-config: message.merchant.configuration and whitelabel.logo_url.
export const linkConfigSchema = z.object({
  merchant: z.object({
    name: z.string(),
    configuration: z.object({
      level_three_data_enabled: z.boolean(),
      crypto: z.boolean(),
      payment: z.boolean(),
      ach: z.boolean(),
      // The merchant's card-present terminal brand (config terminals: dejavoo, pax,
      // magtek...), null without one: the configurator offers pax and newpos by it.
      terminals: z.string().nullable().optional(),
    }),
  }),
  whitelabel: z.object({ logo_url: z.string().nullable() }),
});
export type LinkConfig = z.infer<typeof linkConfigSchema>;
export const linkConfigResponse = successEnvelope(linkConfigSchema);

// GET /api/terminal: a map of terminals (keyed by id) with connectionStatus.status and laneId.
export const linkTerminalSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  laneId: z.string(),
  connectionStatus: z.object({ status: z.enum(['open', 'closed']) }),
});
export type LinkTerminal = z.infer<typeof linkTerminalSchema>;
export const linkTerminalsResponse = successEnvelope(z.record(z.string(), linkTerminalSchema));

// The builder keeps the open ones; the first is the default terminal.
export function openTerminals(terminals: Readonly<Record<string, LinkTerminal>>): LinkTerminal[] {
  return Object.values(terminals).filter((terminal) => terminal.connectionStatus.status === 'open');
}

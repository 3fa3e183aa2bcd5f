import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Crypto status (crypto_provider, crypto_status, crypto_enabled, crypto_kyc_link), from
// GET /api/crypto/kyc-sso?merchant-id={id} and GET /api/crypto/status?merchant-id={id}.
// "The crypto KYC link refreshes every 4 seconds while a forumpay crypto provider is not yet enabled."

export const cryptoMerchantQuery = z.object({ 'merchant-id': z.uuid() });
export type CryptoMerchantQuery = z.infer<typeof cryptoMerchantQuery>;

// config.crypto: false, curpay or forumpay.
export const cryptoProviders = ['curpay', 'forumpay'] as const;
export const cryptoProviderSchema = z.union([z.enum(cryptoProviders), z.literal(false)]);
export type CryptoProviderSetting = z.infer<typeof cryptoProviderSchema>;

// forum_pay_state once the provider has accepted the merchant's KYC.
export const forumPayEnabledState = 'enabled';

export const cryptoStatusSchema = z.object({
  crypto_provider: cryptoProviderSchema,
  // forum_pay_state for forumpay ('pending' until KYC starts), 'enabled' for curpay, 'disabled' without a provider.
  crypto_status: z.string(),
  // The payment page may be used ("the page requires KYC").
  crypto_enabled: z.boolean(),
  // The provider's KYC page while KYC is outstanding, else null.
  crypto_kyc_link: z.url().nullable(),
});
export type CryptoStatus = z.infer<typeof cryptoStatusSchema>;
export const cryptoStatusResponse = successEnvelope(cryptoStatusSchema);

export const cryptoKycSsoSchema = z.object({
  // A signed-in link to the provider's KYC page; null when there is no KYC to complete.
  kyc_link: z.url().nullable(),
});
export type CryptoKycSso = z.infer<typeof cryptoKycSsoSchema>;
export const cryptoKycSsoResponse = successEnvelope(cryptoKycSsoSchema);

// The sandbox provider's KYC page (GET /api/crypto/sandbox/kyc): the link's signed token is the
// authorization. Loose shapes so a wrong link gets the page's refusal, not a validation error.
export const sandboxKycQuery = z.object({
  'merchant-id': z.string().max(64),
  token: z.string().max(120),
});
export type SandboxKycQuery = z.infer<typeof sandboxKycQuery>;

export const cryptoStatusRefreshMs = 4000;

// Poll while a forumpay provider is not yet enabled.
export function isCryptoKycPending(status: CryptoStatus | undefined): boolean {
  return status?.crypto_provider === 'forumpay' && !status.crypto_enabled;
}

export function cryptoStatusOf(provider: CryptoProviderSetting, forumPayState: string | null) {
  if (provider === false) return { crypto_status: 'disabled', crypto_enabled: false };
  if (provider === 'curpay') return { crypto_status: 'enabled', crypto_enabled: true };
  const state = forumPayState ?? 'pending';
  return { crypto_status: state, crypto_enabled: state === forumPayEnabledState };
}

export const CryptoLabel = {
  CompleteKyc: 'Complete KYC',
  PaymentPage: 'Payment Page',
  SubMerchantSignUp: 'Sub-merchant Sign-up Link',
} as const;

export const CryptoText = {
  KycRequired: 'The payment page opens once KYC is complete.',
  KycChecking: 'Waiting for the crypto provider to confirm your KYC…',
  StatusFailed: 'Crypto status could not be loaded.',
  SandboxCompleted: 'KYC complete. Crypto payments are now enabled; you can close this tab.',
  SandboxAlreadyCompleted: 'KYC is already complete; you can close this tab.',
  SandboxLinkInvalid: 'This KYC link is invalid or has expired.',
  SandboxNotPending: 'This merchant has no crypto KYC to complete.',
} as const;

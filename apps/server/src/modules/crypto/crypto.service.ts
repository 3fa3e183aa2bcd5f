import {
  type CryptoKycSso,
  type CryptoProviderSetting,
  type CryptoStatus,
  CryptoText,
  cryptoStatusOf,
  forumPayEnabledState,
} from '@portico/contracts/crypto/crypto-status';
import type { Db } from '../../db/client';
import type { CryptoKycProvider } from '../../integrations/crypto/crypto-provider';
import { defineErrors } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { enableForumPay, findCryptoSettings, lockCryptoSettings } from './crypto.repository';

export const CryptoError = defineErrors({ ClientNotFound: ['CRYPTO_CLIENT_NOT_FOUND', 'not_found'] });
export const CryptoServiceText = { ClientNotFound: 'Client not found' } as const;

export type CryptoDeps = { db: Db; provider: () => CryptoKycProvider; now: () => Date };

async function settingsOf(deps: CryptoDeps, merchantId: string) {
  const settings = await findCryptoSettings(deps.db, merchantId);
  // Only staff reach a merchant that does not exist (others get 403 first).
  if (!settings) throw CryptoError.ClientNotFound(CryptoServiceText.ClientNotFound);
  const provider: CryptoProviderSetting = settings.provider ?? false;
  return { provider, ...cryptoStatusOf(provider, settings.forumPayState) };
}

function kycLinkOf(deps: CryptoDeps, merchantId: string, isPending: boolean): string | null {
  return isPending ? deps.provider().kycLink(merchantId, deps.now()).url : null;
}

// GET /api/crypto/status: the client's crypto configuration; the KYC link while forumpay KYC is open.
export async function cryptoStatus(deps: CryptoDeps, merchantId: string): Promise<CryptoStatus> {
  const { provider, crypto_status, crypto_enabled } = await settingsOf(deps, merchantId);
  return {
    crypto_provider: provider,
    crypto_status,
    crypto_enabled,
    crypto_kyc_link: kycLinkOf(deps, merchantId, provider === 'forumpay' && !crypto_enabled),
  };
}

// GET /api/crypto/kyc-sso: a fresh sign-on link to the provider's KYC page, when KYC is open.
export async function cryptoKycSso(deps: CryptoDeps, merchantId: string): Promise<CryptoKycSso> {
  const { provider, crypto_enabled } = await settingsOf(deps, merchantId);
  return { kyc_link: kycLinkOf(deps, merchantId, provider === 'forumpay' && !crypto_enabled) };
}

export type SandboxKycOutcome = 'completed' | 'already_completed' | 'not_pending';

export const sandboxKycMessage: Record<SandboxKycOutcome | 'invalid', string> = {
  completed: CryptoText.SandboxCompleted,
  already_completed: CryptoText.SandboxAlreadyCompleted,
  not_pending: CryptoText.SandboxNotPending,
  invalid: CryptoText.SandboxLinkInvalid,
};

// The sandbox provider accepts the KYC of a verified link: forum_pay_state becomes enabled once,
// audited with the change; later opens of a link change nothing.
export async function completeSandboxKyc(
  deps: CryptoDeps,
  merchantId: string,
  origin: { ip: string | null; userAgent: string | null },
): Promise<SandboxKycOutcome> {
  return deps.db.transaction(async (tx) => {
    const settings = await lockCryptoSettings(tx, merchantId);
    if (settings?.provider !== 'forumpay') return 'not_pending';
    if (settings.forumPayState === forumPayEnabledState) return 'already_completed';
    await enableForumPay(tx, merchantId);
    await recordAudit(tx, {
      action: 'approve',
      outcome: 'success',
      targetType: 'crypto_kyc',
      targetId: merchantId,
      clientId: merchantId,
      ...origin,
      details: {
        provider: 'forumpay',
        via: 'sandbox_kyc_link',
        from: settings.forumPayState,
        to: forumPayEnabledState,
      },
    });
    return 'completed';
  });
}

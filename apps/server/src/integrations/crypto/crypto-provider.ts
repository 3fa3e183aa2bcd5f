// The crypto payment provider (forumpay) runs KYC at an outside service. Portico speaks to it through
// this interface; this build ships a deterministic sandbox behind it (sandbox-crypto.ts).

export type CryptoKycLink = { url: string; expiresAt: Date };

export type CryptoKycProvider = {
  readonly name: string;
  // A single sign-on link to the provider's KYC page for the merchant.
  kycLink(merchantId: string, now: Date): CryptoKycLink;
};

// Boarding a merchant at a processor (EPX, ProPay, ForumPay) happens at outside services. Portico
// speaks to them through this interface; this build ships a deterministic sandbox behind it
// (sandbox-onboarding.ts). Identifiers come back to be kept in the keystore.

// What Portico sends about the merchant. Only the last four of the tax id: the sandbox needs no
// more, and a real adapter decrypts the full number at its own edge.
export type OnboardingApplicant = {
  clientId: string;
  legalName: string | null;
  taxIdLast4: string | null;
  hasPayoutAccount: boolean;
};

export type EpxApplication =
  | { kind: 'new' }
  | { kind: 're_submit_fees'; merchantIdentifier: string }
  | { kind: 're_create_application'; previousMerchantIdentifier: string | null };

export type EpxAnswer =
  | { outcome: 'approved'; merchantIdentifier: string; externalKey: string }
  | { outcome: 'declined'; reason: string };

export type ProPayAnswer = {
  statusCode: string;
  // The ProPay account number (propay_mid) on '00'.
  accountNumber: string | null;
  reason: string | null;
};

export type ForumPayAnswer =
  | { outcome: 'approved'; forumPayIdentifier: string }
  | { outcome: 'declined'; reason: string };

export type ProPayPortalLink = { authToken: string; url: string; expiresAt: Date };

export type ProcessorOnboarding = {
  readonly name: string;
  enableEpx(applicant: OnboardingApplicant, application: EpxApplication): Promise<EpxAnswer>;
  // existingAccount: the merchant's ProPay account when it has one (then capabilities are added).
  enableProPay(
    applicant: OnboardingApplicant,
    options: { isAchOnly: boolean; existingAccount: string | null },
  ): Promise<ProPayAnswer>;
  enableForumPay(applicant: OnboardingApplicant): Promise<ForumPayAnswer>;
  // A signed-in link to ProPay's merchant portal for the merchant's account.
  proPayPortalLink(clientId: string, proPayAccount: string, now: Date): ProPayPortalLink;
};

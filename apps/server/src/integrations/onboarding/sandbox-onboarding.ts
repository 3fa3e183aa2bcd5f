import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type {
  EpxAnswer,
  ForumPayAnswer,
  OnboardingApplicant,
  ProcessorOnboarding,
  ProPayAnswer,
} from './processor-onboarding';

// The sandbox answers at once and deterministically (README "Sandboxes"):
// - every processor declines an applicant without a legal name or a tax id;
// - a tax id ending in 13 is declined (like sandbox amounts ending in .13);
// - ProPay needs a payout bank account, and refuses card processing (not ACH only) to a tax id
//   ending in 14;
// - identifiers are derived from the client id (and, for a re-created EPX application, from the
//   previous one) under a key of their own, so asking twice gives the same answer, as a processor
//   keyed by application would.
// ProPay's portal page is served by Portico itself (GET /api/propay/sandbox/portal), opened by a
// signed link like the crypto sandbox's KYC page.

export const sandboxOnboardingName = 'sandbox';
export const proPaySandboxPortalPath = '/api/propay/sandbox/portal';
export const proPayPortalLinkValidityMs = 15 * 60 * 1000;

export const SandboxOnboardingText = {
  MissingApplicantData: 'Sandbox: an application needs a legal name and a tax id',
  EpxDeclined: 'Sandbox EPX: tax ids ending in 13 are declined',
  ForumPayDeclined: 'Sandbox ForumPay: tax ids ending in 13 are declined',
  ProPayUnderwriting: 'Sandbox ProPay: tax ids ending in 13 fail underwriting',
  ProPayNoBankAccount: 'Sandbox ProPay: a payout bank account is required',
  ProPayCardRefused:
    'Sandbox ProPay: tax ids ending in 14 are refused card processing (ACH only is accepted)',
} as const;

// ProPay answers a status code; '00' is success.
export const sandboxProPayStatus = {
  success: '00',
  missingData: '51',
  underwriting: '58',
  noBankAccount: '61',
  cardRefused: '64',
} as const;

const VERSION = 'v1';
const MAC_BYTES = 32;
export const proPayPortalTokenPattern = /^v1\.\d{1,12}\.[A-Za-z0-9_-]{43}$/;

export function deriveSandboxOnboardingKey(dataKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'portico onboarding sandbox v1', 32));
}

function isMissingData(applicant: OnboardingApplicant): boolean {
  return !applicant.legalName?.trim() || !applicant.taxIdLast4;
}

function taxIdEndsWith(applicant: OnboardingApplicant, ending: string): boolean {
  return applicant.taxIdLast4?.endsWith(ending) ?? false;
}

export type SandboxOnboarding = ProcessorOnboarding & {
  verifyPortalToken(clientId: string, proPayAccount: string, token: string, now: Date): boolean;
};

export function createSandboxOnboarding(key: Buffer): SandboxOnboarding {
  const digest = (label: string) => createHmac('sha256', key).update(label).digest();
  // Digits like a processor's own numbers, from the keyed digest.
  const digitsOf = (label: string, count: number) => {
    const bytes = digest(label);
    let text = '';
    for (let index = 0; text.length < count; index += 1) text += String((bytes[index] ?? 0) % 10);
    return text;
  };
  const epxIdentifierOf = (clientId: string, previous: string) =>
    `9001${digitsOf(`epx|${clientId.toLowerCase()}|${previous}`, 8)}`;
  const portalMacOf = (clientId: string, account: string, expirySeconds: string) =>
    digest(`propay-portal|${VERSION}|${clientId.toLowerCase()}|${account}|${expirySeconds}`);

  return {
    name: sandboxOnboardingName,
    async enableEpx(applicant, application): Promise<EpxAnswer> {
      if (isMissingData(applicant)) {
        return { outcome: 'declined', reason: SandboxOnboardingText.MissingApplicantData };
      }
      if (taxIdEndsWith(applicant, '13'))
        return { outcome: 'declined', reason: SandboxOnboardingText.EpxDeclined };
      const merchantIdentifier =
        application.kind === 're_submit_fees'
          ? application.merchantIdentifier
          : epxIdentifierOf(
              applicant.clientId,
              application.kind === 're_create_application'
                ? (application.previousMerchantIdentifier ?? '')
                : '',
            );
      const externalKey = digest(`epx-key|${merchantIdentifier}`).toString('hex');
      return { outcome: 'approved', merchantIdentifier, externalKey };
    },
    async enableProPay(applicant, options): Promise<ProPayAnswer> {
      const refuse = (statusCode: string, reason: string): ProPayAnswer => ({
        statusCode,
        accountNumber: null,
        reason,
      });
      if (isMissingData(applicant)) {
        return refuse(sandboxProPayStatus.missingData, SandboxOnboardingText.MissingApplicantData);
      }
      if (taxIdEndsWith(applicant, '13')) {
        return refuse(sandboxProPayStatus.underwriting, SandboxOnboardingText.ProPayUnderwriting);
      }
      if (!applicant.hasPayoutAccount) {
        return refuse(sandboxProPayStatus.noBankAccount, SandboxOnboardingText.ProPayNoBankAccount);
      }
      if (!options.isAchOnly && taxIdEndsWith(applicant, '14')) {
        return refuse(sandboxProPayStatus.cardRefused, SandboxOnboardingText.ProPayCardRefused);
      }
      const accountNumber =
        options.existingAccount ?? `7${digitsOf(`propay|${applicant.clientId.toLowerCase()}`, 8)}`;
      return { statusCode: sandboxProPayStatus.success, accountNumber, reason: null };
    },
    async enableForumPay(applicant): Promise<ForumPayAnswer> {
      if (isMissingData(applicant)) {
        return { outcome: 'declined', reason: SandboxOnboardingText.MissingApplicantData };
      }
      if (taxIdEndsWith(applicant, '13')) {
        return { outcome: 'declined', reason: SandboxOnboardingText.ForumPayDeclined };
      }
      const code = digest(`forumpay|${applicant.clientId.toLowerCase()}`).toString('hex').slice(0, 12);
      return { outcome: 'approved', forumPayIdentifier: `fp-${code}` };
    },
    proPayPortalLink(clientId, proPayAccount, now) {
      const expiresAt = new Date(now.getTime() + proPayPortalLinkValidityMs);
      const expirySeconds = String(Math.floor(expiresAt.getTime() / 1000));
      const mac = portalMacOf(clientId, proPayAccount, expirySeconds).toString('base64url');
      const authToken = `${VERSION}.${expirySeconds}.${mac}`;
      const query = new URLSearchParams({ client_id: clientId.toLowerCase(), token: authToken });
      return { authToken, url: `${proPaySandboxPortalPath}?${query.toString()}`, expiresAt };
    },
    verifyPortalToken(clientId, proPayAccount, token, now) {
      if (!proPayPortalTokenPattern.test(token)) return false;
      const [, expirySeconds = '', macText = ''] = token.split('.');
      const given = Buffer.from(macText, 'base64url');
      // Canonical text only: the last base64 character has spare bits, which must not make twins.
      if (given.length !== MAC_BYTES || given.toString('base64url') !== macText) return false;
      const isAuthentic = timingSafeEqual(given, portalMacOf(clientId, proPayAccount, expirySeconds));
      return isAuthentic && Number(expirySeconds) * 1000 > now.getTime();
    },
  };
}

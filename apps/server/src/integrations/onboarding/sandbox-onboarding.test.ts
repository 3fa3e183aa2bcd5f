import { describe, expect, it } from 'vitest';
import type { OnboardingApplicant } from './processor-onboarding';
import {
  createSandboxOnboarding,
  deriveSandboxOnboardingKey,
  proPaySandboxPortalPath,
  SandboxOnboardingText,
  sandboxProPayStatus,
} from './sandbox-onboarding';

const sandbox = createSandboxOnboarding(deriveSandboxOnboardingKey(Buffer.alloc(32, 7)));
const clientId = '6f1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11';

function applicant(overrides: Partial<OnboardingApplicant> = {}): OnboardingApplicant {
  return {
    clientId,
    legalName: 'Juniper Bakery LLC',
    taxIdLast4: '6789',
    hasPayoutAccount: true,
    ...overrides,
  };
}

describe('sandbox EPX onboarding', () => {
  it('approves ordinary data with a 12-digit 9001 merchant identifier and a 64-hex external key', async () => {
    const answer = await sandbox.enableEpx(applicant(), { kind: 'new' });
    if (answer.outcome !== 'approved') throw new Error('declined');
    expect(answer.merchantIdentifier).toMatch(/^9001\d{8}$/);
    expect(answer.externalKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the same identifier when asked twice and for a fee re-submission', async () => {
    const first = await sandbox.enableEpx(applicant(), { kind: 'new' });
    const again = await sandbox.enableEpx(applicant(), { kind: 'new' });
    if (first.outcome !== 'approved') throw new Error('declined');
    expect(again).toEqual(first);
    const fees = await sandbox.enableEpx(applicant(), {
      kind: 're_submit_fees',
      merchantIdentifier: first.merchantIdentifier,
    });
    expect(fees).toEqual(first);
  });

  it('gives a re-created application a new identifier, derived from the previous one', async () => {
    const first = await sandbox.enableEpx(applicant(), { kind: 'new' });
    if (first.outcome !== 'approved') throw new Error('declined');
    const recreated = await sandbox.enableEpx(applicant(), {
      kind: 're_create_application',
      previousMerchantIdentifier: first.merchantIdentifier,
    });
    if (recreated.outcome !== 'approved') throw new Error('declined');
    expect(recreated.merchantIdentifier).not.toBe(first.merchantIdentifier);
    expect(recreated.merchantIdentifier).toMatch(/^9001\d{8}$/);
  });

  it('declines a tax id ending in 13 and an applicant without a legal name or tax id', async () => {
    expect(await sandbox.enableEpx(applicant({ taxIdLast4: '4513' }), { kind: 'new' })).toEqual({
      outcome: 'declined',
      reason: SandboxOnboardingText.EpxDeclined,
    });
    expect(await sandbox.enableEpx(applicant({ legalName: ' ' }), { kind: 'new' })).toEqual({
      outcome: 'declined',
      reason: SandboxOnboardingText.MissingApplicantData,
    });
    expect(await sandbox.enableEpx(applicant({ taxIdLast4: null }), { kind: 'new' })).toEqual({
      outcome: 'declined',
      reason: SandboxOnboardingText.MissingApplicantData,
    });
  });
});

describe('sandbox ProPay onboarding', () => {
  const none = { isAchOnly: false, existingAccount: null };

  it("answers '00' with a 9-digit account, the same one each time", async () => {
    const first = await sandbox.enableProPay(applicant(), none);
    expect(first.statusCode).toBe('00');
    expect(first.accountNumber).toMatch(/^7\d{8}$/);
    expect(await sandbox.enableProPay(applicant(), { isAchOnly: true, existingAccount: null })).toEqual(
      first,
    );
  });

  it('keeps an existing account', async () => {
    const answer = await sandbox.enableProPay(applicant(), { isAchOnly: true, existingAccount: '123456789' });
    expect(answer).toEqual({ statusCode: '00', accountNumber: '123456789', reason: null });
  });

  it.each([
    [
      { taxIdLast4: '0013' },
      none,
      sandboxProPayStatus.underwriting,
      SandboxOnboardingText.ProPayUnderwriting,
    ],
    [
      { hasPayoutAccount: false },
      none,
      sandboxProPayStatus.noBankAccount,
      SandboxOnboardingText.ProPayNoBankAccount,
    ],
    [{ taxIdLast4: '0014' }, none, sandboxProPayStatus.cardRefused, SandboxOnboardingText.ProPayCardRefused],
    [{ legalName: null }, none, sandboxProPayStatus.missingData, SandboxOnboardingText.MissingApplicantData],
  ])('refuses %o with its status code', async (overrides, options, statusCode, reason) => {
    expect(await sandbox.enableProPay(applicant(overrides), options)).toEqual({
      statusCode,
      accountNumber: null,
      reason,
    });
  });

  it('accepts ACH only for a tax id ending in 14, which card processing refuses', async () => {
    const answer = await sandbox.enableProPay(applicant({ taxIdLast4: '0014' }), {
      isAchOnly: true,
      existingAccount: null,
    });
    expect(answer.statusCode).toBe('00');
  });
});

describe('sandbox ForumPay onboarding', () => {
  it('approves ordinary data with a stable fp- identifier and declines a tax id ending in 13', async () => {
    const first = await sandbox.enableForumPay(applicant());
    if (first.outcome !== 'approved') throw new Error('declined');
    expect(first.forumPayIdentifier).toMatch(/^fp-[0-9a-f]{12}$/);
    expect(await sandbox.enableForumPay(applicant())).toEqual(first);
    expect(await sandbox.enableForumPay(applicant({ taxIdLast4: '1113' }))).toEqual({
      outcome: 'declined',
      reason: SandboxOnboardingText.ForumPayDeclined,
    });
  });
});

describe('sandbox ProPay portal link', () => {
  const now = new Date('2026-06-15T16:00:00Z');

  it('verifies for its own client and account until it expires', () => {
    const link = sandbox.proPayPortalLink(clientId, '712345678', now);
    expect(link.url.startsWith(`${proPaySandboxPortalPath}?`)).toBe(true);
    expect(sandbox.verifyPortalToken(clientId, '712345678', link.authToken, now)).toBe(true);
    expect(sandbox.verifyPortalToken(clientId, '799999999', link.authToken, now)).toBe(false);
    expect(
      sandbox.verifyPortalToken('7f1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11', '712345678', link.authToken, now),
    ).toBe(false);
    expect(sandbox.verifyPortalToken(clientId, '712345678', link.authToken, link.expiresAt)).toBe(false);
    expect(sandbox.verifyPortalToken(clientId, '712345678', 'forged', now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  approvalBlocker,
  buildNewUserBody,
  canProcessProductionPayments,
  decisionOf,
  EnrollmentActionText,
  emptyNewUserForm,
  isAwaitingDecision,
  newUserBody,
  newUserFormSchema,
  overallKycOutcome,
} from './enrollment-actions';

const clientId = '6f1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11';

describe('approval rules', () => {
  it('approves only a passed KYC on an enrollment not yet approved', () => {
    expect(approvalBlocker({ applicationStatus: 'PENDING', kycStatus: 'passed' })).toBeNull();
    expect(approvalBlocker({ applicationStatus: 'REJECTED', kycStatus: 'passed' })).toBe('already_rejected');
    expect(approvalBlocker({ applicationStatus: 'BOARDED', kycStatus: 'passed' })).toBe('already_approved');
    expect(approvalBlocker({ applicationStatus: null, kycStatus: null })).toBe('kyc_not_run');
    expect(approvalBlocker({ applicationStatus: null, kycStatus: 'pending' })).toBe('kyc_not_run');
    expect(approvalBlocker({ applicationStatus: null, kycStatus: 'failed' })).toBe('kyc_not_passed');
    expect(approvalBlocker({ applicationStatus: null, kycStatus: 'needs_review' })).toBe('kyc_not_passed');
  });

  it('decides an application once: approved or rejected is final', () => {
    expect(decisionOf(null)).toBeNull();
    expect(decisionOf('SEND LINK')).toBeNull();
    expect(decisionOf('PENDING')).toBeNull();
    expect(decisionOf('BOARDED')).toBe('already_approved');
    expect(decisionOf('REJECTED')).toBe('already_rejected');
    expect(isAwaitingDecision('PENDING')).toBe(true);
    expect(isAwaitingDecision('BOARDED')).toBe(false);
    expect(isAwaitingDecision('REJECTED')).toBe(false);
  });

  it('lets only an active, unfrozen account take production payments', () => {
    expect(canProcessProductionPayments({ status: 'Active', isActive: true })).toBe(true);
    expect(canProcessProductionPayments({ status: 'Active', isActive: false })).toBe(false);
    expect(canProcessProductionPayments({ status: 'in_development', isActive: true })).toBe(false);
    expect(canProcessProductionPayments({ status: 'Inactive', isActive: true })).toBe(false);
    expect(canProcessProductionPayments({ status: null, isActive: true })).toBe(false);
  });

  it('takes the worst KYC outcome', () => {
    expect(overallKycOutcome(['passed', 'passed'])).toBe('passed');
    expect(overallKycOutcome(['passed', 'needs_review'])).toBe('needs_review');
    expect(overallKycOutcome(['needs_review', 'failed', 'passed'])).toBe('failed');
    expect(overallKycOutcome([])).toBe('passed');
  });
});

describe('new user', () => {
  it('lowercases the e-mail and requires every field', () => {
    const parsed = newUserBody.parse({
      name: ' Nia ',
      email: ' Nia@Example.COM ',
      phone: '303',
      user_type: 'contact',
      clientid: clientId,
      label: 'Principal',
      disabled: false,
    });
    expect(parsed).toMatchObject({ name: 'Nia', email: 'nia@example.com' });
    const missing = newUserBody.safeParse({ clientid: clientId, disabled: false });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining([
        EnrollmentActionText.NameRequired,
        EnrollmentActionText.EmailRequired,
        EnrollmentActionText.PhoneRequired,
        EnrollmentActionText.UserTypeRequired,
        EnrollmentActionText.CategoryRequired,
      ]),
    );
  });

  it('builds the body from the form only when the form is complete', () => {
    expect(buildNewUserBody(emptyNewUserForm, clientId)).toBeNull();
    expect(newUserFormSchema.safeParse(emptyNewUserForm).error?.issues.map((i) => i.message)).toEqual([
      EnrollmentActionText.UserTypeRequired,
      EnrollmentActionText.CategoryRequired,
      EnrollmentActionText.NameRequired,
      EnrollmentActionText.EmailRequired,
      EnrollmentActionText.PhoneRequired,
    ]);
    expect(
      buildNewUserBody(
        { user_type: 'user', label: 'Technology', name: 'Dev', email: 'Dev@Orbit.Example', phone: '1' },
        clientId,
      ),
    ).toEqual({
      name: 'Dev',
      email: 'dev@orbit.example',
      phone: '1',
      user_type: 'user',
      clientid: clientId,
      label: 'Technology',
      disabled: false,
    });
  });
});

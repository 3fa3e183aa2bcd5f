import { EnrollmentActionText } from '@portico/contracts/enrollment/enrollment-actions';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { actionFailureText, kycStatusLabel, maskedKey } from './enrollment-actions.utils';

describe('enrollment action helpers', () => {
  it("shows the server's reason, else the generic failure", () => {
    expect(actionFailureText(new ApiError('KYC_REQUIRED', 'Run KYC before approving', 422))).toBe(
      'Run KYC before approving',
    );
    expect(actionFailureText('boom')).toBe(EnrollmentActionText.UpdateFailed);
    expect(actionFailureText(new Error(' '))).toBe(EnrollmentActionText.UpdateFailed);
  });

  it('labels KYC states, with Not run for none', () => {
    expect(kycStatusLabel(null)).toBe('Not run');
    expect(kycStatusLabel('needs_review')).toBe('Needs review');
  });

  it('masks a key to its last four', () => {
    expect(maskedKey('a1B2')).toBe('•••• a1B2');
  });
});

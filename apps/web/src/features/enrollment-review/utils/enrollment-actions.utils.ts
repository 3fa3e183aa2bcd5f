import { EnrollmentActionText, type KycStatus } from '@portico/contracts/enrollment/enrollment-actions';

// What a failed action says: the server's own message (it names the rule that refused), else the
// product's generic enrollment failure.
export function actionFailureText(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return EnrollmentActionText.UpdateFailed;
}

export const kycStatusLabels: Record<KycStatus | 'none', string> = {
  none: 'Not run',
  pending: 'Pending',
  passed: 'Passed',
  failed: 'Failed',
  needs_review: 'Needs review',
};

// Filled badges carry white text: gray.7, not gray, keeps 'Not run' and 'Pending' at AA contrast.
export const kycStatusColors: Record<KycStatus | 'none', string> = {
  none: 'gray.7',
  pending: 'gray.7',
  passed: 'green',
  failed: 'red',
  needs_review: 'orange',
};

export function kycStatusLabel(status: KycStatus | null): string {
  return kycStatusLabels[status ?? 'none'];
}

export function kycStatusColor(status: KycStatus | null): string {
  return kycStatusColors[status ?? 'none'];
}

// A secret is shown by its last four only.
export function maskedKey(lastFour: string): string {
  return `•••• ${lastFour}`;
}

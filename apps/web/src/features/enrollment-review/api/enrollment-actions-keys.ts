// Query keys of the enrollment page's actions (KYC and the parent choices).
export const enrollmentActionsKeys = {
  all: ['enrollment-actions'] as const,
  kyc: (enrollmentId: string) => [...enrollmentActionsKeys.all, 'kyc', enrollmentId] as const,
  parents: () => [...enrollmentActionsKeys.all, 'parents'] as const,
};

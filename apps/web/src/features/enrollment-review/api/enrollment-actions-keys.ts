// Query keys of the enrollment actions (KYC, parents, users and contacts) of spec 2 §2.1.
export const enrollmentActionsKeys = {
  all: ['enrollment-actions'] as const,
  kyc: (enrollmentId: string) => [...enrollmentActionsKeys.all, 'kyc', enrollmentId] as const,
  parents: () => [...enrollmentActionsKeys.all, 'parents'] as const,
  users: (clientId: string) => [...enrollmentActionsKeys.all, 'users', clientId] as const,
};

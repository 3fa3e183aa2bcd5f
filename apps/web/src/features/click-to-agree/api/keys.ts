export const clickToAgreeKeys = {
  all: ['click-to-agree'] as const,
  // The token is part of the key: another link is another capability, never a cached answer.
  application: (enrollmentId: string, token: string) =>
    [...clickToAgreeKeys.all, 'application', enrollmentId, token] as const,
  terms: (id: string, enrollmentId: string | null) =>
    [...clickToAgreeKeys.all, 'terms', id, enrollmentId] as const,
};

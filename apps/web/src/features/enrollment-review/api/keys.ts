// Query keys of the enrollment management page.
export const enrollmentReviewKeys = {
  all: ['enrollment-review'] as const,
  record: (id: string) => [...enrollmentReviewKeys.all, 'record', id] as const,
};

// Query keys of the enrollment management page (spec 2 §2.1).
export const enrollmentReviewKeys = {
  all: ['enrollment-review'] as const,
  record: (id: string) => [...enrollmentReviewKeys.all, 'record', id] as const,
};

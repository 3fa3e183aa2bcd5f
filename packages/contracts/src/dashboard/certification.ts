import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// GET /api/certification?id={id}: counts for charges, refunds and reporting, and
// date_time_completed. Charges, refunds and reporting each count as one third; completion gives 100%.

// Without id: the caller's default client.
export const certificationQuery = z.object({ id: z.uuid().optional() });
export type CertificationQuery = z.infer<typeof certificationQuery>;

export const certificationCategories = ['charges', 'refunds', 'reporting'] as const;
export type CertificationCategory = (typeof certificationCategories)[number];

export type CertificationCounts = Record<CertificationCategory, number>;

export function isCertificationCategory(value: string): value is CertificationCategory {
  return certificationCategories.some((category) => category === value);
}

// A category counts once it has at least one passed test.
export function completedCertificationCategories(counts: CertificationCounts): number {
  return certificationCategories.filter((category) => counts[category] > 0).length;
}

// Whole percent: 0, 33, 67, 100; only completion gives 100.
export function certificationProgressPercent(counts: CertificationCounts): number {
  return Math.round((completedCertificationCategories(counts) * 100) / certificationCategories.length);
}

export function isCertificationComplete(counts: CertificationCounts): boolean {
  return completedCertificationCategories(counts) === certificationCategories.length;
}

export const certificationProgressSchema = z.object({
  client_id: z.uuid(),
  is_in_certification: z.boolean(),
  // Passed tests per category.
  charges: z.number().int().min(0),
  refunds: z.number().int().min(0),
  reporting: z.number().int().min(0),
  progress: z.number().int().min(0).max(100),
  // When the last category was first passed; null until every category is.
  date_time_completed: z.iso.datetime().nullable(),
});
export type CertificationProgress = z.infer<typeof certificationProgressSchema>;
export const certificationResponse = successEnvelope(certificationProgressSchema);

export const CertificationErrorCode = { ClientNotFound: 'CERTIFICATION_CLIENT_NOT_FOUND' } as const;
export const CertificationText = { ClientNotFound: 'No client to show certification progress for' } as const;

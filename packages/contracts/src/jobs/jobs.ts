import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// The job runner's recent runs for staff (/jobs). Portico's own page, not in the product's text.

export const jobRunStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobRunStatus = (typeof jobRunStatuses)[number];

export const jobRunStatusLabels: Readonly<Record<JobRunStatus, string>> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

// An export file's run: one per export attempt, keyed by the export and the attempt ('<id>:<attempt>'),
// which the Jobs page reads as the attempt (never the export's id).
export const exportRunJobName = 'exports.run';
export function exportRunKey(exportId: string, attempt: number): string {
  return `${exportId}:${attempt}`;
}
export function exportAttemptOfRunKey(runKey: string): number | null {
  const attempt = /:(\d+)$/.exec(runKey)?.[1];
  return attempt === undefined ? null : Number(attempt);
}

// Scheduled reports whose time has come become exports.
export const reportScheduleJobName = 'reports.schedule';

// The jobs this build registers, as people read them; a job not listed shows by its name.
export const jobLabels: Readonly<Record<string, string>> = {
  'email.retry': 'E-mail delivery retries',
  'data-sync.process': 'Merchant data sync',
  'payments.reconcile': 'Payment attempt reconcile',
  housekeeping: 'Housekeeping',
  'statements.post': 'Statements of the month before',
  'payouts.post': 'Payouts of the day before',
  'monthly-billing.bill': 'Monthly bills of the month before',
  'bill-payments.reconcile': 'Bill payment reconcile',
  'subscriptions.charge': 'Recurring charges',
  'webhooks.deliver': 'Webhook deliveries',
  'disputes.poll': 'Dispute feed',
  [exportRunJobName]: 'Export files',
  'exports.expire': 'Expired export files removed',
  [reportScheduleJobName]: 'Scheduled reports',
};

export function jobLabel(name: string): string {
  return jobLabels[name] ?? name;
}

export const jobRunsQuery = z.object({
  // Only failed runs, and retries waiting (queued with an error).
  failures: z.enum(['true', 'false']).optional(),
});

export const jobRunRow = z.object({
  id: z.string(),
  name: z.string(),
  runKey: z.string(),
  status: z.enum(jobRunStatuses),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  // ISO 8601 instants (UTC); the page shows them in the user's zone, named.
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  runAfter: z.string(),
  lastError: z.string().nullable(),
  result: z.record(z.string(), z.union([z.number(), z.string()])).nullable(),
});
export type JobRunRow = z.infer<typeof jobRunRow>;

// The newest runs first, at most jobRunsPageSize.
export const jobRunsPageSize = 500;
// jobs: the names this build registers, each with its Run now.
export const jobRunsResponse = successEnvelope(
  z.object({ runs: z.array(jobRunRow), jobs: z.array(z.string()) }),
);

// POST /api/jobs/{name}/run (staff): one run of the job now, answered with its row once it ended.
export const jobRunNowParams = z.object({ name: z.string().min(1).max(100) });
export const jobRunNowResponse = successEnvelope(z.object({ run: jobRunRow }));
export const JobRunNowText = {
  NotFound: 'No such job',
} as const;

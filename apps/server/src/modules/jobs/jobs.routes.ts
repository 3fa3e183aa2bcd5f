import { errorEnvelope } from '@portico/contracts/common/envelope';
import {
  JobRunNowText,
  type JobRunRow,
  jobRunNowParams,
  jobRunNowResponse,
  jobRunsPageSize,
  jobRunsQuery,
  jobRunsResponse,
} from '@portico/contracts/jobs/jobs';
import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOfSession } from '../../access/audit-actor';
import type { RouteAccess } from '../../access/route-access';
import { jobRuns } from '../../db/schema/jobs';
import { payoutPostingJob, statementPostingJob } from '../../jobs/books.job';
import { dataSyncJob } from '../../jobs/data-sync.job';
import { emailRetryJob } from '../../jobs/email-retry.job';
import { housekeepingJob } from '../../jobs/housekeeping.job';
import { moneyAttemptSweepJob } from '../../jobs/money-attempt-sweep.job';
import type { JobRun } from '../../jobs/runner';
import { defineErrors } from '../../lib/app-error';
import { recordAudit, requestOrigin } from '../../lib/audit';
import { moneyOperationsOf } from '../payments/payments.service';

// The provider's staff see the runner's recent runs and failures.
const jobsAccess: RouteAccess = { kind: 'authenticated', roles: ['admin'] };

const JobsError = defineErrors({ NotFound: ['JOB_NOT_FOUND', 'not_found'] });

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function jobRunRowOf(row: JobRun): JobRunRow {
  return {
    id: row.id,
    name: row.name,
    runKey: row.runKey,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    runAfter: row.runAfter.toISOString(),
    lastError: row.lastError,
    result: row.result,
  };
}

// The jobs of the platform itself; a module with its own job registers it beside its routes with
// app.jobs.register(...).
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(emailRetryJob(app.mail));
  app.jobs.register(dataSyncJob());
  app.jobs.register(
    moneyAttemptSweepJob(
      () => moneyOperationsOf({ db: app.db, processors: app.processors, now: app.now }),
      (attemptId, err) => app.log.error({ err, attemptId }, 'payment attempt not reconciled'),
    ),
  );
  app.jobs.register(housekeepingJob());
  // The books (modules/statements): statements monthly, payouts daily. The monthly billing run and
  // the bill payment reconcile register beside their routes (modules/billing).
  app.jobs.register(statementPostingJob());
  app.jobs.register(payoutPostingJob());

  app.get(
    '/api/jobs/runs',
    {
      config: { access: jobsAccess },
      schema: {
        tags: ['jobs'],
        summary: 'The job runner’s newest runs, or only its failures and retries waiting',
        querystring: jobRunsQuery,
        response: { 200: jobRunsResponse, 400: errorEnvelope },
      },
    },
    async (request) => {
      const onlyFailures = request.query.failures === 'true';
      const rows = await app.db
        .select()
        .from(jobRuns)
        .where(
          onlyFailures
            ? or(
                eq(jobRuns.status, 'failed'),
                and(eq(jobRuns.status, 'queued'), isNotNull(jobRuns.lastError)),
              )
            : undefined,
        )
        .orderBy(desc(jobRuns.createdAt), desc(jobRuns.id))
        .limit(jobRunsPageSize);
      return {
        status: true as const,
        message: { runs: rows.map(jobRunRowOf), jobs: app.jobs.names().sort() },
      };
    },
  );

  // Staff's Run now: the job runs once, through the runner (lease, retries, idempotent jobs), and the
  // answer is its run. The processor-audit user is refused by the access plugin (a write).
  app.post(
    '/api/jobs/:name/run',
    {
      config: { access: jobsAccess },
      schema: {
        tags: ['jobs'],
        summary: 'Runs one registered job once now and answers its run',
        params: jobRunNowParams,
        response: { 200: jobRunNowResponse, 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { name } = request.params;
      if (!app.jobs.names().includes(name)) throw JobsError.NotFound(JobRunNowText.NotFound);
      const run = await app.jobs.runNow(name);
      if (!run) throw JobsError.NotFound(JobRunNowText.NotFound);
      const session = request.requireSession();
      await recordAudit(app.db, {
        action: 'job.run',
        outcome: run.status === 'succeeded' ? 'success' : 'failure',
        ...auditActorOfSession(session, requestOrigin(request)),
        targetType: 'job_run',
        targetId: run.id,
        details: { job: name, status: run.status, ...(run.lastError ? { error: run.lastError } : {}) },
      });
      return { status: true as const, message: { run: jobRunRowOf(run) } };
    },
  );
};

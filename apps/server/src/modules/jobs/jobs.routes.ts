import { errorEnvelope } from '@portico/contracts/common/envelope';
import { jobRunsPageSize, jobRunsQuery, jobRunsResponse } from '@portico/contracts/jobs/jobs';
import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobRuns } from '../../db/schema/jobs';
import { payoutPostingJob, statementPostingJob } from '../../jobs/books.job';
import { dataSyncJob } from '../../jobs/data-sync.job';
import { emailRetryJob } from '../../jobs/email-retry.job';
import { housekeepingJob } from '../../jobs/housekeeping.job';
import { moneyAttemptSweepJob } from '../../jobs/money-attempt-sweep.job';
import type { RouteAccess } from '../../plugins/access';
import { moneyOperationsOf } from '../payments/payments.service';

// Issue 17 item 8: the provider's staff see the runner's recent runs and failures.
const jobsAccess: RouteAccess = { kind: 'authenticated', roles: ['admin'] };

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
      const iso = (value: Date | null) => (value ? value.toISOString() : null);
      return {
        status: true as const,
        message: {
          runs: rows.map((row) => ({
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
          })),
        },
      };
    },
  );
};

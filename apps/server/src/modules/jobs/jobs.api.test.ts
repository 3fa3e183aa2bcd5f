import { jobLabels, jobRunNowResponse, jobRunsResponse } from '@portico/contracts/jobs/jobs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { testConfig } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment, buildClient } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import { type App, buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { dataSyncRequests } from '../../db/schema/data-sync';
import { jobRuns, rateLimitCounters } from '../../db/schema/jobs';
import { paymentRiskBuckets } from '../../db/schema/risk';
import { statements } from '../../db/schema/statements';
import { auditLog, emailOutbox } from '../../db/schema/system';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer';

let database: DatabaseHandle;
let app: App;
let now = new Date('2026-11-25T10:00:00Z');
// The SMTP server refuses while `refusing` is set; what it accepted is kept.
let refusing = true;
const delivered: MailMessage[] = [];
const mailer: Mailer = {
  async send() {
    throw new Error('not used by these tests');
  },
  async deliver(message) {
    if (refusing) throw new Error('451 try again later');
    delivered.push(message);
  },
  async close() {},
};
let adminCookie: string;
let ownerCookie: string;

beforeAll(async () => {
  database = await openTestDatabase({ demoAccounts: true });
  app = await buildApp({ config: testConfig(), database, logger: false, mailer, now: () => now });
  await app.ready();
  adminCookie = await sessionCookieFor(database.db, demo.admin);
  ownerCookie = await sessionCookieFor(database.db, demo.owner);
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(jobRuns);
});

async function runsNamed(name: string) {
  return database.db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(asc(jobRuns.createdAt));
}

describe('registered jobs', () => {
  it('registers the platform jobs', () => {
    expect(app.jobs.names()).toEqual(
      expect.arrayContaining(['email.retry', 'data-sync.process', 'payments.reconcile', 'housekeeping']),
    );
    // The Jobs page names each of them in words.
    expect(Object.keys(jobLabels)).toEqual(expect.arrayContaining(app.jobs.names()));
  });

  it('takes merchant data sync requests that wait, once, and a second tick adds nothing', async () => {
    const client = await buildClient(database.db, { name: 'Sync Me LLC' });
    const [request] = await database.db
      .insert(dataSyncRequests)
      .values({ clientId: client.id, requestedByEmail: demo.admin })
      .returning();
    await app.jobs.tick();
    await app.jobs.tick();
    const [after] = await database.db
      .select()
      .from(dataSyncRequests)
      .where(eq(dataSyncRequests.id, request?.id ?? ''));
    expect(after).toMatchObject({ status: 'completed', lastError: null });
    expect(after?.completedAt).toBeInstanceOf(Date);
    const runs = await runsNamed('data-sync.process');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      runKey: '2026-11-25T10:00',
      status: 'succeeded',
      result: { completed: 1 },
    });
  });

  it('sends failed e-mail again with backoff until the server takes it, once', async () => {
    now = new Date('2026-11-25T11:00:00Z');
    refusing = true;
    const [row] = await database.db
      .insert(emailOutbox)
      .values({
        toAddresses: ['owner@harborlanecoffee.example'],
        subject: 'Your sign-in link',
        bodyText: 'Open the link',
        status: 'failed',
        attempts: 1,
        lastError: '421 busy',
      })
      .returning();
    const id = row?.id ?? '';
    await app.jobs.tick();
    const [refused] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(refused).toMatchObject({ status: 'failed', attempts: 2, lastError: '451 try again later' });
    const [{ waits } = { waits: false }] = await database.db
      .select({ waits: sql<boolean>`${emailOutbox.nextAttemptAt} > now() + interval '1 minute'` })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    expect(waits).toBe(true);

    // Five minutes on, the next run: the backoff has passed and the server takes it.
    refusing = false;
    now = new Date('2026-11-25T11:05:00Z');
    await database.db.update(emailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(emailOutbox.id, id));
    await app.jobs.tick();
    now = new Date('2026-11-25T11:10:00Z');
    await app.jobs.tick();
    const [sent] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 3 });
    expect(delivered.map((m) => [m.to, m.subject, m.text])).toEqual([
      [['owner@harborlanecoffee.example'], 'Your sign-in link', 'Open the link'],
    ]);
    expect((await runsNamed('email.retry')).map((r) => r.result)).toEqual([
      { sent: 0, failed: 1 },
      { sent: 1, failed: 0 },
      { sent: 0, failed: 0 },
    ]);
  });

  it('deletes expired rate-limit counters and keeps live ones', async () => {
    await database.db.insert(rateLimitCounters).values([
      { key: 'old', hits: 3, resetAt: sql`now() - interval '1 minute'` },
      { key: 'live', hits: 1, resetAt: sql`now() + interval '1 minute'` },
    ]);
    now = new Date('2026-11-25T13:00:00Z');
    await app.jobs.tick();
    const keys = await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(keys.map((k) => k.key)).toEqual(['live']);
  });

  it('deletes payment risk buckets older than twice the trailing window, and keeps the window', async () => {
    const client = await buildClient(database.db, { name: 'Old Buckets LLC' });
    const bucket = { clientId: client.id, n: 1, total: '100', squares: '10000' };
    await database.db.insert(paymentRiskBuckets).values([
      { ...bucket, span: 'day', startsAt: sql`date_trunc('day', now()) - interval '70 days'` },
      { ...bucket, span: 'minute', startsAt: sql`date_trunc('minute', now()) - interval '63 days'` },
      { ...bucket, span: 'day', startsAt: sql`date_trunc('day', now()) - interval '31 days'` },
    ]);
    now = new Date('2026-11-25T14:00:00Z');
    await app.jobs.tick();
    const kept = await database.db
      .select({ span: paymentRiskBuckets.span })
      .from(paymentRiskBuckets)
      .where(eq(paymentRiskBuckets.clientId, client.id));
    expect(kept).toEqual([{ span: 'day' }]);
  });
});

describe('the books', () => {
  it('posts the statements of the month before on the first tick of a month, once', async () => {
    const client = await buildClient(database.db, { name: 'Statement Month LLC' });
    await buildCardPayment(database.db, { clientId: client.id, createdAt: new Date('2026-11-10T15:00:00Z') });
    now = new Date('2026-12-01T00:01:00Z');
    await app.jobs.tick();
    const posted = await database.db.select().from(statements).where(eq(statements.clientId, client.id));
    expect(posted).toHaveLength(1);
    const [run] = await runsNamed('statements.post');
    expect(run).toMatchObject({ runKey: '2026-12', status: 'succeeded', result: { month: '2026-11' } });

    // A second tick adds nothing; nor does the same period run again (a run lost before it was recorded).
    await app.jobs.tick();
    expect(await runsNamed('statements.post')).toHaveLength(1);
    await database.db.delete(jobRuns).where(eq(jobRuns.name, 'statements.post'));
    await app.jobs.tick();
    const [again] = await runsNamed('statements.post');
    expect(again).toMatchObject({ status: 'succeeded', result: { month: '2026-11', posted: 0 } });
    expect(
      await database.db.select().from(statements).where(eq(statements.clientId, client.id)),
    ).toHaveLength(1);
    const [payouts] = await runsNamed('payouts.post');
    expect(payouts).toMatchObject({
      runKey: '2026-12-01',
      status: 'succeeded',
      result: { day: '2026-11-30' },
    });
  });
});

describe('GET /api/jobs/runs', () => {
  it('shows staff the newest runs and, asked for failures, only those', async () => {
    now = new Date('2026-11-26T09:00:00Z');
    await app.jobs.tick();
    await database.db.insert(jobRuns).values({
      name: 'email.retry',
      runKey: '2026-11-20T00:00',
      status: 'failed',
      attempts: 5,
      maxAttempts: 5,
      lastError: 'SMTP down',
      createdAt: sql`now() - interval '6 days'`,
    });
    const all = await app.inject({ method: 'GET', url: '/api/jobs/runs', headers: { cookie: adminCookie } });
    expect(all.statusCode).toBe(200);
    const runs = jobRunsResponse.parse(all.json()).message.runs;
    expect(runs.map((r) => r.name)).toEqual(
      expect.arrayContaining(['email.retry', 'data-sync.process', 'payments.reconcile', 'housekeeping']),
    );
    expect(runs.at(-1)).toMatchObject({
      runKey: '2026-11-20T00:00',
      status: 'failed',
      lastError: 'SMTP down',
    });

    const failures = await app.inject({
      method: 'GET',
      url: '/api/jobs/runs?failures=true',
      headers: { cookie: adminCookie },
    });
    expect(jobRunsResponse.parse(failures.json()).message.runs.map((r) => [r.name, r.status])).toEqual([
      ['email.retry', 'failed'],
    ]);
  });

  it('refuses anyone but staff', async () => {
    const merchant = await app.inject({
      method: 'GET',
      url: '/api/jobs/runs',
      headers: { cookie: ownerCookie },
    });
    expect(merchant.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: '/api/jobs/runs' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/jobs/:name/run', () => {
  const runNow = (name: string, cookie: string) =>
    app.inject({ method: 'POST', url: `/api/jobs/${name}/run`, headers: { cookie } });

  it("runs the job once now through the runner, answers its run and audits it; the period's run still comes", async () => {
    now = new Date('2026-11-27T09:00:00Z');
    const client = await buildClient(database.db, { name: 'Run Now LLC' });
    const [request] = await database.db
      .insert(dataSyncRequests)
      .values({ clientId: client.id, requestedByEmail: demo.admin })
      .returning();
    const res = await runNow('data-sync.process', adminCookie);
    expect(res.statusCode).toBe(200);
    const { run } = jobRunNowResponse.parse(res.json()).message;
    expect(run).toMatchObject({
      name: 'data-sync.process',
      status: 'succeeded',
      attempts: 1,
      lastError: null,
    });
    expect(run.runKey).toMatch(/^now:2026-11-27T09:00:00\.000Z:/);
    const [synced] = await database.db
      .select()
      .from(dataSyncRequests)
      .where(eq(dataSyncRequests.id, request?.id ?? ''));
    expect(synced?.status).toBe('completed');
    const [audited] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, run.id));
    expect(audited).toMatchObject({
      action: 'job.run',
      outcome: 'success',
      actorEmail: demo.admin,
      details: { job: 'data-sync.process', status: 'succeeded' },
    });

    // A second Run now is a run of its own; the scheduled period's run is not taken by either.
    const again = jobRunNowResponse.parse((await runNow('data-sync.process', adminCookie)).json()).message
      .run;
    expect(again.id).not.toBe(run.id);
    await app.jobs.tick();
    expect((await runsNamed('data-sync.process')).map((r) => r.runKey)).toEqual([
      run.runKey,
      again.runKey,
      '2026-11-27T09:00',
    ]);
  });

  it("posts the statements of the clock's month before once; a second Run now adds nothing", async () => {
    now = new Date('2027-02-10T09:00:00Z');
    const client = await buildClient(database.db, { name: 'Run Now Statements LLC' });
    await buildCardPayment(database.db, { clientId: client.id, createdAt: new Date('2027-01-12T15:00:00Z') });
    const first = jobRunNowResponse.parse((await runNow('statements.post', adminCookie)).json()).message.run;
    expect(first).toMatchObject({ status: 'succeeded', lastError: null, result: { month: '2027-01' } });
    expect(Number(first.result?.posted)).toBeGreaterThanOrEqual(1);
    const second = jobRunNowResponse.parse((await runNow('statements.post', adminCookie)).json()).message.run;
    expect(second).toMatchObject({ status: 'succeeded', result: { month: '2027-01', posted: 0 } });
    expect(
      await database.db.select().from(statements).where(eq(statements.clientId, client.id)),
    ).toHaveLength(1);
    const payouts = jobRunNowResponse.parse((await runNow('payouts.post', adminCookie)).json()).message.run;
    expect(payouts).toMatchObject({ status: 'succeeded', result: { day: '2027-02-09' } });
  });

  it('answers 404 for a job this build does not register, and runs nothing', async () => {
    const res = await runNow('no-such-job', adminCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'JOB_NOT_FOUND', message: 'No such job' });
    expect(await database.db.select().from(jobRuns)).toEqual([]);
  });

  it('refuses the processor-audit user, merchants and anonymous callers, and runs nothing', async () => {
    const auditCookie = await sessionCookieFor(database.db, demo.audit);
    expect((await runNow('housekeeping', auditCookie)).statusCode).toBe(403);
    expect((await runNow('housekeeping', ownerCookie)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/jobs/housekeeping/run' })).statusCode).toBe(401);
    expect(await database.db.select().from(jobRuns)).toEqual([]);
  });
});

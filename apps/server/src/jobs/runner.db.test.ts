import { asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle, Db } from '../db/client';
import { jobRuns } from '../db/schema/jobs';
import { seedState } from '../db/schema/system';
import { createJobRunner, type JobDefinition, type JobOutcome, periodKey, retryDelaySeconds } from './runner';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobRuns);
  await database.db.delete(seedState).where(like(seedState.name, 'posted:%'));
});

const silent = { info: () => {}, error: () => {} };
const november = new Date('2026-11-01T00:05:00Z');
const december = new Date('2026-12-01T00:05:00Z');

function runnerAt(now: () => Date, outcomes: JobOutcome[] = []) {
  return createJobRunner({
    db: database.db,
    now,
    log: silent,
    onAttempt: (_name, outcome) => outcomes.push(outcome),
  });
}

// A stand-in for statement posting: three rows per period, each written once whatever happens.
// failAfter: the attempt stops after that many rows (a crash halfway).
function postingJob(failAfter: { rows: number } | null): JobDefinition {
  return {
    name: 'test.post',
    schedule: { every: 'month' },
    maxAttempts: 3,
    async run({ db, runKey }) {
      let posted = 0;
      for (const part of ['a', 'b', 'c']) {
        if (failAfter && posted === failAfter.rows) throw new Error('stopped halfway');
        const inserted = await postRow(db, `posted:${runKey}:${part}`);
        posted += inserted;
      }
      return { posted };
    },
  };
}

async function postRow(db: Db, name: string): Promise<number> {
  const rows = await db
    .insert(seedState)
    .values({ name, anchorDate: '2026-11-01', transactions: 0 })
    .onConflictDoNothing()
    .returning({ name: seedState.name });
  return rows.length;
}

async function postedRows() {
  const rows = await database.db
    .select({ name: seedState.name })
    .from(seedState)
    .where(like(seedState.name, 'posted:%'))
    .orderBy(asc(seedState.name));
  return rows.map((r) => r.name);
}

async function runsOf(name: string) {
  return database.db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(asc(jobRuns.runKey));
}

describe('periodKey', () => {
  it('names the UTC month, day or slot', () => {
    const at = new Date('2026-11-25T20:47:31Z');
    expect(periodKey({ every: 'month' }, at)).toBe('2026-11');
    expect(periodKey({ every: 'day' }, at)).toBe('2026-11-25');
    expect(periodKey({ everyMinutes: 5 }, at)).toBe('2026-11-25T20:45');
    expect(periodKey({ everyMinutes: 60 }, at)).toBe('2026-11-25T20:00');
  });

  it('backs off from 30 s, doubling, to an hour', () => {
    expect([1, 2, 3, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });
});

describe('job runner', () => {
  it('runs a scheduled job once per period, however many instances tick', async () => {
    const outcomes: JobOutcome[] = [];
    const first = runnerAt(() => november, outcomes);
    const second = runnerAt(() => november, outcomes);
    first.register(postingJob(null));
    second.register(postingJob(null));

    const [a, b] = await Promise.all([first.tick(), second.tick()]);
    expect(a.ran + b.ran).toBe(1);
    expect(await first.tick()).toEqual({ scheduled: 0, ran: 0, succeeded: 0, failed: 0 });
    expect(await postedRows()).toEqual(['posted:2026-11:a', 'posted:2026-11:b', 'posted:2026-11:c']);

    const [run] = await runsOf('test.post');
    expect(run).toMatchObject({ runKey: '2026-11', status: 'succeeded', attempts: 1, result: { posted: 3 } });
    expect(outcomes).toEqual(['succeeded']);
  });

  it('runs again for a new period, and only for it', async () => {
    let now = november;
    const runner = runnerAt(() => now);
    runner.register(postingJob(null));
    await runner.tick();
    now = december;
    expect(await runner.tick()).toMatchObject({ scheduled: 1, ran: 1, succeeded: 1 });
    expect(await runner.tick()).toMatchObject({ scheduled: 0, ran: 0 });
    expect((await runsOf('test.post')).map((r) => [r.runKey, r.status])).toEqual([
      ['2026-11', 'succeeded'],
      ['2026-12', 'succeeded'],
    ]);
    expect(await postedRows()).toHaveLength(6);
  });

  it('retries a run that failed halfway with backoff, and the retry adds nothing twice', async () => {
    const outcomes: JobOutcome[] = [];
    const failing = runnerAt(() => november, outcomes);
    failing.register(postingJob({ rows: 1 }));
    expect(await failing.tick()).toMatchObject({ ran: 1, failed: 1 });

    const [waiting] = await runsOf('test.post');
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, lastError: 'stopped halfway' });
    // The retry waits for its backoff: a tick now does not take it.
    const [{ delayed } = { delayed: false }] = await database.db
      .select({ delayed: sql<boolean>`${jobRuns.runAfter} > now() + interval '20 seconds'` })
      .from(jobRuns);
    expect(delayed).toBe(true);
    expect(await failing.tick()).toMatchObject({ ran: 0 });
    expect(await postedRows()).toEqual(['posted:2026-11:a']);

    // The backoff has passed; this build's job no longer stops halfway.
    await database.db.update(jobRuns).set({ runAfter: sql`now()` });
    const fixed = runnerAt(() => november, outcomes);
    fixed.register(postingJob(null));
    expect(await fixed.tick()).toMatchObject({ ran: 1, succeeded: 1 });
    expect(await postedRows()).toEqual(['posted:2026-11:a', 'posted:2026-11:b', 'posted:2026-11:c']);
    const [done] = await runsOf('test.post');
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, lastError: null, result: { posted: 2 } });
    expect(outcomes).toEqual(['retrying', 'succeeded']);
  });

  it('takes over a run whose instance died halfway once its lease ran out, and posts nothing twice', async () => {
    const runner = runnerAt(() => november);
    runner.register(postingJob(null));
    // What a killed instance leaves: the run claimed, one row posted, the lease still running.
    await database.db.insert(jobRuns).values({
      name: 'test.post',
      runKey: '2026-11',
      status: 'running',
      attempts: 1,
      maxAttempts: 3,
      lockedBy: 'dead-instance',
      lockedUntil: sql`now() + interval '10 minutes'`,
    });
    await postRow(database.db, 'posted:2026-11:a');
    expect(await runner.tick()).toMatchObject({ scheduled: 0, ran: 0 });

    await database.db.update(jobRuns).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect(await runner.tick()).toMatchObject({ ran: 1, succeeded: 1 });
    expect(await postedRows()).toEqual(['posted:2026-11:a', 'posted:2026-11:b', 'posted:2026-11:c']);
    const [run] = await runsOf('test.post');
    expect(run).toMatchObject({ status: 'succeeded', attempts: 2, lockedBy: null, result: { posted: 2 } });
  });

  it('gives up after maxAttempts and keeps the error for staff', async () => {
    const outcomes: JobOutcome[] = [];
    const runner = runnerAt(() => november, outcomes);
    runner.register(postingJob({ rows: 0 }));
    for (let attempt = 0; attempt < 3; attempt++) {
      await database.db.update(jobRuns).set({ runAfter: sql`now()` });
      await runner.tick();
    }
    const [run] = await runsOf('test.post');
    expect(run).toMatchObject({ status: 'failed', attempts: 3, lastError: 'stopped halfway' });
    expect(run?.finishedAt).toBeInstanceOf(Date);
    expect(outcomes).toEqual(['retrying', 'retrying', 'failed']);
    await database.db.update(jobRuns).set({ runAfter: sql`now()` });
    expect(await runner.tick()).toMatchObject({ ran: 0 });
  });

  it('fails a run whose last allowed attempt never finished instead of trying it again', async () => {
    const runner = runnerAt(() => november);
    runner.register(postingJob(null));
    await database.db.insert(jobRuns).values({
      name: 'test.post',
      runKey: '2026-11',
      status: 'running',
      attempts: 3,
      maxAttempts: 3,
      lockedBy: 'dead-instance',
      lockedUntil: sql`now() - interval '1 second'`,
    });
    expect(await runner.tick()).toMatchObject({ ran: 1, failed: 1 });
    const [run] = await runsOf('test.post');
    expect(run).toMatchObject({ status: 'failed', lastError: 'the last attempt did not finish' });
    expect(await postedRows()).toEqual([]);
  });

  it('runs an enqueued job once per key, and refuses a name registered twice', async () => {
    const runner = runnerAt(() => november);
    let calls = 0;
    runner.register({
      name: 'test.once',
      async run() {
        calls += 1;
        return { calls };
      },
    });
    await runner.enqueue('test.once', 'key-1');
    await runner.enqueue('test.once', 'key-1');
    await runner.tick();
    await runner.tick();
    expect(calls).toBe(1);
    expect(() => runner.register({ name: 'test.once', run: async () => undefined })).toThrow(/twice/);
    await expect(runner.enqueue('test.none', 'k')).rejects.toThrow(/no job named/);
  });
});

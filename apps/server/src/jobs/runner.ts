import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema/jobs';

// A small durable job runner on the application's own database, on PGlite and PostgreSQL alike (not pg-boss
// or graphile-worker: the embedded PGlite has one connection and no LISTEN). job_runs is the queue and the
// record: a scheduled job gets one row per period (its run key), inserted by whichever instance ticks first,
// so it runs once per period however many instances there are. A run is claimed with FOR UPDATE SKIP LOCKED
// under a lease; a failure is retried with backoff up to maxAttempts; a run whose instance died is taken
// again when its lease runs out. Runs are at least once: every job must be idempotent (run twice, or stopped
// halfway and run again, it creates nothing twice).

// monthly: the key is the UTC month ('2026-11'); daily: the UTC day; everyMinutes: the slot's start.
export type JobSchedule = { every: 'month' } | { every: 'day' } | { everyMinutes: number };

export type JobResult = Record<string, number | string>;

export type JobContext = {
  db: Db;
  // The period this run is for ('2026-11' for a monthly job) or an enqueued key.
  runKey: string;
  attempt: number;
  now: Date;
};

export type JobDefinition = {
  name: string;
  // Absent: runs only when enqueued.
  schedule?: JobSchedule;
  maxAttempts?: number;
  run(context: JobContext): Promise<JobResult | undefined>;
};

export type JobOutcome = 'succeeded' | 'retrying' | 'failed';

export type JobRunnerOptions = {
  db: Db;
  now: () => Date;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  // How long a claimed run is held before another instance may take it again.
  leaseSeconds?: number;
  // Hears every finished attempt (metrics).
  onAttempt?: (name: string, outcome: JobOutcome, seconds: number) => void;
  // Hears every finished tick (metrics: an instance whose runner stopped ticking shows it).
  onTick?: () => void;
};

export type JobRun = typeof jobRuns.$inferSelect;

export type TickSummary = { scheduled: number; ran: number; succeeded: number; failed: number };

export type JobRunner = {
  register(definition: JobDefinition): void;
  names(): string[];
  // Inserts the run (once per name and key) to be picked up by the next tick.
  enqueue(name: string, runKey: string): Promise<void>;
  // Schedules every due period and runs what is due, one run at a time, until nothing is left.
  tick(): Promise<TickSummary>;
  // Runs a registered job once now (staff's Run now) under its own run key, claimed and leased as a
  // scheduled run, and answers its row; undefined for a name this build does not register.
  runNow(name: string): Promise<JobRun | undefined>;
  start(intervalSeconds: number): void;
  // Whether start() has this instance ticking on its own (tests tick by hand).
  isStarted(): boolean;
  stop(): Promise<void>;
};

const defaultMaxAttempts = 5;
const defaultLeaseSeconds = 15 * 60;
// At most this many runs per tick, so one instance cannot starve its shutdown.
const runsPerTick = 50;

export function periodKey(schedule: JobSchedule, now: Date): string {
  const iso = now.toISOString();
  if ('every' in schedule) return schedule.every === 'month' ? iso.slice(0, 7) : iso.slice(0, 10);
  const slotMs = schedule.everyMinutes * 60_000;
  return new Date(Math.floor(now.getTime() / slotMs) * slotMs).toISOString().slice(0, 16);
}

// 30 s, 1 min, 2 min ... at most an hour.
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const leaseSeconds = options.leaseSeconds ?? defaultLeaseSeconds;
  const instance = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const definitions = new Map<string, JobDefinition>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  async function insertRun(definition: JobDefinition, runKey: string): Promise<boolean> {
    const inserted = await db
      .insert(jobRuns)
      .values({ name: definition.name, runKey, maxAttempts: definition.maxAttempts ?? defaultMaxAttempts })
      .onConflictDoNothing()
      .returning({ id: jobRuns.id });
    return inserted.length > 0;
  }

  // The next due run, or only the run `onlyId` (Run now).
  async function claim(onlyId?: string) {
    const names = [...definitions.keys()];
    if (names.length === 0) return undefined;
    const due = db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(
        and(
          inArray(jobRuns.name, names),
          onlyId === undefined ? undefined : eq(jobRuns.id, onlyId),
          or(
            and(eq(jobRuns.status, 'queued'), lte(jobRuns.runAfter, sql`now()`)),
            and(eq(jobRuns.status, 'running'), lt(jobRuns.lockedUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(asc(jobRuns.runAfter), asc(jobRuns.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [run] = await db
      .update(jobRuns)
      .set({
        status: 'running',
        attempts: sql`${jobRuns.attempts} + 1`,
        lockedBy: instance,
        lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
        startedAt: sql`now()`,
      })
      .where(inArray(jobRuns.id, due))
      .returning();
    return run;
  }

  type ClaimedRun = NonNullable<Awaited<ReturnType<typeof claim>>>;

  // Only the instance that still holds the run may conclude it.
  const heldByMe = (run: ClaimedRun) =>
    and(eq(jobRuns.id, run.id), eq(jobRuns.status, 'running'), eq(jobRuns.lockedBy, instance));

  async function execute(run: ClaimedRun): Promise<JobOutcome> {
    const definition = definitions.get(run.name);
    const started = performance.now();
    let outcome: JobOutcome;
    // A run whose last attempt never finished (its process died) is not tried beyond maxAttempts.
    if (!definition || run.attempts > run.maxAttempts) {
      await db
        .update(jobRuns)
        .set({
          status: 'failed',
          finishedAt: sql`now()`,
          lockedBy: null,
          lockedUntil: null,
          lastError: definition ? 'the last attempt did not finish' : 'no such job in this build',
        })
        .where(heldByMe(run));
      outcome = 'failed';
    } else {
      try {
        const result = await definition.run({
          db,
          runKey: run.runKey,
          attempt: run.attempts,
          now: options.now(),
        });
        await db
          .update(jobRuns)
          .set({
            status: 'succeeded',
            finishedAt: sql`now()`,
            lockedBy: null,
            lockedUntil: null,
            lastError: null,
            result: result ?? {},
          })
          .where(heldByMe(run));
        outcome = 'succeeded';
      } catch (err) {
        const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
        const retry = run.attempts < run.maxAttempts;
        log.error({ err, job: run.name, runKey: run.runKey, attempt: run.attempts }, 'job run failed');
        await db
          .update(jobRuns)
          .set({
            status: retry ? 'queued' : 'failed',
            runAfter: retry
              ? sql`now() + make_interval(secs => ${retryDelaySeconds(run.attempts)})`
              : jobRuns.runAfter,
            finishedAt: retry ? null : sql`now()`,
            lockedBy: null,
            lockedUntil: null,
            lastError: message,
          })
          .where(heldByMe(run));
        outcome = retry ? 'retrying' : 'failed';
      }
    }
    options.onAttempt?.(run.name, outcome, (performance.now() - started) / 1000);
    return outcome;
  }

  async function tickOnce(): Promise<TickSummary> {
    const summary: TickSummary = { scheduled: 0, ran: 0, succeeded: 0, failed: 0 };
    const now = options.now();
    for (const definition of definitions.values()) {
      if (definition.schedule && (await insertRun(definition, periodKey(definition.schedule, now)))) {
        summary.scheduled += 1;
      }
    }
    while (summary.ran < runsPerTick && !stopped) {
      const run = await claim();
      if (!run) break;
      const outcome = await execute(run);
      summary.ran += 1;
      if (outcome === 'succeeded') summary.succeeded += 1;
      else summary.failed += 1;
    }
    options.onTick?.();
    return summary;
  }

  // One tick or Run now at a time per instance: a timer tick waits for a test's or the previous one.
  async function exclusively<T>(work: () => Promise<T>): Promise<T> {
    while (running) await running.catch(() => undefined);
    const current = work();
    running = current;
    try {
      return await current;
    } finally {
      running = undefined;
    }
  }

  function tick(): Promise<TickSummary> {
    return exclusively(tickOnce);
  }

  async function runNowOnce(definition: JobDefinition): Promise<JobRun | undefined> {
    // A key of its own, so a Run now never takes the place of the period's scheduled run.
    const runKey = `now:${options.now().toISOString()}:${randomUUID().slice(0, 8)}`;
    const [inserted] = await db
      .insert(jobRuns)
      .values({ name: definition.name, runKey, maxAttempts: definition.maxAttempts ?? defaultMaxAttempts })
      .returning({ id: jobRuns.id });
    if (!inserted) throw new Error(`job run ${definition.name} was not inserted`);
    const run = await claim(inserted.id);
    // Claimed by another instance's tick first: it runs it; the row says how far it got.
    if (run) await execute(run);
    const [row] = await db.select().from(jobRuns).where(eq(jobRuns.id, inserted.id));
    return row;
  }

  return {
    register(definition) {
      if (definitions.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
      definitions.set(definition.name, definition);
    },
    names: () => [...definitions.keys()],
    async enqueue(name, runKey) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`no job named ${name}`);
      await insertRun(definition, runKey);
    },
    tick,
    async runNow(name) {
      const definition = definitions.get(name);
      if (!definition) return undefined;
      return exclusively(() => runNowOnce(definition));
    },
    start(intervalSeconds) {
      if (timer) return;
      stopped = false;
      const tickInBackground = () => {
        tick().catch((err: unknown) => log.error({ err }, 'job tick failed'));
      };
      tickInBackground();
      timer = setInterval(tickInBackground, intervalSeconds * 1000);
      timer.unref();
      log.info({ instance, jobs: [...definitions.keys()] }, 'job runner started');
    },
    isStarted: () => timer !== undefined,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      // The run in progress finishes (graceful shutdown); no new one starts.
      while (running) await running.catch(() => undefined);
    },
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { calendarDateInZone, merchantTimeZone } from '@portico/contracts/subscriptions/schedule';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { clientConfigs } from '../../src/db/schema/clients';
import { paymentAttempts } from '../../src/db/schema/payment-attempts';
import { sandboxProcessorLedger } from '../../src/db/schema/sandbox-processor';
import { subscriptionCharges, subscriptions } from '../../src/db/schema/subscriptions';
import { transactions } from '../../src/db/schema/transactions';
import { type CrashTarget, crashTarget } from '../crash-target';
import { buildClient } from '../factories';
import { type RunningServer, untilReady } from '../server-process';
import { testDriver } from '../test-database';

// A process killed between the processor's answer and the commit never charges a
// cycle twice. The real server runs as a child process on a database that outlives it; its job
// runner charges the due series at start, and the fault point of lib/money-attempt.ts makes it
// SIGKILL itself right after the sandbox processor approved. The next start settles the charge from
// the processor's record; nothing is charged again.

let workDir: string;
let target: CrashTarget;
let seriesId: string;
const running: RunningServer[] = [];

// The job runner charges the due series at start.
function startServer(extraEnv: NodeJS.ProcessEnv): Promise<RunningServer> {
  return target.startServer({ JOBS: 'true', ...extraEnv });
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'portico-subscription-crash-'));
  target = await crashTarget(workDir, 'portico_sub_crash');
  await target.withDatabase(async (database) => {
    await runMigrations(database);
    const merchant = await buildClient(database.db, { name: 'Harbor Lane Coffee' });
    await database.db.insert(clientConfigs).values({ clientId: merchant.id, payment: 'fis' });
    // Due today in the merchant's zone, by the real clock the child server runs on.
    const today = calendarDateInZone(new Date(), merchantTimeZone);
    const [series] = await database.db
      .insert(subscriptions)
      .values({
        clientId: merchant.id,
        token: 'VISA-1111-12-2099',
        email: 'payer@example.com',
        amountCents: 4200,
        interval: 'weekly',
        startDate: today,
        nextChargeDate: today,
      })
      .returning({ id: subscriptions.id });
    if (!series) throw new Error('subscription insert returned nothing');
    seriesId = series.id;
  });
});

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  await target?.remove();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function stateOf(database: DatabaseHandle) {
  const attempts = await database.db
    .select({ id: paymentAttempts.id, state: paymentAttempts.state })
    .from(paymentAttempts)
    .where(sql`${paymentAttempts.context}->>'subscriptionId' = ${seriesId}`);
  const ledger = await database.db
    .select({ key: sandboxProcessorLedger.idempotencyKey, outcome: sandboxProcessorLedger.outcome })
    .from(sandboxProcessorLedger)
    .where(eq(sandboxProcessorLedger.amountCents, 4200));
  const charged = await database.db
    .select({ id: transactions.id, status: transactions.status })
    .from(transactions)
    .where(sql`${transactions.apiResponse}->>'subscription_id' = ${seriesId}`);
  const [series] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, seriesId));
  const cycles = await database.db
    .select({ status: subscriptionCharges.status, transactionId: subscriptionCharges.transactionId })
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, seriesId))
    .orderBy(subscriptionCharges.scheduledFor);
  return { attempts, ledger, charged, series, cycles };
}

describe(`a crash between the processor's answer and the commit of a scheduled charge (${testDriver})`, () => {
  it('is settled once at the next start; the cycle is never charged again', {
    timeout: 300_000,
  }, async () => {
    const crashing = await startServer({ PORTICO_CRASH_AFTER_PROCESSOR_ANSWER: '1' });
    running.push(crashing);
    // The job runner starts with the server and charges the due series; the fault point kills it.
    expect(await crashing.exited).toBe('SIGKILL');

    const before = await target.withDatabase(stateOf);
    // The processor charged; Portico holds only the pending attempt that says it asked.
    expect(before.ledger).toEqual([{ key: before.attempts[0]?.id, outcome: 'approved' }]);
    expect(before.attempts).toMatchObject([{ state: 'pending' }]);
    expect(before.charged).toEqual([]);
    expect(before.series?.cyclesCompleted).toBe(0);
    const dueDate = before.series?.nextChargeDate;

    // The next start reconciles before it serves, and its job runner runs the scheduler again.
    const restarted = await startServer({});
    running.push(restarted);
    await untilReady(restarted, target.logPath);
    restarted.child.kill('SIGTERM');
    await restarted.exited;
    const after = await target.withDatabase(stateOf);
    expect(after.attempts).toMatchObject([{ state: 'settled' }]);
    expect(after.ledger).toHaveLength(1);
    expect(after.charged).toMatchObject([{ status: 'Approved' }]);
    expect(after.series).toMatchObject({ isActive: true, cyclesCompleted: 1 });
    expect(after.series?.nextChargeDate).not.toBe(dueDate);
    expect(after.cycles[0]).toMatchObject({ status: 'succeeded', transactionId: after.charged[0]?.id });

    // A third start, whose scheduler run finds nothing due: still one charge at the processor.
    const third = await startServer({});
    running.push(third);
    await untilReady(third, target.logPath);
    third.child.kill('SIGTERM');
    await third.exited;
    const last = await target.withDatabase(stateOf);
    expect(last.ledger).toHaveLength(1);
    expect(last.charged).toHaveLength(1);
    expect(last.series?.cyclesCompleted).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorEnvelope } from '@portico/contracts/common/envelope';
import { RefundText } from '@portico/contracts/transactions/texts';
import { refundResponse } from '@portico/contracts/transactions/void-refund';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { paymentAttempts } from '../../src/db/schema/payment-attempts';
import { sandboxProcessorLedger } from '../../src/db/schema/sandbox-processor';
import { auditLog } from '../../src/db/schema/system';
import { transactions } from '../../src/db/schema/transactions';
import { defaultClientOf, sessionCookieFor } from '../auth-helpers';
import { type CrashTarget, crashTarget } from '../crash-target';
import { demo, seedDemoAccounts } from '../demo-data';
import { type RunningServer, untilReady } from '../server-process';
import { testDriver } from '../test-database';

// A crash between the processor's answer and the commit must neither lose the
// refund nor let a retry refund again. The real server runs as a child process on a database that
// outlives it (PGlite in a DATA_DIR, or a PostgreSQL database of its own); the fault point of
// lib/money-attempt.ts makes it SIGKILL itself right after the sandbox processor approved.

// /readyz answers only after the start-up reconcile (an onReady hook) ran.
async function startServer(extraEnv: NodeJS.ProcessEnv): Promise<RunningServer> {
  const server = await target.startServer(extraEnv);
  await untilReady(server, target.logPath);
  return server;
}

function refund(server: RunningServer, body: Record<string, unknown>, key: string) {
  return fetch(`${server.baseUrl}/api/refund`, {
    method: 'POST',
    // From the portal's own origin, as the browser sends it (unsafe requests must be same-origin).
    headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
}

let workDir: string;
let target: CrashTarget;
let cookie: string;
let paymentId: string;
const running: RunningServer[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'portico-money-crash-'));
  target = await crashTarget(workDir, 'portico_crash');
  await target.withDatabase(async (database) => {
    await runMigrations(database);
    await seedDemoAccounts(database);
    cookie = await sessionCookieFor(database.db, demo.owner);
    const [payment] = await database.db
      .insert(transactions)
      .values({
        clientId: await defaultClientOf(database.db, demo.owner),
        type: 'card',
        action: 'sale',
        actionMode: 'charge',
        amountCents: 10_000,
        paymentStatus: true,
        requestStatus: true,
        status: 'Approved',
        processor: 'fis',
        paymentMethod: 'card',
        last4: '1111',
        token: 'VISA-1111-12-2030',
        // Three days back: refundable, no longer voidable.
        createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
      })
      .returning({ id: transactions.id });
    if (!payment) throw new Error('payment insert returned nothing');
    paymentId = payment.id;
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

function undoRowsOf(database: DatabaseHandle) {
  return database.db
    .select()
    .from(transactions)
    .where(eq(transactions.originalTransactionId, paymentId))
    .orderBy(asc(transactions.amountCents));
}

function ledgerOf(database: DatabaseHandle) {
  return database.db
    .select()
    .from(sandboxProcessorLedger)
    .where(eq(sandboxProcessorLedger.transactionId, paymentId))
    .orderBy(asc(sandboxProcessorLedger.amountCents));
}

function attemptsOf(database: DatabaseHandle) {
  return database.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.transactionId, paymentId))
    .orderBy(asc(paymentAttempts.amountCents));
}

describe(`a crash between the processor's answer and the commit (${testDriver})`, () => {
  it('settles the refund once at the next start; the retry replays it; the rest is still refundable', {
    timeout: 300_000,
  }, async () => {
    const key = `crash-${randomUUID()}`;
    const crashing = await startServer({ PORTICO_CRASH_AFTER_PROCESSOR_ANSWER: '1' });
    running.push(crashing);
    // The server dies with the request in flight: the caller never hears an answer.
    await expect(refund(crashing, { id: paymentId, amount: '60.00' }, key)).rejects.toThrow();
    expect(await crashing.exited).toBe('SIGKILL');

    // The processor refunded; Portico holds only the pending attempt that says it asked.
    const [pendingAttempt] = await target.withDatabase(async (database) => {
      expect(await undoRowsOf(database)).toEqual([]);
      expect(await ledgerOf(database)).toMatchObject([
        { operation: 'refund', amountCents: 6_000, outcome: 'approved' },
      ]);
      const attempts = await attemptsOf(database);
      expect(attempts).toMatchObject([{ state: 'pending', amountCents: 6_000, idempotencyKey: key }]);
      return attempts;
    });
    expect((await target.withDatabase(ledgerOf))[0]?.idempotencyKey).toBe(pendingAttempt?.id);

    // The next start reconciles before it serves: the refund is booked once, from the processor's answer.
    const reconciling = await startServer({});
    running.push(reconciling);
    reconciling.child.kill('SIGTERM');
    await reconciling.exited;
    await target.withDatabase(async (database) => {
      expect(await undoRowsOf(database)).toMatchObject([{ type: 'refund', amountCents: 6_000 }]);
      expect(await attemptsOf(database)).toMatchObject([{ state: 'settled', amountCents: 6_000 }]);
      expect(await ledgerOf(database)).toHaveLength(1);
    });

    const restarted = await startServer({});
    running.push(restarted);
    // The same request again: the refund the reconcile booked, replayed; nothing moves.
    const retry = await refund(restarted, { id: paymentId, amount: '60.00' }, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const retried = refundResponse.parse(await retry.json());
    expect(retried.message).toMatchObject({
      original_transaction_id: paymentId,
      type: 'refund',
      amount: '60.00',
    });
    // What is left can still be refunded, and no more.
    const rest = await refund(restarted, { id: paymentId }, `rest-${randomUUID()}`);
    expect(rest.status).toBe(200);
    expect(refundResponse.parse(await rest.json()).message.amount).toBe('40.00');
    const beyond = await refund(restarted, { id: paymentId, amount: '0.01' }, `beyond-${randomUUID()}`);
    expect(beyond.status).toBe(422);
    expect(errorEnvelope.parse(await beyond.json()).error.message).toBe(
      RefundText.GreaterThanTransactionAmount,
    );
    restarted.child.kill('SIGTERM');
    await restarted.exited;

    await target.withDatabase(async (database) => {
      const rows = await undoRowsOf(database);
      expect(rows.map((row) => [row.type, row.amountCents])).toEqual([
        ['refund', 4_000],
        ['refund', 6_000],
      ]);
      expect(rows[1]?.id).toBe(retried.message.id);
      // One processor refund per attempt: 60.00 once, and the 40.00 of the fresh request.
      expect((await ledgerOf(database)).map((entry) => [entry.operation, entry.amountCents])).toEqual([
        ['refund', 4_000],
        ['refund', 6_000],
      ]);
      expect((await attemptsOf(database)).map((attempt) => [attempt.state, attempt.amountCents])).toEqual([
        ['settled', 4_000],
        ['settled', 6_000],
      ]);
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, paymentId), eq(auditLog.outcome, 'success')))
        .orderBy(asc(auditLog.createdAt));
      expect(audit.map((entry) => [entry.action, entry.actorEmail, entry.details?.amount])).toEqual([
        ['refund', demo.owner, '60.00'],
        ['refund', demo.owner, '40.00'],
      ]);
    });
  });
});

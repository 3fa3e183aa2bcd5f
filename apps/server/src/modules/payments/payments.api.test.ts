import { randomUUID } from 'node:crypto';
import { processorAuditReadOnlyText } from '@portico/contracts/access/processor-audit';
import { RefundText } from '@portico/contracts/transactions/texts';
import { VoidRefundRefusalText } from '@portico/contracts/transactions/void-refund';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClientOf, sessionCookieFor } from '../../../test/auth-helpers';
import { testConfig } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment } from '../../../test/factories';
import { openTestDatabase, testDriver } from '../../../test/test-database';
import { type App, buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { userSubEntities } from '../../db/schema/access';
import { paymentAttempts } from '../../db/schema/payment-attempts';
import { sandboxProcessorLedger } from '../../db/schema/sandbox-processor';
import { auditLog } from '../../db/schema/system';
import { transactions } from '../../db/schema/transactions';
import { users } from '../../db/schema/users';
import type { ProcessorDirectory, ProcessorName } from '../../integrations/processors/processor-gateway';
import { createSandboxProcessorDirectory } from '../../integrations/processors/sandbox-processor';
import { reconcilePendingAttempts } from '../../lib/money-attempt';
import { moneyOperationsOf, PaymentsText } from './payments.service';

// Noon Eastern (EDT, UTC-4) on 15 June 2026: the void window is 04:00Z on the 15th to 04:00Z on the 16th.
const now = new Date('2026-06-15T16:00:00.000Z');
const earlierToday = new Date('2026-06-15T14:00:00.000Z');
const yesterday = new Date('2026-06-14T14:00:00.000Z');
// 23:30 on the 14th in New York although already the 15th in UTC: a refund, not a void.
const lateLastNightEastern = new Date('2026-06-15T03:30:00.000Z');

let database: DatabaseHandle;
let app: App;
let harborLaneId: string;
let copperKettleId: string;
const accounts = {
  owner: demo.owner,
  barista: demo.barista,
  admin: demo.admin,
  audit: demo.audit,
  healnow: demo.healnow,
  copper: demo.copperOwner,
} as const;
type Account = keyof typeof accounts;
const cookies = new Map<Account, string>();

function as(account: Account): string {
  const cookie = cookies.get(account);
  if (!cookie) throw new Error(`no session for ${account}`);
  return cookie;
}

beforeAll(async () => {
  database = await openTestDatabase({ demoAccounts: true });
  app = await buildApp({ config: testConfig(), database, logger: false, now: () => now });
  await app.ready();
  harborLaneId = await defaultClientOf(app.db, demo.owner);
  copperKettleId = await defaultClientOf(app.db, demo.copperOwner);
  for (const account of ['owner', 'barista', 'admin', 'audit', 'healnow', 'copper'] as const) {
    cookies.set(account, await sessionCookieFor(app.db, accounts[account]));
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type TransactionInsert = typeof transactions.$inferInsert;

function buildPayment(overrides: Partial<TransactionInsert> = {}) {
  return buildCardPayment(app.db, { clientId: harborLaneId, createdAt: yesterday, ...overrides });
}

function post(
  path: '/api/void' | '/api/refund',
  as: string,
  payload: Record<string, unknown>,
  key: string | null = randomUUID(),
  target: App = app,
) {
  return target.inject({
    method: 'POST',
    url: path,
    headers: { cookie: as, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload,
  });
}

async function undoRowsOf(originalId: string) {
  return app.db
    .select()
    .from(transactions)
    .where(eq(transactions.originalTransactionId, originalId))
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
}

async function auditOf(originalId: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'transaction'), eq(auditLog.targetId, originalId)))
    .orderBy(asc(auditLog.createdAt));
}

describe('POST /api/void', () => {
  it('voids a transaction of today as a void row linked to it; the original is then not voidable', async () => {
    const id = await buildPayment({ createdAt: earlierToday, amountCents: 4_223 });
    const res = await post('/api/void', as('owner'), { id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: true,
      message: {
        id: expect.any(String),
        original_transaction_id: id,
        type: 'void',
        amount: '42.23',
        created_at: now.toISOString(),
      },
    });

    const rows = await undoRowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.message.id,
      type: 'void',
      actionMode: 'void',
      amountCents: 4_223,
      clientId: harborLaneId,
      paymentStatus: true,
      feeCents: 0,
      last4: '1111',
      processor: 'fis',
    });
    expect(rows[0]?.apiResponse).toMatchObject({
      original_transaction_id: id,
      token: 'VISA-1111-12-2030',
      processor_reference: expect.stringMatching(/^SBX-FIS-/),
    });

    const again = await post('/api/void', as('owner'), { id });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(PaymentsText.AlreadyUndone);
    // A same-day transaction is voided, never refunded.
    const refund = await post('/api/refund', as('owner'), { id });
    expect(refund.statusCode).toBe(422);
    expect(refund.json().error).toMatchObject({
      code: 'STILL_VOIDABLE',
      message: VoidRefundRefusalText.still_voidable,
    });
    expect(await undoRowsOf(id)).toHaveLength(1);

    const audit = await auditOf(id);
    expect(audit[0]).toMatchObject({
      action: 'void',
      outcome: 'success',
      actorEmail: demo.owner,
      clientId: harborLaneId,
      details: expect.objectContaining({ amount: '42.23', void_transaction_id: body.message.id }),
    });
  });

  it('refuses a transaction of an earlier Eastern day, also when it is still the same day in UTC', async () => {
    for (const createdAt of [yesterday, lateLastNightEastern]) {
      const id = await buildPayment({ createdAt });
      const res = await post('/api/void', as('owner'), { id });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'VOID_WINDOW_PASSED',
        message: VoidRefundRefusalText.void_window_passed,
      });
      expect(await undoRowsOf(id)).toHaveLength(0);
    }
  });

  it('refuses failed payments and undo records', async () => {
    const failed = await buildPayment({ createdAt: earlierToday, paymentStatus: false, status: 'Declined' });
    expect((await post('/api/void', as('owner'), { id: failed })).json().error.message).toBe(
      VoidRefundRefusalText.payment_failed,
    );
    const refundRow = await buildPayment({ createdAt: earlierToday, type: 'refund', actionMode: 'refund' });
    expect((await post('/api/void', as('owner'), { id: refundRow })).json().error.message).toBe(
      VoidRefundRefusalText.already_an_undo,
    );
  });
});

describe('POST /api/refund', () => {
  it('refunds in parts and never beyond the amount', async () => {
    const id = await buildPayment({ amountCents: 10_000 });
    const partial = await post('/api/refund', as('owner'), { id, amount: '60.00' });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().message).toMatchObject({
      type: 'refund',
      amount: '60.00',
      original_transaction_id: id,
    });

    const beyond = await post('/api/refund', as('owner'), { id, amount: '40.01' });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().error).toEqual({
      code: 'REFUND_GREATER_THAN_AMOUNT',
      message: RefundText.GreaterThanTransactionAmount,
    });
    expect(await undoRowsOf(id)).toHaveLength(1);

    // Without an amount the refund is full: what is left.
    const rest = await post('/api/refund', as('owner'), { id });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().message.amount).toBe('40.00');
    const nothingLeft = await post('/api/refund', as('owner'), { id });
    expect(nothingLeft.statusCode).toBe(422);
    expect(nothingLeft.json().error.message).toBe(RefundText.GreaterThanTransactionAmount);

    const rows = await undoRowsOf(id);
    // The fixed clock gives both the same time: compare them by amount.
    expect(rows.map((row) => [row.type, row.actionMode, row.amountCents]).sort()).toEqual([
      ['refund', 'refund', 4_000],
      ['refund', 'refund', 6_000],
    ]);
    const audit = await auditOf(id);
    expect(audit.map((entry) => [entry.action, entry.outcome, entry.details?.amount])).toEqual([
      ['refund', 'success', '60.00'],
      ['refund', 'failure', '40.01'],
      ['refund', 'success', '40.00'],
      // A full refund of nothing left has no amount to name.
      ['refund', 'failure', undefined],
    ]);
    expect(audit[3]?.details).toMatchObject({ code: 'REFUND_GREATER_THAN_AMOUNT', is_full: true });
  });

  it('refunds an ACH debit as an ACH refund (credit)', async () => {
    const id = await buildPayment({
      type: 'ach',
      paymentMethod: 'check',
      processor: 'xpress',
      amountCents: 2_500,
    });
    const res = await post('/api/refund', as('owner'), { id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ type: 'ach_refund', amount: '25.00' });
    expect((await undoRowsOf(id))[0]).toMatchObject({ type: 'ach_refund', actionMode: 'credit' });
  });

  it('refunds a transaction of late last night Eastern time although it is the same UTC day', async () => {
    const id = await buildPayment({ createdAt: lateLastNightEastern });
    expect((await post('/api/refund', as('owner'), { id, amount: '1.00' })).statusCode).toBe(200);
  });

  it('validates the amount and requires the Idempotency-Key header', async () => {
    const id = await buildPayment();
    expect((await post('/api/refund', as('owner'), { id, amount: '0.00' })).statusCode).toBe(400);
    expect((await post('/api/refund', as('owner'), { id, amount: '1.234' })).statusCode).toBe(400);
    const noKey = await post('/api/refund', as('owner'), { id }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.issues).toEqual([
      { path: 'headers.idempotency-key', message: 'The Idempotency-Key header is required' },
    ]);
    expect((await post('/api/refund', as('owner'), { id }, 'short')).statusCode).toBe(400);
    expect(await undoRowsOf(id)).toHaveLength(0);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, and records one refund', async () => {
    const id = await buildPayment();
    const key = `refund-${randomUUID()}`;
    const first = await post('/api/refund', as('owner'), { id, amount: '10.00' }, key);
    const second = await post('/api/refund', as('owner'), { id, amount: '10.00' }, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await undoRowsOf(id)).toHaveLength(1);

    const otherBody = await post('/api/refund', as('owner'), { id, amount: '11.00' }, key);
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await undoRowsOf(id)).toHaveLength(1);
  });
});

describe('who may void and refund', () => {
  it('refuses a merchant user of another merchant as for any foreign merchant, and audits it', async () => {
    const id = await buildPayment();
    const res = await post('/api/refund', as('copper'), { id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: PaymentsText.MerchantOutOfReach });
    expect(await undoRowsOf(id)).toHaveLength(0);
    expect(await auditOf(id)).toMatchObject([
      { action: 'refund', outcome: 'denied', actorEmail: demo.copperOwner, clientId: harborLaneId },
    ]);
  });

  it('refuses a user whose role lacks the refund or void right on an RBAC merchant', async () => {
    // At the barista's own location, so only the role's rights decide.
    const [location] = await app.db
      .select({ id: userSubEntities.subEntityId })
      .from(userSubEntities)
      .innerJoin(users, eq(users.id, userSubEntities.userId))
      .where(eq(users.email, demo.barista));
    const subEntityId = location?.id ?? null;
    const old = await buildPayment({ subEntityId });
    const refused = await post('/api/refund', as('barista'), { id: old });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'MISSING_PERMISSION',
      message: VoidRefundRefusalText.missing_permission,
    });
    const today = await buildPayment({ createdAt: earlierToday, subEntityId });
    expect((await post('/api/void', as('barista'), { id: today })).statusCode).toBe(403);
    expect(await undoRowsOf(old)).toHaveLength(0);
    expect(await undoRowsOf(today)).toHaveLength(0);
  });

  it('refunds freely on a merchant that does not restrict by permissions', async () => {
    // Copper Kettle's Manager role has no Refund Card, but RBAC is off there.
    const id = await buildPayment({ clientId: copperKettleId });
    const res = await post('/api/refund', as('copper'), { id, amount: '5.00' });
    expect(res.statusCode).toBe(200);
  });

  it('lets admin act on any merchant; a missing id is a 404 for admin and a 403 for others', async () => {
    const id = await buildPayment({ clientId: copperKettleId });
    expect((await post('/api/refund', as('admin'), { id, amount: '1.00' })).statusCode).toBe(200);
    const missing = randomUUID();
    const forAdmin = await post('/api/refund', as('admin'), { id: missing });
    expect(forAdmin.statusCode).toBe(404);
    expect(forAdmin.json().error.message).toBe(PaymentsText.TransactionNotFound);
    expect((await post('/api/refund', as('owner'), { id: missing })).statusCode).toBe(403);
  });

  it('refuses processor-audit users and roles outside the report', async () => {
    const id = await buildPayment();
    const audit = await post('/api/refund', as('audit'), { id });
    expect(audit.statusCode).toBe(403);
    expect(audit.json().error.message).toBe(processorAuditReadOnlyText);
    expect((await post('/api/refund', as('healnow'), { id })).statusCode).toBe(403);
    expect(await undoRowsOf(id)).toHaveLength(0);
  });
});

describe('the processor', () => {
  it('stores nothing but the audit entry when the sandbox declines (amounts ending in .13)', async () => {
    const id = await buildPayment();
    const key = `declined-${randomUUID()}`;
    const res = await post('/api/refund', as('owner'), { id, amount: '10.13' }, key);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'PROCESSOR_DECLINED',
      message: PaymentsText.RefundDeclined,
    });
    expect(await undoRowsOf(id)).toHaveLength(0);
    expect(await auditOf(id)).toMatchObject([
      {
        action: 'refund',
        outcome: 'failure',
        details: expect.objectContaining({
          amount: '10.13',
          code: 'PROCESSOR_DECLINED',
          processor: 'fis',
          processor_reference: expect.stringMatching(/^SBX-FIS-/),
        }),
      },
    ]);
    // The declined attempt released its key: the retry asks the processor again.
    const retry = await post('/api/refund', as('owner'), { id, amount: '10.13' }, key);
    expect(retry.statusCode).toBe(422);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await auditOf(id)).toHaveLength(2);

    const today = await buildPayment({ createdAt: earlierToday, amountCents: 5_013 });
    const voidRes = await post('/api/void', as('owner'), { id: today });
    expect(voidRes.json().error.message).toBe(PaymentsText.VoidDeclined);
    expect(await undoRowsOf(today)).toHaveLength(0);
  });

  it('asks the gateway of the processor that took the payment, and stores nothing when it fails', async () => {
    const asked: (ProcessorName | null)[] = [];
    const failing: ProcessorDirectory = {
      gatewayFor(processor) {
        asked.push(processor);
        return {
          name: processor ?? 'none',
          void: async () => {
            throw new Error('connection reset');
          },
          refund: async () => {
            throw new Error('connection reset');
          },
          // The reset came before the request arrived: the processor never saw the key.
          lookup: async () => null,
        };
      },
    };
    const other = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      now: () => now,
      processors: failing,
    });
    await other.ready();
    try {
      const id = await buildPayment({ processor: 'propay' });
      const res = await post('/api/refund', as('owner'), { id }, randomUUID(), other);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(PaymentsText.ProcessorUnavailable);
      // Asked to refund, then whether the refund arrived: the same gateway each time.
      expect(new Set(asked)).toEqual(new Set(['propay']));
      expect(await undoRowsOf(id)).toHaveLength(0);
      expect(await auditOf(id)).toMatchObject([
        { outcome: 'failure', details: expect.objectContaining({ code: 'PROCESSOR_UNAVAILABLE' }) },
      ]);
    } finally {
      await other.close();
    }
  });
});

// Holds each processor call until a second one arrives (or 300 ms pass): without the row lock both
// requests would reach the processor together and both refund; with it the second waits at the lock.
function rendezvousDirectory(): ProcessorDirectory {
  const sandbox = createSandboxProcessorDirectory(app.db);
  let arrivals = 0;
  const wake: (() => void)[] = [];
  const meet = async () => {
    arrivals += 1;
    if (arrivals >= 2) for (const resume of wake.splice(0)) resume();
    else
      await new Promise<void>((resolve) => {
        wake.push(resolve);
        setTimeout(resolve, 300);
      });
  };
  return {
    gatewayFor(processor) {
      const gateway = sandbox.gatewayFor(processor);
      return {
        name: gateway.name,
        void: async (transaction, key) => {
          await meet();
          return gateway.void(transaction, key);
        },
        refund: async (transaction, amountCents, key) => {
          await meet();
          return gateway.refund(transaction, amountCents, key);
        },
        lookup: (key) => gateway.lookup(key),
      };
    },
  };
}

describe(`concurrent refunds (${testDriver})`, () => {
  // On PostgreSQL the requests run on separate connections and meet at the row lock; PGlite has one
  // connection and runs the transactions one after the other, which must give the same answer.
  it('lets exactly one of two full refunds with different keys succeed', async () => {
    const racing = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      now: () => now,
      processors: rendezvousDirectory(),
    });
    await racing.ready();
    const id = await buildPayment({ amountCents: 7_500 });
    const answers = await Promise.all([
      post('/api/refund', as('owner'), { id }, randomUUID(), racing),
      post('/api/refund', as('owner'), { id }, randomUUID(), racing),
    ]).finally(() => racing.close());
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((res) => res.statusCode === 422);
    expect(refused?.json().error.message).toBe(RefundText.GreaterThanTransactionAmount);
    const rows = await undoRowsOf(id);
    expect(rows.map((row) => row.amountCents)).toEqual([7_500]);
  });

  it('never lets partial refunds together exceed the amount', async () => {
    const id = await buildPayment({ amountCents: 10_000 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/refund', as('owner'), { id, amount: '30.00' })),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 422)).toHaveLength(2);
    const rows = await undoRowsOf(id);
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(9_000);
  });

  it('lets exactly one of two voids of the same transaction through', async () => {
    const id = await buildPayment({ createdAt: earlierToday });
    const answers = await Promise.all([
      post('/api/void', as('owner'), { id }),
      post('/api/void', as('owner'), { id }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    expect(await undoRowsOf(id)).toHaveLength(1);
  });
});

// A sandbox whose refunds wait at a gate the test opens, before or after the processor has booked
// them, so a second request can arrive while the first one's attempt is pending.
function gatedDirectory(when: 'before_processor' | 'after_processor') {
  const sandbox = createSandboxProcessorDirectory(app.db);
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let reached: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const directory: ProcessorDirectory = {
    gatewayFor(processor) {
      const gateway = sandbox.gatewayFor(processor);
      return {
        ...gateway,
        refund: async (transaction, amountCents, key) => {
          if (when === 'after_processor') {
            const answer = await gateway.refund(transaction, amountCents, key);
            reached();
            await gate;
            return answer;
          }
          reached();
          await gate;
          return gateway.refund(transaction, amountCents, key);
        },
      };
    },
  };
  return { directory, arrived, open };
}

// The processor books the refund (or declines it) but its answer is lost, and it cannot be asked
// again: the attempt stays pending, as after a crash.
function lostAnswerDirectory(reachesProcessor: boolean): ProcessorDirectory {
  const sandbox = createSandboxProcessorDirectory(app.db);
  return {
    gatewayFor(processor) {
      const gateway = sandbox.gatewayFor(processor);
      return {
        ...gateway,
        refund: async (transaction, amountCents, key) => {
          if (reachesProcessor) await gateway.refund(transaction, amountCents, key);
          throw new Error('connection reset');
        },
        lookup: async () => {
          throw new Error('connection refused');
        },
      };
    },
  };
}

async function appWith(processors: ProcessorDirectory) {
  const other = await buildApp({ config: testConfig(), database, logger: false, now: () => now, processors });
  await other.ready();
  return other;
}

async function attemptsOf(originalId: string) {
  return app.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.transactionId, originalId))
    .orderBy(asc(paymentAttempts.createdAt));
}

async function ledgerOf(originalId: string) {
  return app.db
    .select()
    .from(sandboxProcessorLedger)
    .where(eq(sandboxProcessorLedger.transactionId, originalId));
}

function reconcile(unknownAfterSeconds = 120) {
  const deps = { db: app.db, processors: createSandboxProcessorDirectory(app.db), now: () => now };
  return reconcilePendingAttempts(app.db, moneyOperationsOf(deps), { unknownAfterSeconds });
}

describe('money attempts: the processor is asked outside the transaction', () => {
  it('answers a retry of a key not yet at the processor with 409 in flight, and refunds once', async () => {
    const gated = gatedDirectory('before_processor');
    const gatedApp = await appWith(gated.directory);
    try {
      const id = await buildPayment();
      const key = `pending-${randomUUID()}`;
      const first = post('/api/refund', as('owner'), { id, amount: '25.00' }, key, gatedApp);
      await gated.arrived;
      // The amount is held while the processor is asked: another refund sees only what is left.
      expect(await attemptsOf(id)).toMatchObject([{ state: 'pending', amountCents: 2_500 }]);
      const tooMuch = await post('/api/refund', as('owner'), { id, amount: '75.01' });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json().error.message).toBe(RefundText.GreaterThanTransactionAmount);

      const retry = await post('/api/refund', as('owner'), { id, amount: '25.00' }, key);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error.code).toBe('IDEMPOTENT_REQUEST_IN_FLIGHT');
      const otherBody = await post('/api/refund', as('owner'), { id, amount: '26.00' }, key);
      expect(otherBody.statusCode).toBe(409);
      expect(otherBody.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

      gated.open();
      const settled = await first;
      expect(settled.statusCode).toBe(200);
      const replay = await post('/api/refund', as('owner'), { id, amount: '25.00' }, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(settled.json());
      expect((await undoRowsOf(id)).map((row) => row.amountCents)).toEqual([2_500]);
      expect(await ledgerOf(id)).toHaveLength(1);
    } finally {
      gated.open();
      await gatedApp.close();
    }
  });

  it('settles from the processor a retry that arrives after its answer and before its commit', async () => {
    const gated = gatedDirectory('after_processor');
    const gatedApp = await appWith(gated.directory);
    try {
      const id = await buildPayment();
      const key = `answered-${randomUUID()}`;
      const first = post('/api/refund', as('owner'), { id, amount: '30.00' }, key, gatedApp);
      await gated.arrived;
      // The retry asks the processor what became of the key and books that: no second refund.
      const retry = await post('/api/refund', as('owner'), { id, amount: '30.00' }, key);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().message).toMatchObject({ amount: '30.00', original_transaction_id: id });
      gated.open();
      const original = await first;
      expect(original.statusCode).toBe(200);
      expect(original.json()).toEqual(retry.json());
      expect((await undoRowsOf(id)).map((row) => row.amountCents)).toEqual([3_000]);
      expect(await ledgerOf(id)).toHaveLength(1);
      expect((await attemptsOf(id)).map((attempt) => attempt.state)).toEqual(['settled']);
      const audit = await auditOf(id);
      expect(audit.map((entry) => [entry.outcome, entry.details?.amount])).toEqual([['success', '30.00']]);
    } finally {
      gated.open();
      await gatedApp.close();
    }
  });
});

describe('money attempts: reconcile', () => {
  it('books at start-up a refund the processor approved but the server never recorded, once', async () => {
    const lost = await appWith(lostAnswerDirectory(true));
    const id = await buildPayment({ amountCents: 8_000 });
    const key = `lost-${randomUUID()}`;
    try {
      const res = await post('/api/refund', as('owner'), { id, amount: '50.00' }, key, lost);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(PaymentsText.ProcessorUnavailable);
    } finally {
      await lost.close();
    }
    expect(await undoRowsOf(id)).toHaveLength(0);
    expect(await attemptsOf(id)).toMatchObject([{ state: 'pending', amountCents: 5_000 }]);
    expect(await ledgerOf(id)).toMatchObject([{ outcome: 'approved', amountCents: 5_000 }]);

    // A start of the server (its onReady hook) reconciles; a second reconcile beside it finds nothing.
    const [restarted, again] = await Promise.all([
      appWith(createSandboxProcessorDirectory(app.db)),
      reconcile(),
    ]);
    await restarted.close();
    expect(again.failed).toBe(0);
    expect(await reconcile()).toEqual({ settled: 0, failed: 0, stillPending: 0 });
    const rows = await undoRowsOf(id);
    expect(rows.map((row) => row.amountCents)).toEqual([5_000]);
    expect(await attemptsOf(id)).toMatchObject([{ state: 'settled', resultTransactionId: rows[0]?.id }]);
    expect(await ledgerOf(id)).toHaveLength(1);
    expect(
      (await auditOf(id)).map((entry) => [entry.outcome, entry.actorEmail, entry.details?.amount]),
    ).toEqual([
      ['failure', demo.owner, '50.00'],
      ['success', demo.owner, '50.00'],
    ]);
    // The caller's retry gets the booked refund.
    const retry = await post('/api/refund', as('owner'), { id, amount: '50.00' }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message).toMatchObject({ id: rows[0]?.id, amount: '50.00' });
    expect(await undoRowsOf(id)).toHaveLength(1);
  });

  it('fails a declined attempt and, once it is old enough, one the processor never received', async () => {
    const declinedApp = await appWith(lostAnswerDirectory(true));
    const unknownApp = await appWith(lostAnswerDirectory(false));
    const declinedId = await buildPayment();
    const unknownId = await buildPayment();
    const unknownKey = `unknown-${randomUUID()}`;
    try {
      expect(
        (await post('/api/refund', as('owner'), { id: declinedId, amount: '10.13' }, undefined, declinedApp))
          .statusCode,
      ).toBe(503);
      expect(
        (await post('/api/refund', as('owner'), { id: unknownId, amount: '10.00' }, unknownKey, unknownApp))
          .statusCode,
      ).toBe(503);
    } finally {
      await declinedApp.close();
      await unknownApp.close();
    }

    // The unknown one may still be on its way to the processor from another instance: it waits.
    expect(await reconcile()).toEqual({ settled: 0, failed: 1, stillPending: 1 });
    expect(await attemptsOf(declinedId)).toMatchObject([
      { state: 'failed', processorReference: expect.stringMatching(/^SBX-FIS-/) },
    ]);
    expect((await auditOf(declinedId)).at(-1)).toMatchObject({
      outcome: 'failure',
      details: expect.objectContaining({ code: 'PROCESSOR_DECLINED', amount: '10.13' }),
    });
    expect(await attemptsOf(unknownId)).toMatchObject([{ state: 'pending' }]);

    expect(await reconcile(0)).toEqual({ settled: 0, failed: 1, stillPending: 0 });
    expect(await attemptsOf(unknownId)).toMatchObject([{ state: 'failed', processorReference: null }]);
    expect(await undoRowsOf(unknownId)).toHaveLength(0);
    // Its key is free again: the retry refunds afresh.
    const retry = await post('/api/refund', as('owner'), { id: unknownId, amount: '10.00' }, unknownKey);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await ledgerOf(unknownId)).toHaveLength(1);
  });
});

describe('money attempts: a retry of an attempt that never reached the processor', () => {
  it('waits (409) while the call may still be on its way, then fails the attempt and refunds afresh', async () => {
    const unknownApp = await appWith(lostAnswerDirectory(false));
    const id = await buildPayment();
    const key = `stuck-${randomUUID()}`;
    try {
      const res = await post('/api/refund', as('owner'), { id, amount: '12.00' }, key, unknownApp);
      expect(res.statusCode).toBe(503);
    } finally {
      await unknownApp.close();
    }
    const early = await post('/api/refund', as('owner'), { id, amount: '12.00' }, key);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('IDEMPOTENT_REQUEST_IN_FLIGHT');

    // Older than any call can take (the database's clock decides, as for every instance).
    await app.db
      .update(paymentAttempts)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(paymentAttempts.transactionId, id));
    const late = await post('/api/refund', as('owner'), { id, amount: '12.00' }, key);
    expect(late.statusCode).toBe(200);
    expect(late.json().message).toMatchObject({ amount: '12.00', original_transaction_id: id });
    expect((await attemptsOf(id)).map((attempt) => attempt.state)).toEqual(['failed', 'settled']);
    expect((await undoRowsOf(id)).map((row) => row.amountCents)).toEqual([1_200]);
    expect(await ledgerOf(id)).toHaveLength(1);
  });
});

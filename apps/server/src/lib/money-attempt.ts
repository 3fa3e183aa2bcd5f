import { randomUUID } from 'node:crypto';
import { and, asc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../db/client';
import { queryRowsNamed, shapedStatements } from '../db/named-statement';
import { paymentAttempts } from '../db/schema/payment-attempts';
import type { SqlRow } from '../db/sql-rows';
import type { ChargeGateway, GatewayAnswer } from '../integrations/processors/processor-gateway';
import type { AppError } from './app-error';
import { isDivisionByZero, isUniqueViolationOf } from './database-errors';
import {
  assertIdempotencyKey,
  claimIdempotencyKey,
  type IdempotentRequest,
  type IdempotentResult,
  idempotentRequestInFlight,
  releaseIdempotencyKey,
  requestHash,
  saveIdempotentAnswer,
  storedIdempotentAnswer,
} from './idempotency';

// Every call that moves money at a processor (voids and refunds; later charges, subscription charges,
// bill payments, device orders) goes through here, in three steps, so that no crash can leave money
// moved with no record, or a key free for a retry that moves it again:
//  1. one short transaction claims the Idempotency-Key, checks the rules under lock and records a
//     pending attempt (its amount counts as spent from then on);
//  2. the processor is asked outside any transaction, with the attempt's id as its idempotency key;
//  3. a second transaction settles the attempt (the operation's own row, audit, the stored answer)
//     or marks it failed and releases the key.
// A pending attempt left by a crash is settled from the processor's own record of the key: by a
// retry with the same Idempotency-Key, or by the start-up reconcile.
// Fewer round trips, for speed (the charge uses both): runMoneyAttemptClaimedAtOnce makes step 1
// one statement after the checks, and an operation's prepareSettle makes step 3 one statement. Each
// statement commits alone, so the steps stay apart exactly as the transactions were. Both are sent
// by name (db/named-statement.ts): planning them cost more than running them.

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;
export type ApprovedAnswer = Extract<GatewayAnswer, { outcome: 'approved' }>;

// What the checks of step 1 decided: the attempt to record.
export type AttemptPlan = {
  transactionId: string | null;
  clientId: string | null;
  amountCents: number;
  processor: string;
  // Whatever settling needs later, possibly in another process: who asked, from where, the facts.
  context: Record<string, unknown>;
  // What may be paid only once (a one-time payment link's identity): the attempt holds it while
  // pending or settled, and recording a second live attempt on it fails (isOnceKeyTaken); a failed
  // attempt lets it go.
  onceKey?: string | null;
};

// One money-moving operation (void, refund, ...), as the steps above and the reconcile need it.
export type MoneyOperation<T> = {
  responseSchema: z.ZodType<T>;
  // Asks the processor to move the money, passing attempt.id as the idempotency key.
  call(attempt: PaymentAttempt): Promise<GatewayAnswer>;
  // The processor's answer to attempt.id; null when it never received it.
  lookup(attempt: PaymentAttempt): Promise<GatewayAnswer | null>;
  // Books an approval in the settling transaction: the operation's row and its audit entry.
  settle(
    tx: Tx,
    attempt: PaymentAttempt,
    answer: ApprovedAnswer,
  ): Promise<{ status: number; body: T; resultTransactionId: string | null }>;
  // Optional, for speed: started beside the processor call, it reads what settling needs and answers
  // how to book an approval in ONE statement (no BEGIN/COMMIT round trips), or null for settle().
  prepareSettle?(
    attempt: PaymentAttempt,
  ): Promise<((answer: ApprovedAnswer) => OneStatementSettle<T>) | null>;
  // The error a caller sees for a failed attempt (declined, or the processor never reached).
  failureOf(attempt: PaymentAttempt): AppError;
  // Audits a failed attempt in the transaction that marks it failed.
  recordFailure(tx: Tx, attempt: PaymentAttempt, error: AppError): Promise<void>;
};

// The one MoneyOperation of a charge through the charge gateway (the payment frame, subscription
// cycles, bill payments, device orders): the gateway is asked with the attempt's id as its key and
// read back by it; what differs is what is charged, the caller's errors, and the settle step.
export function gatewayChargeOperation<T>(spec: {
  gateway: ChargeGateway;
  responseSchema: z.ZodType<T>;
  // What the gateway charges, from the attempt (its amount is the attempt's).
  chargeOf(attempt: PaymentAttempt): { processorName: string; transactionId: string; token: string };
  // The processor could not be reached (no answer, or its record unreadable).
  unavailable(): AppError;
  declined(attempt: PaymentAttempt): AppError;
  settle: MoneyOperation<T>['settle'];
  prepareSettle?: MoneyOperation<T>['prepareSettle'];
  recordFailure: MoneyOperation<T>['recordFailure'];
}): MoneyOperation<T> {
  const ask = async <A>(call: () => Promise<A>): Promise<A> => {
    try {
      return await call();
    } catch {
      throw spec.unavailable();
    }
  };
  return {
    responseSchema: spec.responseSchema,
    call: (attempt) => {
      const { processorName, transactionId, token } = spec.chargeOf(attempt);
      return ask(() =>
        spec.gateway.charge(
          processorName,
          { transactionId, amountCents: attempt.amountCents, token },
          attempt.id,
        ),
      );
    },
    lookup: (attempt) => ask(() => spec.gateway.lookup(attempt.id)),
    settle: spec.settle,
    ...(spec.prepareSettle ? { prepareSettle: spec.prepareSettle } : {}),
    failureOf: (attempt) =>
      attempt.processorReference === null ? spec.unavailable() : spec.declined(attempt),
    recordFailure: spec.recordFailure,
  };
}

// An approval booked in one statement: the operation's writes and the answer they make, known before
// the statement runs. The writes are unexecuted insert or update builders whose values are
// sql.placeholder()s (db/named-statement.ts placeholdersOf): built once per shape, then only run.
export type OneStatementSettle<T> = {
  writes: { shape: string; build(): readonly SQLWrapper[]; values: Record<string, unknown> };
  status: number;
  body: T;
  resultTransactionId: string | null;
};

// Errors whose failure is already audited with the attempt; the caller must not audit them again.
const recordedFailures = new WeakSet<object>();
export function isRecordedFailure(err: unknown): boolean {
  return typeof err === 'object' && err !== null && recordedFailures.has(err);
}

export async function runMoneyAttempt<T>(
  db: Db,
  operation: MoneyOperation<T>,
  request: IdempotentRequest & { operation: string },
  plan: (tx: Tx) => Promise<AttemptPlan>,
): Promise<IdempotentResult<T>> {
  assertIdempotencyKey(request.key);
  const hash = requestHash(request);
  const started = await db.transaction(async (tx) => {
    if ((await claimIdempotencyKey(tx, request, hash)) === null) {
      const stored = await storedIdempotentAnswer(tx, request, hash, operation.responseSchema);
      if (stored !== null) return { kind: 'replay' as const, result: stored };
      const pending = await pendingAttemptOfKey(tx, request);
      if (!pending) throw idempotentRequestInFlight();
      return { kind: 'pending' as const, ...pending };
    }
    const planned = await plan(tx);
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        userId: request.userId,
        idempotencyKey: request.key,
        requestHash: hash,
        operation: request.operation,
        ...planned,
      })
      .returning();
    if (!attempt) throw new Error('payment attempt insert returned nothing');
    return { kind: 'new' as const, attempt };
  });
  if (started.kind === 'replay') return started.result;
  // The same request again while its attempt is pending (a retry after a crash or a timeout): what
  // the processor did with the key decides; it is never asked to move the money a second time.
  if (started.kind === 'pending') {
    const answer = await operation.lookup(started.attempt);
    if (answer !== null)
      return conclude(db, operation, started.attempt, answer, prepareSettle(operation, started.attempt));
    if (!started.isStale) throw idempotentRequestInFlight();
    // Never reached the processor, and too old to be still on its way: failed, and the request runs
    // afresh under its key.
    await failAttempt(db, operation, started.attempt, null);
    return runMoneyAttempt(db, operation, request, plan);
  }

  return carryOut(db, operation, started.attempt);
}

export type AttemptGuard = {
  shape: string;
  holds: SQL;
  values: Record<string, unknown>;
  assert(tx: Tx): Promise<void>;
  // More of the claiming statement, for a caller that counts or reads in the same round trip: WITH
  // parts written before the guard (they may write, and run whether or not the key is claimed), a
  // select of one row answered beside the claim, and what to make of that row: read() may throw to
  // refuse the request outright; otherwise a refused claim goes the transactional way.
  extra?: { with: SQL; answers: SQL; read(row: SqlRow, claimed: boolean): void };
};

// What the checks decided, and what must still hold under lock when the attempt is recorded.
export type AttemptPlanner = {
  // The checks and reads; they take no locks, so they may run before the claim, outside a transaction.
  plan(executor: Executor): Promise<AttemptPlan>;
  // guard: a select that answers a row (locked FOR SHARE) only while the operation may go ahead, run
  // in the claiming statement, its values as sql.placeholder()s (one guard, one built statement);
  // assert: the same check as a step that throws the caller's error.
  guard: AttemptGuard | null;
};

// runMoneyAttempt in fewer round trips, for speed: the plan runs first, then ONE statement
// claims the key and records the pending attempt, under the guard's lock. Anything else (the key
// already taken, the guard or a check refusing) goes the transactional way above, which gives the
// same answers: a replay, the pending attempt's outcome, or the check's error.
export async function runMoneyAttemptClaimedAtOnce<T>(
  db: Db,
  operation: MoneyOperation<T>,
  request: IdempotentRequest & { operation: string },
  planner: AttemptPlanner,
): Promise<IdempotentResult<T>> {
  assertIdempotencyKey(request.key);
  const inTransaction = () =>
    runMoneyAttempt(db, operation, request, async (tx) => {
      await planner.guard?.assert(tx);
      return planner.plan(tx);
    });
  let planned: AttemptPlan;
  try {
    planned = await planner.plan(db);
  } catch {
    // A refused request may still be a retry of one already answered: the key decides first.
    return inTransaction();
  }
  const attempt = attemptOf(request, planned);
  // What settling reads is read while the attempt is claimed (dropped if the claim is not made).
  const settling = prepareSettle(operation, attempt);
  let isClaimed: boolean;
  try {
    isClaimed = await claimInOneStatement(db, attempt, request, planner.guard);
  } catch (err) {
    // Its once-key held by another attempt: nothing was written; the checks, run again in a
    // transaction, say why.
    if (!isOnceKeyTaken(err)) throw err;
    isClaimed = false;
  }
  if (!isClaimed) return inTransaction();
  return carryOut(db, operation, attempt, settling);
}

// The attempt as the claim will record it (created_at is the database's; nothing reads this one).
function attemptOf(request: IdempotentRequest & { operation: string }, planned: AttemptPlan): PaymentAttempt {
  const createdAt = new Date();
  return {
    id: randomUUID(),
    userId: request.userId,
    idempotencyKey: request.key,
    requestHash: requestHash(request),
    operation: request.operation,
    transactionId: planned.transactionId,
    resultTransactionId: null,
    clientId: planned.clientId,
    amountCents: planned.amountCents,
    processor: planned.processor,
    state: 'pending',
    processorReference: null,
    processorReason: null,
    processorCode: null,
    context: planned.context,
    onceKey: planned.onceKey ?? null,
    createdAt,
    updatedAt: createdAt,
  };
}

const claimStatements = shapedStatements();
const settleStatements = shapedStatements();
const p = (name: string) => sql.placeholder(name);

// The key and the pending attempt in one statement; false when neither was written (the key is
// taken, or the guard answered no row). Built once per guard, sent by name.
async function claimInOneStatement(
  db: Db,
  attempt: PaymentAttempt,
  request: IdempotentRequest,
  guard: AttemptGuard | null,
): Promise<boolean> {
  const extra = guard?.extra;
  const statement = claimStatements(
    guard?.shape ?? '',
    () => sql`
      with ${extra ? sql`${extra.with}, ` : sql``}guard as (${guard?.holds ?? sql`select 1`}),
      claimed as (
        insert into idempotency_keys (key, user_id, method, path, request_hash)
        select ${p('key')}, ${p('userId')}, ${p('method')}, ${p('path')}, ${p('requestHash')}
        where exists (select 1 from guard)
        on conflict do nothing
        returning id
      ),
      attempt as (
        insert into payment_attempts (id, user_id, idempotency_key, request_hash, operation,
          transaction_id, client_id, amount_cents, processor, context, once_key)
        select ${p('id')}, ${p('userId')}, ${p('key')}, ${p('requestHash')}, ${p('operation')},
          ${p('transactionId')}, ${p('clientId')}, ${p('amountCents')}, ${p('processor')},
          ${p('context')}::jsonb, ${p('onceKey')}
        from claimed
        returning id
      )
      ${extra ? sql`select (select id from attempt) as claimed_id, answers.* from (${extra.answers}) answers` : sql`select id as claimed_id from attempt`}
    `,
  );
  const rows = await queryRowsNamed(db, statement, {
    ...guard?.values,
    key: attempt.idempotencyKey,
    userId: attempt.userId,
    method: request.method,
    path: request.path,
    requestHash: attempt.requestHash,
    id: attempt.id,
    operation: attempt.operation,
    transactionId: attempt.transactionId,
    clientId: attempt.clientId,
    amountCents: attempt.amountCents,
    processor: attempt.processor,
    context: JSON.stringify(attempt.context),
    onceKey: attempt.onceKey,
  });
  const [row] = rows;
  const claimed = row !== undefined && row.claimed_id !== null;
  if (extra) {
    if (!row) throw new Error('The claiming statement answered no row');
    extra.read(row, claimed);
  }
  return claimed;
}

// Step 2 and 3 for an attempt just recorded. What settling reads (risk figures, ...) is read while
// the processor is asked, unless the caller started it earlier.
async function carryOut<T>(
  db: Db,
  operation: MoneyOperation<T>,
  attempt: PaymentAttempt,
  settling: PreparedSettle<T> = prepareSettle(operation, attempt),
): Promise<IdempotentResult<T>> {
  let answer: GatewayAnswer | null;
  try {
    answer = await operation.call(attempt);
  } catch (callError) {
    // The request or its answer was lost: the processor's record of the key says which. When that
    // cannot be read either, the attempt stays pending (and its amount held) for a retry or reconcile.
    answer = await operation.lookup(attempt).catch(() => {
      throw callError;
    });
    if (answer === null) throw failureOf(operation, await failAttempt(db, operation, attempt, null));
  }
  crashAfterProcessorAnswerInTests();
  return conclude(db, operation, attempt, answer, settling);
}

type PreparedSettle<T> = Promise<((answer: ApprovedAnswer) => OneStatementSettle<T>) | null>;

// A failed preparation only costs speed: the transactional settle reads for itself.
function prepareSettle<T>(operation: MoneyOperation<T>, attempt: PaymentAttempt): PreparedSettle<T> {
  if (!operation.prepareSettle) return Promise.resolve(null);
  return operation.prepareSettle(attempt).catch(() => null);
}

// Books an approval in one statement: the attempt settled (only while still pending), the key's
// answer stored, and the operation's writes. Null, with nothing written, when the attempt was no
// longer pending (a concurrent retry or the reconcile concluded it): the caller then reads how.
async function settleInOneStatement<T>(
  db: Db,
  attempt: PaymentAttempt,
  answer: ApprovedAnswer,
  settle: OneStatementSettle<T>,
): Promise<IdempotentResult<T> | null> {
  const result = { status: settle.status, body: settle.body };
  // Every part of one statement commits or none does; dividing by the count of attempts settled
  // fails the statement, and so undoes its writes, when there was none.
  // getSQL(): a builder embedded as it is comes in parentheses, which a WITH part may not have.
  const statement = settleStatements(
    settle.writes.shape,
    () => sql`
      with settled as (
        update payment_attempts
        set state = 'settled', processor_reference = ${p('settleReference')},
          result_transaction_id = ${p('settleResultTransactionId')}, updated_at = now()
        where id = ${p('settleAttemptId')} and state = 'pending'
        returning id
      ),
      answered as (
        update idempotency_keys
        set response_status = ${p('answerStatus')}, response_body = ${p('answerBody')}::jsonb,
          completed_at = now()
        where user_id = ${p('answerUserId')} and key = ${p('answerKey')}
      ),
      ${sql.join(
        settle.writes.build().map((write, index) => sql`${sql.raw(`write_${index}`)} as (${write.getSQL()})`),
        sql`, `,
      )}
      select 1 / (select count(*)::int from settled) as settled
    `,
  );
  try {
    await queryRowsNamed(db, statement, {
      ...settle.writes.values,
      settleReference: answer.reference,
      settleResultTransactionId: settle.resultTransactionId,
      settleAttemptId: attempt.id,
      answerStatus: result.status,
      answerBody: JSON.stringify(result.body),
      answerUserId: attempt.userId,
      answerKey: attempt.idempotencyKey,
    });
  } catch (err) {
    if (isDivisionByZero(err)) return null;
    throw err;
  }
  return { ...result, replayed: false };
}

// Step 3: books the processor's answer once. Whoever comes second (a concurrent retry, the
// reconcile) finds the attempt no longer pending and gives its outcome.
async function conclude<T>(
  db: Db,
  operation: MoneyOperation<T>,
  attempt: PaymentAttempt,
  answer: GatewayAnswer,
  settling: PreparedSettle<T>,
): Promise<IdempotentResult<T>> {
  if (answer.outcome === 'declined') {
    const failed = await failAttempt(db, operation, attempt, answer);
    if (failed.state === 'failed') throw failureOf(operation, failed);
  } else {
    const build = await settling;
    const booked = build === null ? null : await settleInOneStatement(db, attempt, answer, build(answer));
    if (booked !== null) return booked;
  }
  const outcome = await db.transaction(async (tx) => {
    const current = await lockAttempt(tx, attempt.id);
    if (current.state === 'failed') return { kind: 'failed' as const, attempt: current };
    if (current.state === 'settled' || answer.outcome === 'declined') {
      const stored = await storedIdempotentAnswer(
        tx,
        keyOf(current),
        current.requestHash,
        operation.responseSchema,
      );
      if (stored === null) throw idempotentRequestInFlight();
      return { kind: 'done' as const, result: stored };
    }
    const settled = await operation.settle(tx, current, answer);
    await tx
      .update(paymentAttempts)
      .set({
        state: 'settled',
        processorReference: answer.reference,
        resultTransactionId: settled.resultTransactionId,
      })
      .where(eq(paymentAttempts.id, current.id));
    const result = { status: settled.status, body: settled.body };
    await saveIdempotentAnswer(tx, keyOf(current), result);
    return { kind: 'done' as const, result: { ...result, replayed: false } };
  });
  if (outcome.kind === 'failed') throw failureOf(operation, outcome.attempt);
  return outcome.result;
}

// Marks a pending attempt failed (declined: with the processor's reference and reason), audits it and
// releases its key, all at once; an attempt already concluded elsewhere is left as it is. Answers the
// attempt as it now stands.
async function failAttempt<T>(
  db: Db,
  operation: MoneyOperation<T>,
  attempt: PaymentAttempt,
  declined: Extract<GatewayAnswer, { outcome: 'declined' }> | null,
): Promise<PaymentAttempt> {
  return db.transaction(async (tx) => {
    const current = await lockAttempt(tx, attempt.id);
    if (current.state !== 'pending') return current;
    const [failed] = await tx
      .update(paymentAttempts)
      .set({
        state: 'failed',
        processorReference: declined?.reference ?? null,
        processorReason: declined?.reason ?? null,
        processorCode: declined?.code ?? null,
      })
      .where(eq(paymentAttempts.id, current.id))
      .returning();
    if (!failed) throw new Error('payment attempt update returned nothing');
    await operation.recordFailure(tx, failed, operation.failureOf(failed));
    await releaseIdempotencyKey(tx, keyOf(current));
    return failed;
  });
}

function keyOf(attempt: PaymentAttempt) {
  return { key: attempt.idempotencyKey, userId: attempt.userId };
}

function failureOf<T>(operation: MoneyOperation<T>, attempt: PaymentAttempt): AppError {
  const error = operation.failureOf(attempt);
  recordedFailures.add(error);
  return error;
}

async function lockAttempt(tx: Tx, id: string): Promise<PaymentAttempt> {
  const [row] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
  if (!row) throw new Error(`payment attempt ${id} is gone`);
  return row;
}

async function pendingAttemptOfKey(tx: Tx, request: Pick<IdempotentRequest, 'key' | 'userId'>) {
  const [row] = await tx
    .select({ attempt: paymentAttempts, isStale: isStale(unknownAttemptAfterSeconds) })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.userId, request.userId),
        eq(paymentAttempts.idempotencyKey, request.key),
        eq(paymentAttempts.state, 'pending'),
      ),
    );
  return row;
}

// The attempt recording failed because another live attempt holds its once-key (a race the checks
// before it could not see: the other one committed in between).
export function isOnceKeyTaken(error: unknown): boolean {
  return isUniqueViolationOf(error, 'payment_attempts_once_key_unique');
}

// How the live attempt holding a once-key stands: pending (its processor call under way), settled
// (paid), or null when none holds it.
export async function liveAttemptOfOnceKey(
  executor: Executor,
  onceKey: string,
): Promise<'pending' | 'settled' | null> {
  const [row] = await executor
    .select({ state: paymentAttempts.state })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.onceKey, onceKey), sql`${paymentAttempts.state} <> 'failed'`));
  return row === undefined || row.state === 'failed' ? null : row.state;
}

export type ReconcileSummary = { settled: number; failed: number; stillPending: number };

// A call in flight (on this or another server instance) may not have reached the processor yet: an
// attempt the processor does not know is failed only once it is older than any call can take. The
// sandbox answers at once; a real gateway's call timeout must stay well below this.
export const unknownAttemptAfterSeconds = 120;

// The database's clock, the one created_at was written with, whichever instance wrote it.
function isStale(afterSeconds: number) {
  return sql<boolean>`${paymentAttempts.createdAt} < now() - make_interval(secs => ${afterSeconds})`;
}

// unknownAfterSeconds: tests shorten it. onError hears of an attempt that could not be concluded (it
// stays pending for the next reconcile).
export type ReconcileOptions = {
  unknownAfterSeconds?: number;
  onError?: (attempt: PaymentAttempt, err: unknown) => void;
};

// Start-up: every pending attempt is settled from the processor's record of its key. Approved: booked
// (row, audit, stored answer); declined, or unknown to the processor: failed and its key released.
// Safe to run twice or beside live requests: each attempt concludes once, under its row lock.
export async function reconcilePendingAttempts(
  db: Db,
  operations: Readonly<Record<string, MoneyOperation<unknown>>>,
  options: ReconcileOptions = {},
): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { settled: 0, failed: 0, stillPending: 0 };
  const pending = await db
    .select({
      attempt: paymentAttempts,
      isStale: isStale(options.unknownAfterSeconds ?? unknownAttemptAfterSeconds),
    })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.state, 'pending'))
    .orderBy(asc(paymentAttempts.createdAt));
  for (const { attempt, isStale } of pending) {
    const operation = operations[attempt.operation];
    // Unreachable processor or an operation this build does not know: left for the next reconcile.
    const answer = operation ? await operation.lookup(attempt).catch(() => undefined) : undefined;
    if (!operation || answer === undefined || (answer === null && !isStale)) {
      summary.stillPending += 1;
      continue;
    }
    if (answer === null) {
      await failAttempt(db, operation, attempt, null);
      summary.failed += 1;
      continue;
    }
    try {
      await conclude(db, operation, attempt, answer, prepareSettle(operation, attempt));
      summary.settled += 1;
    } catch (err) {
      if (isRecordedFailure(err)) {
        summary.failed += 1;
      } else {
        summary.stillPending += 1;
        options.onError?.(attempt, err);
      }
    }
  }
  return summary;
}

// Fault injection for the crash test (test/security/money-crash.test.ts): with
// PORTICO_CRASH_AFTER_PROCESSOR_ANSWER=1 the server kills itself the moment the processor has
// answered and before anything is committed, as a power cut would. Honoured only when NODE_ENV=test,
// so no production setting can reach it.
function crashAfterProcessorAnswerInTests(): void {
  if (process.env.NODE_ENV === 'test' && process.env.PORTICO_CRASH_AFTER_PROCESSOR_ANSWER === '1') {
    process.kill(process.pid, 'SIGKILL');
  }
}

// A sandbox card charge through the API: POST /api/payment-frame/charge with a
// signed link and a card token, as a payer's browser sends it, beside the bare database work it must
// do (the transaction row and its audit entry, in one transaction) in the same run on PostgreSQL.
// Budget: within 2x. Then the webhook outbox's share: the same API charge with its payment.approved
// event written, beside the same charge of a second merchant whose event insert a trigger skips
// (statement for statement the same path; the skipped side pays the trigger's call). Budget: within
// 1.10x. BENCH_CHARGE_WARMUP and BENCH_CHARGE_RUNS set the runs; BENCH_CHARGE_PROFILE=<file>
// also writes a CPU profile of 500 charges.
import { randomUUID } from 'node:crypto';
import { encodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Db, openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { clientConfigs, clients } from '../apps/server/src/db/schema/clients';
import { transactions } from '../apps/server/src/db/schema/transactions';
import { webhookEvents } from '../apps/server/src/db/schema/webhooks';
import { recordAudit } from '../apps/server/src/lib/audit';
import { signPaymentFrameParams } from '../apps/server/src/lib/payment-frame-signature';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { compareInterleaved, median, printTable } from './stats';
import { profileRuns } from './support/cpu-profile';

const BUDGET_RATIO = 2;
const EVENT_BUDGET_RATIO = 1.1;

type Recorded = { text: string; ms: number; at: number };

// Every statement sent on the pool's connections while run() runs, with its round-trip time: the pg
// client's query is wrapped for that long (its prototype, shared by every pooled connection).
async function recordStatements(pool: Pool, run: () => Promise<void>): Promise<Recorded[]> {
  const connection = await pool.connect();
  const proto: { query: (...args: unknown[]) => unknown } = Object.getPrototypeOf(connection);
  connection.release();
  const original = proto.query;
  const recorded: Recorded[] = [];
  const t0 = process.hrtime.bigint();
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text =
      typeof first === 'string'
        ? first
        : typeof first === 'object' && first !== null && 'text' in first
          ? String(first.text)
          : String(first);
    const entry = {
      text: text.replace(/\s+/g, ' ').slice(0, 110),
      ms: 0,
      at: Number(process.hrtime.bigint() - t0) / 1e6,
    };
    recorded.push(entry);
    const started = process.hrtime.bigint();
    const done = () => {
      entry.ms = Number(process.hrtime.bigint() - started) / 1e6;
    };
    // The pool's own query passes a callback; a checked-out connection's answers a promise.
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return last(...results);
      };
    }
    const answer = original.apply(this, args);
    if (answer instanceof Promise) answer.then(done, done);
    return answer;
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return recorded;
}

async function countEvents(db: Db, writtenFor: string, skippedFor: string) {
  const [row] = await db
    .select({
      written: sql<number>`count(*) filter (where ${webhookEvents.clientId} = ${writtenFor})::int`,
      skipped: sql<number>`count(*) filter (where ${webhookEvents.clientId} = ${skippedFor})::int`,
    })
    .from(webhookEvents);
  return { written: row?.written ?? 0, skipped: row?.skipped ?? 0 };
}

export async function benchCharge(): Promise<boolean> {
  const externalUrl = process.env.BENCH_DATABASE_URL;
  const postgres = externalUrl ? undefined : await startThrowawayPostgres();
  const url = externalUrl ?? postgres?.url ?? '';
  const handle = await openDatabase({ databaseUrl: url });
  try {
    await runMigrations(handle);
    const config = loadConfig({ ...process.env, DATABASE_URL: url });
    const merchantNamed = async (name: string) => {
      const [made] = await handle.db
        .insert(clients)
        .values({
          name,
          level: 'Merchant',
          apiKeyHash: randomUUID(),
          apiKeyLast4: '0000',
          publicKey: randomUUID(),
        })
        .returning();
      if (!made) throw new Error('no merchant');
      await handle.db
        .insert(clientConfigs)
        .values({ clientId: made.id, payment: 'fis', highTicketCents: 1_000_000 });
      return made;
    };
    const merchant = await merchantNamed('Bench Merchant');
    // Its charges take the same path, but their webhook event rows are dropped by a trigger before the
    // insert: the charge as it would cost without the outbox.
    const eventless = await merchantNamed('Bench Merchant Without Events');
    await handle.db.execute(
      sql.raw(`
      CREATE FUNCTION bench_skip_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RETURN NULL; END $$;
      CREATE TRIGGER bench_skip_webhook_event BEFORE INSERT ON webhook_events FOR EACH ROW
        WHEN (NEW.client_id = '${eventless.id}') EXECUTE FUNCTION bench_skip_webhook_event();`),
    );
    const app = await buildApp({
      config: { ...config, webDistDir: undefined, rateLimitPerMinute: 1_000_000, logLevel: 'warn' },
      database: handle,
      logger: false,
    });
    try {
      await app.ready();
      const params = encodePaymentFrameParams({ publishableKey: merchant.publicKey, amount: '25.00' });
      const sig = signPaymentFrameParams(app, params);
      const eventlessParams = encodePaymentFrameParams({
        publishableKey: eventless.publicKey,
        amount: '25.00',
      });
      const eventlessSig = signPaymentFrameParams(app, eventlessParams);
      let payer = 0;
      // Each payer from its own address: the per-address limits are not what is measured.
      const address = () => {
        payer += 1;
        return `10.${(payer >> 16) & 255}.${(payer >> 8) & 255}.${payer & 255}`;
      };
      const tokenOf = async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/payment-frame/tokenize',
          remoteAddress: address(),
          payload: { kind: 'card', number: '1111111111111117', expMonth: '12', expYear: '2030', cvv: '123' },
        });
        return String(res.json().message.token);
      };
      const tokens: string[] = [];
      // Warmed up like a server that has taken payments for a while: the JIT has compiled the path.
      const warmup = Number(process.env.BENCH_CHARGE_WARMUP ?? 200);
      const runs = Number(process.env.BENCH_CHARGE_RUNS ?? 301);
      const recordedRuns = 21;
      const profiledCharges = process.env.BENCH_CHARGE_PROFILE ? 500 : 0;
      // Tokens made beforehand, so no timed charge includes a tokenisation.
      for (let i = 0; i < 3 * (warmup + runs) + recordedRuns + profiledCharges + 2; i += 1) {
        tokens.push(await tokenOf());
      }
      const chargeWith = async (frame: { params: string; sig: string }) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/payment-frame/charge',
          remoteAddress: address(),
          headers: { 'idempotency-key': randomUUID() },
          payload: {
            ...frame,
            amount: '25.00',
            method: 'credit_card',
            token: tokens.pop() ?? (await tokenOf()),
          },
        });
        if (res.statusCode !== 200) throw new Error(`charge answered ${res.statusCode}: ${res.body}`);
      };
      const charge = () => chargeWith({ params, sig });
      const chargeWithoutEvent = () => chargeWith({ params: eventlessParams, sig: eventlessSig });
      const bare = () =>
        handle.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(transactions)
            .values({
              clientId: merchant.id,
              type: 'charge',
              action: 'sale',
              actionMode: 'charge',
              amountCents: 2500,
              paymentStatus: true,
              status: 'Approved',
              processor: 'fis',
              paymentMethod: 'card',
              cardBrand: 'VISA',
              last4: '1117',
              token: 'VISA-1117-12-2030',
              apiResponse: { token: 'VISA-1117-12-2030', processor: 'fis' },
            })
            .returning({ id: transactions.id });
          await recordAudit(tx, {
            action: 'charge',
            outcome: 'success',
            targetType: 'transaction',
            targetId: row?.id ?? null,
            clientId: merchant.id,
            details: { amount: '25.00', method: 'card' },
          });
        });
      const result = await compareInterleaved(charge, bare, { warmup, runs });
      const eventsBefore = await countEvents(handle.db, merchant.id, eventless.id);
      const withEvent = await compareInterleaved(charge, chargeWithoutEvent, { warmup, runs });
      const eventsAfter = await countEvents(handle.db, merchant.id, eventless.id);
      // The figures mean something only if one side wrote an event per charge and the other none.
      if (eventsAfter.written - eventsBefore.written !== warmup + runs || eventsAfter.skipped !== 0) {
        throw new Error(`event rows were not as intended: ${JSON.stringify({ eventsBefore, eventsAfter })}`);
      }
      const profileFile = process.env.BENCH_CHARGE_PROFILE;
      if (profileFile) await profileRuns(charge, profiledCharges, profileFile);
      // One more of each with every statement recorded: what the ratio is made of.
      if (handle.pool) {
        for (const [name, run] of [
          ['charge', charge],
          ['insert + audit', bare],
        ] as const) {
          // Medians over several runs, statement by statement: one run alone is noise.
          const recorded: Recorded[][] = [];
          for (let i = 0; i < recordedRuns; i += 1) recorded.push(await recordStatements(handle.pool, run));
          const statements = recorded[0] ?? [];
          const same = recorded.filter((r) => r.length === statements.length);
          const medianOf = (index: number, pick: (s: Recorded) => number) =>
            median(same.map((r) => (r[index] ? pick(r[index]) : 0)));
          console.log(`\nStatements of one ${name} (${statements.length}; medians of ${same.length} runs):`);
          printTable(
            ['#', 'starts at ms', 'takes ms', 'statement'],
            statements.map((s, i) => [
              i + 1,
              medianOf(i, (r) => r.at).toFixed(2),
              medianOf(i, (r) => r.ms).toFixed(2),
              s.text,
            ]),
          );
        }
      }
      const isWithin = result.ratio <= BUDGET_RATIO;
      console.log('\nSandbox card charge through the API vs the bare insert and audit (PostgreSQL)');
      printTable(
        ['figure', 'value'],
        [
          ['charge (median ms)', result.subjectMs.toFixed(2)],
          ['insert + audit (median ms)', result.baselineMs.toFixed(2)],
          ['ratio', `${result.ratio.toFixed(2)} (budget ${BUDGET_RATIO}x) ${isWithin ? 'within' : 'OVER'}`],
        ],
      );
      const eventIsWithin = withEvent.ratio <= EVENT_BUDGET_RATIO;
      console.log('\nThe same charge with its webhook event written vs with the event insert skipped');
      printTable(
        ['figure', 'value'],
        [
          ['charge with event (median ms)', withEvent.subjectMs.toFixed(2)],
          ['charge without event (median ms)', withEvent.baselineMs.toFixed(2)],
          [
            'ratio',
            `${withEvent.ratio.toFixed(3)} (budget ${EVENT_BUDGET_RATIO}x) ${eventIsWithin ? 'within' : 'OVER'}`,
          ],
        ],
      );
      return isWithin && eventIsWithin;
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    postgres?.stop();
  }
}

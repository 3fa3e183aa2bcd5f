import { count, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../client';
import { ensureTransactionPartitions } from '../migrate';
import { seedState } from '../schema/system';
import { transactions } from '../schema/transactions';
import { buildDemoDataset, type DemoDataset } from './build-demo-dataset';
import { withBulkLoad } from './bulk-load';
import { deriveSettlements, deriveStatementsAndBilling } from './derive-ledgers';
import {
  generateLargeOrders,
  generateSubscriptionCharges,
  generateVelocityBursts,
} from './generate-recurring';
import { generateTodaysSales } from './generate-today';
import { generateTransactions } from './generate-transactions';
import { insertDataset } from './insert-dataset';
import { slotCount } from './merchant-profiles';
import { seedFromLabel } from './prng';
import {
  createSeedContext,
  type EncryptFn,
  type FrameParamsSignFn,
  type PatientNumberHashFn,
  type SeedContext,
} from './seed-context';
import { seedDisputes } from './seed-disputes';
import { createSeedTables } from './seed-tables';
import { createDailySummary } from './transaction-effects';

export type SeedOptions = {
  // Rows of the main generated series; subscription charges and velocity bursts come on top.
  transactions: number;
  // The UTC day the data is relative to (default today); the same day gives the same data.
  anchorDate?: Date;
  providerDomain: string;
  partnerDomains: string[];
  encrypt: EncryptFn;
  // The vault's patient-number hash; left out, the demo patients cannot be found by number.
  hashPatientNumber?: PatientNumberHashFn;
  // The payment frame signature; left out, the demo terminals' addresses are stored unsigned.
  signFrameParams?: FrameParamsSignFn;
};

export type SeedLog = { info(details: object, message: string): void };

export type SeedResult =
  | { seeded: false; reason: 'already-seeded' }
  | { seeded: true; anchorDay: string; transactions: number; durationMs: number };

export const demoSeedName = 'demo';

export async function isDemoDataSeeded(db: Executor): Promise<boolean> {
  const rows = await db
    .select({ name: seedState.name })
    .from(seedState)
    .where(eq(seedState.name, demoSeedName));
  return rows.length > 0;
}

// Seeds the demo data set once, in one transaction: reference rows, transactions and everything
// derived from them. The seed_state row is claimed first inside that transaction, so a second run
// (or a concurrent one, which waits on the row) changes nothing.
export async function seedDemoData(
  handle: DatabaseHandle,
  opts: SeedOptions,
  log: SeedLog,
): Promise<SeedResult> {
  if (!Number.isInteger(opts.transactions) || opts.transactions < 0) {
    throw new Error('transactions must be a non-negative integer');
  }
  if (await isDemoDataSeeded(handle.db)) return { seeded: false, reason: 'already-seeded' };
  const ctx = createSeedContext(
    opts.anchorDate ?? new Date(),
    opts,
    opts.encrypt,
    opts.hashPatientNumber,
    opts.signFrameParams,
  );
  const dataset = buildDemoDataset(ctx);
  const started = performance.now();

  return handle.db.transaction(async (tx) => {
    if (!(await claimSeed(tx, ctx.anchorDay, opts.transactions))) {
      return { seeded: false, reason: 'already-seeded' } as const;
    }
    if (handle.driver === 'postgres') await tuneBulkSession(tx);
    await seedEverything(tx, ctx, dataset, opts.transactions, timer(log));
    const total = await countTransactions(tx);
    await tx
      .update(seedState)
      .set({ details: { providerDomain: opts.providerDomain, totalTransactions: total } })
      .where(eq(seedState.name, demoSeedName));
    const durationMs = Math.round(performance.now() - started);
    log.info({ anchorDay: ctx.anchorDay, transactions: total, durationMs }, 'demo data seeded');
    return { seeded: true, anchorDay: ctx.anchorDay, transactions: total, durationMs } as const;
  });
}

async function claimSeed(tx: Executor, anchorDay: string, transactionCount: number): Promise<boolean> {
  const claimed = await tx
    .insert(seedState)
    .values({ name: demoSeedName, anchorDate: anchorDay, transactions: transactionCount })
    .onConflictDoNothing()
    .returning({ name: seedState.name });
  return claimed.length > 0;
}

// Memory for the hash joins and index builds, no wait for the WAL flush at commit, and no JIT,
// whose compile time for these wide expressions outweighs what it saves.
async function tuneBulkSession(tx: Executor): Promise<void> {
  await tx.execute(sql`set local work_mem = '256MB'`);
  await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
  await tx.execute(sql`set local synchronous_commit = off`);
  await tx.execute(sql`set local jit = off`);
}

async function seedEverything(
  tx: Executor,
  ctx: SeedContext,
  dataset: DemoDataset,
  transactionCount: number,
  phase: (message: string, details: object) => void,
): Promise<void> {
  // Months outside the migration's window (an anchor day in the past) get their partitions first.
  await ensureTransactionPartitions(tx, ctx.dayAgo(430), ctx.dayAgo(-31));
  await insertDataset(tx, dataset);
  await createSeedTables(tx, dataset.profiles);
  phase('reference data inserted', {});

  const key = `portico-demo:${ctx.anchorDay}`;
  const generation = { key, anchorStart: ctx.anchorStart };
  const ledgers = {
    anchorStart: ctx.anchorStart,
    adminUserId: dataset.adminUserId,
    riskAttachmentKeys: dataset.activity.riskAttachmentKeys,
  };
  await createDailySummary(tx);
  // The payout job's statements write a payout item per settled transaction: loaded without the
  // table's indexes and foreign keys, which come back (and are checked) once they are in.
  await withBulkLoad(tx, 'payout_items', async () => {
    await withBulkLoad(tx, 'transactions', async () => {
      if (transactionCount > 0) {
        await generateTransactions(tx, {
          seed: seedFromLabel(key),
          count: transactionCount,
          anchorStart: ctx.anchorStart,
          slotCount: slotCount(dataset.profiles),
        });
      }
      await generateVelocityBursts(tx, generation);
      await generateLargeOrders(tx, generation);
    });
    await generateSubscriptionCharges(tx, generation);
    phase('transactions generated', { transactions: transactionCount });
    // Before the settlements: a dispute's chargeback and credit are settled the day they happen.
    const disputes = await seedDisputes(tx, {
      anchorStart: ctx.anchorStart,
      clientIds: dataset.clients.clientIds,
    });
    phase('disputes opened and answered', { disputes });
    await deriveSettlements(tx, ledgers);
  });
  await deriveStatementsAndBilling(tx, ledgers);
  phase('settlements, payouts, statements and billing derived', {});
  const todaysSales = await generateTodaysSales(tx, { anchorStart: ctx.anchorStart, now: new Date() });
  phase("today's sales so far added", { transactions: todaysSales });
}

async function countTransactions(tx: Executor): Promise<number> {
  const rows = await tx.select({ n: count() }).from(transactions);
  return rows[0]?.n ?? 0;
}

function timer(log: SeedLog) {
  let last = performance.now();
  return (message: string, details: object) => {
    const now = performance.now();
    log.info({ ...details, ms: Math.round(now - last) }, `seed: ${message}`);
    last = now;
  };
}

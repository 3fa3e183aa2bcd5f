import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { dataSyncRequests } from '../db/schema/data-sync';
import type { JobDefinition } from './runner';

const batch = 20;
// A request left 'running' this long was being processed by an instance that stopped: taken again.
const abandonedAfterMinutes = 30;

// Merchant Data Sync: the dashboard records a request ('requested'); this job takes it.
// This build's processors are the sandbox, whose books are Portico's own transactions, so there is
// nothing to pull: the request is marked running, then completed. A real processor's pull goes in
// syncMerchant and must upsert (pulling twice adds nothing).
export function dataSyncJob(
  syncMerchant: (clientId: string) => Promise<number> = async () => 0,
): JobDefinition {
  return {
    name: 'data-sync.process',
    schedule: { everyMinutes: 1 },
    async run({ db }) {
      const due = db
        .select({ id: dataSyncRequests.id })
        .from(dataSyncRequests)
        .where(
          or(
            eq(dataSyncRequests.status, 'requested'),
            and(
              eq(dataSyncRequests.status, 'running'),
              lt(dataSyncRequests.startedAt, sql`now() - make_interval(mins => ${abandonedAfterMinutes})`),
            ),
          ),
        )
        .orderBy(asc(dataSyncRequests.requestedAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(dataSyncRequests)
        .set({ status: 'running', startedAt: sql`now()` })
        .where(inArray(dataSyncRequests.id, due))
        .returning({ id: dataSyncRequests.id, clientId: dataSyncRequests.clientId });
      let completed = 0;
      let failed = 0;
      let rows = 0;
      for (const request of claimed) {
        try {
          rows += await syncMerchant(request.clientId);
          await db
            .update(dataSyncRequests)
            .set({ status: 'completed', completedAt: sql`now()`, lastError: null })
            .where(eq(dataSyncRequests.id, request.id));
          completed += 1;
        } catch (err) {
          await db
            .update(dataSyncRequests)
            .set({
              status: 'failed',
              completedAt: sql`now()`,
              lastError: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
            })
            .where(eq(dataSyncRequests.id, request.id));
          failed += 1;
        }
      }
      return { completed, failed, rows };
    },
  };
}

// Webhook delivery throughput: events written to the outbox on PostgreSQL, then delivered by the job
// runner's delivery run (dispatch, claim under a lease, sign, post 32 at once, book the attempts) to a
// node:http receiver on loopback; beside a bare loop posting the same signed bodies to the same
// receiver, 32 at once, with the same HTTP client and nothing booked. Budget: at least 200 events a
// second delivered. BENCH_WEBHOOK_EVENTS (events per round) and BENCH_WEBHOOK_ROUNDS set the size.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { clients } from '../apps/server/src/db/schema/clients';
import { encryptedColumn } from '../apps/server/src/db/schema/encrypted-columns';
import { webhookDeliveries, webhookEndpoints } from '../apps/server/src/db/schema/webhooks';
import { recordWebhookEvents, webhookEventRowOf } from '../apps/server/src/lib/webhook-events';
import { newWebhookSecret, webhookSignatureHeader } from '../apps/server/src/lib/webhook-signature';
import { runWebhookDeliveries } from '../apps/server/src/modules/webhooks/webhook-delivery';
import { postWebhook } from '../apps/server/src/modules/webhooks/webhook-http';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { median, printTable } from './stats';

const BUDGET_EVENTS_PER_SECOND = 200;
const CONCURRENCY = 32;

export async function benchWebhookDelivery(): Promise<boolean> {
  const eventsPerRound = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
  const rounds = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);

  // The receiver: reads the whole body, answers 200, counts.
  let receivedCount = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      receivedCount += 1;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const externalUrl = process.env.BENCH_DATABASE_URL;
  const postgres = externalUrl ? undefined : await startThrowawayPostgres();
  const databaseUrl = externalUrl ?? postgres?.url ?? '';
  const handle = await openDatabase({ databaseUrl });
  try {
    await runMigrations(handle);
    const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
    const app = await buildApp({
      config: { ...config, webDistDir: undefined, logLevel: 'warn' },
      database: handle,
      logger: false,
    });
    try {
      await app.ready();
      const [merchant] = await handle.db
        .insert(clients)
        .values({
          name: 'Bench Webhook Merchant',
          level: 'Merchant',
          apiKeyHash: randomUUID(),
          apiKeyLast4: '0000',
          publicKey: randomUUID(),
        })
        .returning();
      if (!merchant) throw new Error('no merchant');
      const secret = newWebhookSecret();
      const [endpoint] = await handle.db
        .insert(webhookEndpoints)
        .values({
          clientId: merchant.id,
          url,
          eventTypes: ['payment.approved'],
          secretEnc: app.fieldCipher().encrypt(secret, encryptedColumn.webhookEndpointSecret),
          secretLast4: secret.slice(-4),
        })
        .returning();
      if (!endpoint) throw new Error('no endpoint');

      // Each event about its own payment, as a busy merchant's approvals are.
      const eventInputs = () =>
        Array.from({ length: eventsPerRound }, (_, i) => ({
          type: 'payment.approved' as const,
          clientId: merchant.id,
          objectType: 'payment',
          objectId: randomUUID(),
          data: { amount: '25.00', currency: 'USD', status: 'Approved', method: 'card', n: i },
        }));
      const deps = {
        db: handle.db,
        // Only a failed delivery mails; in this bench every one must succeed.
        mail: {
          send: async () => {
            throw new Error('a delivery failed during the bench');
          },
        },
        cipher: app.fieldCipher,
        timeoutMs: 10_000,
        allowPrivateTargets: true,
      };
      const deliveredCount = async () => {
        const [row] = await handle.db
          .select({ n: count() })
          .from(webhookDeliveries)
          .where(
            and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'delivered')),
          );
        return row?.n ?? 0;
      };

      // The runner: events already committed to the outbox, delivered by delivery runs until none is left.
      const runnerRound = async () => {
        const inputs = eventInputs();
        for (let i = 0; i < inputs.length; i += 500) {
          await recordWebhookEvents(handle.db, inputs.slice(i, i + 500));
        }
        const before = await deliveredCount();
        const receivedBefore = receivedCount;
        const started = performance.now();
        let delivered = 0;
        while (delivered < eventsPerRound) {
          const summary = await runWebhookDeliveries(deps, () => new Date());
          if (summary.attempted === 0) break;
          delivered += summary.delivered;
        }
        const seconds = (performance.now() - started) / 1000;
        const booked = (await deliveredCount()) - before;
        if (booked !== eventsPerRound || receivedCount - receivedBefore !== eventsPerRound) {
          throw new Error(
            `runner delivered ${booked} of ${eventsPerRound} (receiver got ${receivedCount - receivedBefore})`,
          );
        }
        return eventsPerRound / seconds;
      };

      // The bare loop: the same bodies, signed, posted 32 at once with the same client; nothing read or
      // booked in the database.
      const bareRound = async () => {
        const bodies = eventInputs().map((input) => JSON.stringify(webhookEventRowOf(input).payload));
        const receivedBefore = receivedCount;
        const started = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < bodies.length) {
              const body = bodies[next] as string;
              next += 1;
              const result = await postWebhook({
                url,
                body,
                headers: {
                  'Portico-Signature': webhookSignatureHeader(secret, Math.floor(Date.now() / 1000), body),
                  'Portico-Event-Id': randomUUID(),
                  'Portico-Event-Type': 'payment.approved',
                },
                timeoutMs: 10_000,
                allowPrivate: true,
              });
              if (result.statusCode !== 200) throw new Error(`bare post answered ${result.statusCode}`);
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        if (receivedCount - receivedBefore !== eventsPerRound) throw new Error('bare loop lost posts');
        return eventsPerRound / seconds;
      };

      // One small round of each first (connections, JIT, plans), then the measured rounds interleaved.
      const measured = { runner: [] as number[], bare: [] as number[] };
      await bareRound();
      await runnerRound();
      for (let round = 0; round < rounds; round += 1) {
        if (round % 2) {
          measured.runner.push(await runnerRound());
          measured.bare.push(await bareRound());
        } else {
          measured.bare.push(await bareRound());
          measured.runner.push(await runnerRound());
        }
      }
      const runner = median(measured.runner);
      const bare = median(measured.bare);
      const isWithin = runner >= BUDGET_EVENTS_PER_SECOND;
      console.log(
        `\nWebhook delivery to a loopback receiver (PostgreSQL; ${eventsPerRound} events a round, median of ${rounds} rounds)`,
      );
      printTable(
        ['figure', 'value'],
        [
          [
            'delivery runs (events/s)',
            `${runner.toFixed(0)} (budget >= ${BUDGET_EVENTS_PER_SECOND}) ${isWithin ? 'within' : 'UNDER'}`,
          ],
          ['bare posts, 32 at once (events/s)', bare.toFixed(0)],
          ['runner / bare', (runner / bare).toFixed(2)],
          ['runner rounds (events/s)', measured.runner.map((v) => v.toFixed(0)).join(', ')],
          ['bare rounds (events/s)', measured.bare.map((v) => v.toFixed(0)).join(', ')],
        ],
      );
      return isWithin;
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    postgres?.stop();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

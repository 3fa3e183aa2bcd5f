import { WebhookHeader, webhookEventLabel } from '@portico/contracts/developers/webhooks';
import type { Db } from '../../db/client';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import type { Mailer } from '../../integrations/mail/mailer';
import type { FieldCipher } from '../../lib/crypto/field-cipher';
import { webhookSignatureHeader } from '../../lib/webhook-signature';
import { listOwnerAddresses } from '../risk/risk.repository';
import { postWebhook, type WebhookPostResult } from './webhook-http';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  dispatchEvents,
  findEndpoint,
  insertAttempts,
  markAttemptFailed,
  markDelivered,
  markEndpointFailing,
  updateEndpoint,
} from './webhooks.repository';

// Delivery: the outbox's events become one delivery per endpoint that asked for them; each is posted
// signed, at least once, in order per object, retried with growing waits for three days, then
// marked failed and the endpoint's owners told. An endpoint failing for three days is switched off.

export type DeliveryDeps = {
  db: Db;
  mail: Pick<Mailer, 'send'>;
  cipher: () => FieldCipher;
  timeoutMs: number;
  allowPrivateTargets: boolean;
  // Posts one request; tests and the bench pass the real one.
  post?: (post: Parameters<typeof postWebhook>[0]) => Promise<WebhookPostResult>;
};

// 1, 2, 4 ... minutes, at most six hours between attempts.
export function webhookRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

export const endpointFailingDisableMs = 72 * 3600_000;
const batchSize = 100;
const concurrency = 32;
// A delivery is held by its run this long (twice the longest request would be enough).
const leaseSeconds = 120;

function isSuccess(result: WebhookPostResult): boolean {
  return result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
}

// The body is the event's payload exactly as stored; the signature covers the timestamp and it.
export function deliveryRequest(claimed: ClaimedDelivery, secret: string, now: Date) {
  const body = JSON.stringify(claimed.payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    body,
    headers: {
      [WebhookHeader.Signature]: webhookSignatureHeader(secret, timestamp, body),
      [WebhookHeader.EventId]: claimed.event_id,
      [WebhookHeader.EventType]: claimed.event_type,
    },
  };
}

async function runLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

// Posts the claimed deliveries (several at once) and books what happened.
export async function deliverClaimed(
  deps: DeliveryDeps,
  claimed: readonly ClaimedDelivery[],
  now: () => Date,
): Promise<AttemptOutcome[]> {
  const post = deps.post ?? postWebhook;
  const secrets = new Map<string, string>();
  const secretOf = (delivery: ClaimedDelivery) => {
    let secret = secrets.get(delivery.endpoint_id);
    if (secret === undefined) {
      secret = deps.cipher().decrypt(delivery.secret_enc, encryptedColumn.webhookEndpointSecret);
      secrets.set(delivery.endpoint_id, secret);
    }
    return secret;
  };
  const outcomes = await runLimited(claimed, concurrency, async (delivery): Promise<AttemptOutcome> => {
    const attemptedAt = now();
    const request = deliveryRequest(delivery, secretOf(delivery), attemptedAt);
    const result = await post({
      url: delivery.url,
      ...request,
      timeoutMs: deps.timeoutMs,
      allowPrivate: deps.allowPrivateTargets,
    });
    return {
      deliveryId: delivery.id,
      endpointId: delivery.endpoint_id,
      attemptedAt,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      excerpt: result.excerpt,
      error: result.error,
    };
  });
  const byId = new Map(claimed.map((delivery) => [delivery.id, delivery]));
  const delivered = outcomes.filter((outcome) => isSuccess({ ...outcome, excerpt: null }));
  await deps.db.transaction(async (tx) => {
    await insertAttempts(tx, outcomes);
    await markDelivered(tx, delivered);
  });
  for (const outcome of outcomes) {
    if (delivered.includes(outcome)) continue;
    const delivery = byId.get(outcome.deliveryId);
    if (delivery) await bookFailure(deps, delivery, outcome);
  }
  return outcomes;
}

async function bookFailure(deps: DeliveryDeps, delivery: ClaimedDelivery, outcome: AttemptOutcome) {
  const at = outcome.attemptedAt;
  const retryAt = new Date(at.getTime() + webhookRetryDelayMs(delivery.attempts + 1));
  const isWindowOver = retryAt.getTime() > delivery.retry_until.getTime();
  await deps.db.transaction(async (tx) => {
    await markAttemptFailed(tx, outcome, isWindowOver ? { failedAt: at } : { retryAt });
    const failingSince = await markEndpointFailing(tx, delivery.endpoint_id, at);
    const endpoint = await findEndpoint(tx, delivery.endpoint_id, { lock: true });
    if (!endpoint) return;
    const owners = await listOwnerAddresses(tx, endpoint.clientId);
    if (isWindowOver && owners.length > 0) {
      await deps.mail.send(
        {
          to: owners,
          subject: `A webhook event could not be delivered to ${endpoint.url}`,
          text: [
            `Portico tried for three days to deliver a "${webhookEventLabel(delivery.event_type)}" event (event ${delivery.event_id}) to ${endpoint.url} for ${endpoint.merchantName} and gave up.`,
            `Last result: ${outcome.statusCode === null ? outcome.error : `HTTP ${outcome.statusCode}`}.`,
            'You can send it again from the Developers page once the endpoint answers.',
          ].join('\n\n'),
        },
        tx,
      );
    }
    if (
      failingSince &&
      at.getTime() - failingSince.getTime() >= endpointFailingDisableMs &&
      endpoint.isEnabled
    ) {
      await updateEndpoint(tx, endpoint.id, { isEnabled: false, disabledReason: 'failing' });
      if (owners.length > 0) {
        await deps.mail.send(
          {
            to: owners,
            subject: `Webhook endpoint ${endpoint.url} was disabled`,
            text: [
              `Every delivery to ${endpoint.url} for ${endpoint.merchantName} has failed for three days, so Portico disabled the endpoint.`,
              'Fix the receiver, enable the endpoint on the Developers page, and send the failed events again from its delivery log.',
            ].join('\n\n'),
          },
          tx,
        );
      }
    }
  });
}

export type DeliveryRunSummary = { dispatched: number; attempted: number; delivered: number };

// One delivery run: dispatch, then claim and post what is due, batch after batch, until nothing is
// left or the time budget is spent (the runner runs one job at a time per instance).
export async function runWebhookDeliveries(
  deps: DeliveryDeps,
  now: () => Date,
  budgetMs = 45_000,
): Promise<DeliveryRunSummary> {
  const started = Date.now();
  const summary: DeliveryRunSummary = { dispatched: 0, attempted: 0, delivered: 0 };
  while (Date.now() - started < budgetMs) {
    summary.dispatched += await dispatchEvents(deps.db, now(), 1000);
    const claimed = await claimDueDeliveries(deps.db, { now: now(), limit: batchSize, leaseSeconds });
    if (claimed.length === 0) break;
    const outcomes = await deliverClaimed(deps, claimed, now);
    summary.attempted += outcomes.length;
    summary.delivered += outcomes.filter(
      (outcome) => outcome.statusCode !== null && outcome.statusCode < 300 && outcome.statusCode >= 200,
    ).length;
  }
  return summary;
}

// Sends one delivery now (a test event, a resend), in the caller's request.
export async function deliverOneNow(deps: DeliveryDeps, deliveryId: string, now: () => Date) {
  const claimed = await claimDueDeliveries(deps.db, {
    now: now(),
    limit: 1,
    leaseSeconds,
    onlyId: deliveryId,
  });
  if (claimed.length === 0) return null;
  const [outcome] = await deliverClaimed(deps, claimed, now);
  return outcome ?? null;
}

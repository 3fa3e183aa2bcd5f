import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookHeader, WebhookText } from '@portico/contracts/developers/webhooks';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientIdNamed, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildClient } from '../../../test/factories';
import { paymentFramePayer } from '../../../test/payment-frame-payer';
import { clientConfigs } from '../../db/schema/clients';
import { auditLog, emailOutbox } from '../../db/schema/system';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/webhooks';
import { recordWebhookEvent } from '../../lib/webhook-events';
import { verifyWebhookSignature } from '../../lib/webhook-signature';
import { runWebhookDeliveries } from './webhook-delivery';
import { postWebhook } from './webhook-http';

// Webhooks end to end on the server: endpoints with a secret shown once, events written with the
// change, posted signed to a real receiver on this machine, retried, kept in order per object,
// logged, resent; private addresses refused outside development.

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
// What the receiver answers on /flaky until switched.
let flakyStatus = 500;
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '/';
    received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    if (path === '/ok') response.writeHead(200).end(`thanks ${'x'.repeat(5000)}`);
    else if (path === '/fail') response.writeHead(500).end('broken');
    else if (path === '/flaky') response.writeHead(flakyStatus).end('flaky');
    else if (path === '/drop') request.socket.destroy();
    // /slow: never answers; the sender's timeout ends it.
  });
});
let base = '';

// The clock the app and the delivery run read: moved forward instead of waiting.
let clock = new Date('2026-03-02T10:00:00Z');
const now = () => clock;

let harness: Awaited<ReturnType<typeof buildTestApp>>;
let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
let owner: string;
let copperOwner: string;
let harborLane: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  harness = await buildTestApp(
    { webhooks: { allowPrivateTargets: true, timeoutMs: 300 } },
    { demoAccounts: true, now },
  );
  app = harness.app;
  owner = await sessionCookieFor(app.db, demo.owner);
  copperOwner = await sessionCookieFor(app.db, demo.copperOwner);
  harborLane = await clientIdNamed(app.db, 'Harbor Lane Coffee Roasters');
});
afterAll(async () => {
  await harness.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
// Each test starts with no endpoint, so none hears another test's events.
beforeEach(async () => {
  received.length = 0;
  await app.db.delete(webhookEndpoints);
});

const deps = () => ({
  db: app.db,
  mail: app.mail,
  cipher: app.fieldCipher,
  timeoutMs: 300,
  allowPrivateTargets: true,
});
const deliverDue = () => runWebhookDeliveries(deps(), now);

async function addEndpoint(path: string, eventTypes: string[] = ['payment.approved', 'merchant.frozen']) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhooks/endpoints',
    headers: { cookie: owner },
    payload: { merchant_id: harborLane, url: `${base}${path}`, event_types: eventTypes },
  });
  expect(res.statusCode).toBe(200);
  return res.json().message as { endpoint: { id: string; secret: string }; signing_secret: string };
}

async function removeEndpoint(id: string) {
  await app.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

async function harborEvent(
  objectId: string,
  type: 'payment.approved' | 'merchant.frozen' = 'payment.approved',
) {
  return recordWebhookEvent(app.db, {
    type,
    clientId: harborLane,
    objectType: 'payment',
    objectId,
    data: { amount: '1.00' },
  });
}

describe('webhook endpoints', () => {
  it('shows the signing secret once, masked in every later answer, sealed at rest, audited', async () => {
    const created = await addEndpoint('/ok');
    expect(created.signing_secret).toMatch(/^whsec_/);
    expect(created.endpoint.secret).toBe(`whsec_••••${created.signing_secret.slice(-4)}`);

    const list = await app.inject({
      url: `/api/webhooks/endpoints?merchant_id=${harborLane}`,
      headers: { cookie: owner },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.signing_secret);
    const [row] = await app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(row?.secretEnc).not.toContain(created.signing_secret.slice(6));

    const rolled = await app.inject({
      method: 'POST',
      url: `/api/webhooks/endpoints/${created.endpoint.id}/roll-secret`,
      headers: { cookie: owner },
    });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json().message.signing_secret).not.toBe(created.signing_secret);
    const audits = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, created.endpoint.id));
    expect(audits.map((entry) => entry.action).sort()).toEqual([
      'webhook.endpoint_create',
      'webhook.secret_roll',
    ]);
    await removeEndpoint(created.endpoint.id);
  });

  it('refuses an address that is not http(s) or too long, and another merchant’s endpoint', async () => {
    const before = await app.db.select().from(webhookEndpoints);
    for (const [url, message] of [
      ['ftp://example.com/hook', WebhookText.UrlInvalid],
      [`https://example.com/${'a'.repeat(2100)}`, WebhookText.UrlTooLong],
      ['not an address', WebhookText.UrlInvalid],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks/endpoints',
        headers: { cookie: owner },
        payload: { merchant_id: harborLane, url, event_types: ['payment.approved'] },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(message);
    }
    expect(await app.db.select().from(webhookEndpoints)).toHaveLength(before.length);

    const created = await addEndpoint('/ok');
    const foreign = await app.inject({
      method: 'PATCH',
      url: `/api/webhooks/endpoints/${created.endpoint.id}`,
      headers: { cookie: copperOwner },
      payload: { url: 'https://example.com/elsewhere' },
    });
    expect(foreign.statusCode).toBe(403);
    const [row] = await app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(row?.url).toBe(`${base}/ok`);
    await removeEndpoint(created.endpoint.id);
  });
});

describe('delivery', () => {
  it('writes payment.approved with the charge and posts it signed, with the event id', async () => {
    const created = await addEndpoint('/ok');
    const child = await buildClient(app.db, {
      publicKey: randomUUID(),
      level: 'Merchant',
      parentId: harborLane,
    });
    await app.db
      .insert(clientConfigs)
      .values({ clientId: child.id, payment: 'fis', ach: 'xpress', highTicketCents: 100_000 })
      .onConflictDoUpdate({ target: clientConfigs.clientId, set: { payment: 'fis' } });
    const payer = paymentFramePayer(app);
    const token = await payer.tokenize({
      kind: 'card',
      number: '1111222233334444',
      expMonth: '12',
      expYear: '2030',
      cvv: '123',
    });
    expect(token.statusCode).toBe(200);
    const paid = await payer.charge({
      ...payer.signedLink(child.publicKey, { paymentOptions: ['credit_card'], amount: '25.00' }),
      amount: '25.00',
      method: 'credit_card',
      token: token.json().message.token,
      firstName: 'Ada',
      email: 'ada@example.com',
    });
    expect(paid.statusCode).toBe(200);
    const paymentId = paid.json().message.id;
    const [event] = await app.db.select().from(webhookEvents).where(eq(webhookEvents.objectId, paymentId));
    expect(event?.type).toBe('payment.approved');

    const summary = await deliverDue();
    expect(summary.delivered).toBeGreaterThanOrEqual(1);
    const hit = received.find((request) => request.body.includes(paymentId));
    if (!hit) throw new Error('the receiver heard nothing of the payment');
    expect(hit.headers[WebhookHeader.EventId]).toBe(event?.id);
    expect(hit.headers[WebhookHeader.EventType]).toBe('payment.approved');
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({
      id: event?.id,
      type: 'payment.approved',
      data: { object: { object: 'payment', id: paymentId, amount: '25.00', status: 'Approved' } },
    });
    const signature = String(hit.headers[WebhookHeader.Signature]);
    expect(
      verifyWebhookSignature({
        secret: created.signing_secret,
        header: signature,
        body: hit.body,
        nowSeconds: Math.floor(clock.getTime() / 1000),
      }),
    ).toMatchObject({ isValid: true });
    expect(
      verifyWebhookSignature({
        secret: 'whsec_wrong',
        header: signature,
        body: hit.body,
        nowSeconds: Math.floor(clock.getTime() / 1000),
      }),
    ).toEqual({ isValid: false, reason: WebhookText.SignatureMismatch });

    // Delivered once: the next run sends nothing again.
    received.length = 0;
    await deliverDue();
    expect(received).toHaveLength(0);

    // The log keeps the first 2 kB of the answer.
    const log = await app.inject({
      url: `/api/webhooks/deliveries?merchant_id=${harborLane}&endpoint_id=${created.endpoint.id}&status=delivered`,
      headers: { cookie: owner },
    });
    expect(log.statusCode).toBe(200);
    const [entry] = log.json().message;
    expect(entry.attempt_log[0].status_code).toBe(200);
    expect(entry.attempt_log[0].response_excerpt).toHaveLength(2048);
    await removeEndpoint(created.endpoint.id);
  });

  it('retries a 500, a dropped connection and a timeout with growing waits, then fails after three days and mails the owners', async () => {
    clock = new Date('2026-03-10T10:00:00Z');
    const endpoints = await Promise.all(['/fail', '/drop', '/slow'].map((path) => addEndpoint(path)));
    const objectId = randomUUID();
    const eventId = await harborEvent(objectId);
    await deliverDue();
    const deliveries = await app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, eventId));
    expect(deliveries).toHaveLength(3);
    const attempts = await app.db
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          deliveries.map((delivery) => delivery.id),
        ),
      );
    expect(attempts.map((attempt) => attempt.statusCode ?? attempt.error).sort()).toEqual(
      [500, 'No answer within 300 ms.', 'The connection was closed before an answer.'].sort(),
    );
    for (const delivery of deliveries) {
      expect(delivery.status).toBe('pending');
      expect(delivery.nextAttemptAt.getTime() - clock.getTime()).toBe(60_000);
    }
    // Nothing is due before its wait is over.
    received.length = 0;
    await deliverDue();
    expect(received).toHaveLength(0);

    // Three days of failures: each delivery fails for good, its endpoint is switched off, owners told.
    const mailBefore = await app.db.select().from(emailOutbox);
    for (let step = 0; step < 40; step += 1) {
      clock = new Date(clock.getTime() + 6 * 3600_000);
      await deliverDue();
    }
    const after = await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    expect(after.map((delivery) => delivery.status)).toEqual(['failed', 'failed', 'failed']);
    const switchedOff = await app.db
      .select()
      .from(webhookEndpoints)
      .where(
        inArray(
          webhookEndpoints.id,
          endpoints.map((endpoint) => endpoint.endpoint.id),
        ),
      );
    expect(switchedOff.map((endpoint) => [endpoint.isEnabled, endpoint.disabledReason])).toEqual([
      [false, 'failing'],
      [false, 'failing'],
      [false, 'failing'],
    ]);
    const mail = (await app.db.select().from(emailOutbox)).slice(mailBefore.length);
    expect(mail.some((message) => message.subject.startsWith('A webhook event could not be delivered'))).toBe(
      true,
    );
    expect(mail.some((message) => message.subject.includes('was disabled'))).toBe(true);
    expect(mail.every((message) => message.toAddresses.includes(demo.owner))).toBe(true);
    for (const endpoint of endpoints) await removeEndpoint(endpoint.endpoint.id);
  });

  it('keeps one object’s events in order: a later one waits while an earlier one is retried', async () => {
    clock = new Date('2026-03-20T10:00:00Z');
    flakyStatus = 500;
    const created = await addEndpoint('/flaky');
    const objectId = randomUUID();
    const first = await harborEvent(objectId);
    const second = await harborEvent(objectId, 'merchant.frozen');
    const other = await harborEvent(randomUUID());
    await deliverDue();
    // The first failed; the second waited behind it; another object went on its own.
    expect(received.map((request) => request.headers[WebhookHeader.EventId])).toEqual([first, other]);

    flakyStatus = 200;
    received.length = 0;
    clock = new Date(clock.getTime() + 61_000);
    await deliverDue();
    // Both retried first (sent side by side); the second only once the first was delivered.
    const ids = received.map((request) => request.headers[WebhookHeader.EventId]);
    expect(ids).toHaveLength(3);
    expect(ids.slice(0, 2).sort()).toEqual([first, other].sort());
    expect(ids[2]).toBe(second);
    await removeEndpoint(created.endpoint.id);
  });

  it('sends a test event at once, resends one event, and refuses another merchant’s resend', async () => {
    clock = new Date('2026-03-25T10:00:00Z');
    const created = await addEndpoint('/ok');
    const test = await app.inject({
      method: 'POST',
      url: `/api/webhooks/endpoints/${created.endpoint.id}/test`,
      headers: { cookie: owner },
    });
    expect(test.statusCode).toBe(200);
    expect(test.json().message).toMatchObject({ status: 'delivered', attempt: { status_code: 200 } });
    expect(received[0]?.headers[WebhookHeader.EventType]).toBe('webhook.test');
    const deliveryId = test.json().message.delivery_id;

    const foreign = await app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${deliveryId}/resend`,
      headers: { cookie: copperOwner },
    });
    expect(foreign.statusCode).toBe(403);
    expect(received).toHaveLength(1);

    const resent = await app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${deliveryId}/resend`,
      headers: { cookie: owner },
    });
    expect(resent.statusCode).toBe(200);
    expect(received).toHaveLength(2);
    // Same event id: a receiver drops it if it already handled it.
    expect(received[1]?.headers[WebhookHeader.EventId]).toBe(received[0]?.headers[WebhookHeader.EventId]);
    const [delivery] = await app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId));
    expect(delivery?.attempts).toBe(2);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.resend'), eq(auditLog.targetId, deliveryId)));
    expect(audits).toHaveLength(1);
    await removeEndpoint(created.endpoint.id);
  });

  it('queues again every failed delivery since a time', async () => {
    clock = new Date('2026-04-01T10:00:00Z');
    const created = await addEndpoint('/ok');
    const eventId = await harborEvent(randomUUID());
    await deliverDue();
    await app.db
      .update(webhookDeliveries)
      .set({ status: 'failed', failedAt: clock })
      .where(eq(webhookDeliveries.eventId, eventId));
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/deliveries/resend-failed',
      headers: { cookie: owner },
      payload: { merchant_id: harborLane, since: '2026-03-31T00:00:00Z' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.queued).toBe(1);
    received.length = 0;
    await deliverDue();
    expect(received.map((request) => request.headers[WebhookHeader.EventId])).toEqual([eventId]);
    await removeEndpoint(created.endpoint.id);
  });
});

describe('outside development', () => {
  it('refuses plain http and private, loopback and link-local addresses, and sends nothing there', async () => {
    const strict = await buildTestApp(
      { webhooks: { allowPrivateTargets: false, timeoutMs: 300 } },
      { demoAccounts: true },
    );
    try {
      const cookie = await sessionCookieFor(strict.app.db, demo.owner);
      const merchant = await clientIdNamed(strict.app.db, 'Harbor Lane Coffee Roasters');
      for (const [url, message] of [
        [`${base}/ok`, WebhookText.UrlNotHttps],
        ['https://127.0.0.1/hook', WebhookText.UrlPrivate],
        ['https://10.0.0.7/hook', WebhookText.UrlPrivate],
        ['https://169.254.169.254/latest/meta-data', WebhookText.UrlPrivate],
        ['https://[::1]/hook', WebhookText.UrlPrivate],
        ['https://localhost/hook', WebhookText.UrlPrivate],
      ] as const) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/webhooks/endpoints',
          headers: { cookie },
          payload: { merchant_id: merchant, url, event_types: ['payment.approved'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      expect(await strict.app.db.select().from(webhookEndpoints)).toHaveLength(0);
    } finally {
      await strict.close();
    }
    const refused = await postWebhook({
      url: `${base}/ok`,
      body: '{}',
      headers: {},
      timeoutMs: 300,
      allowPrivate: false,
    });
    expect(refused).toMatchObject({ statusCode: null, error: WebhookText.UrlPrivate });
    expect(received).toHaveLength(0);
  });
});

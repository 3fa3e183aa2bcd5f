import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { mainMenu, signInAs } from '../support/sign-in';

// An integrator's receiver on loopback (the e2e server may post there: it runs with
// WEBHOOK_ALLOW_PRIVATE_TARGETS) that records every request with its raw body and answers 200.
type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/portico`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

// The check docs/webhooks.md gives integrators: HMAC-SHA256 of "<t>.<raw body>" with the secret, in
// constant time, against the v1 of the Portico-Signature header, t within five minutes.
function signatureVerifies(secret: string, header: string, rawBody: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Math.floor(Date.now() / 1000) - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('an owner adds an endpoint, sends a test event the receiver can verify, and sees it delivered', async ({
  page,
}) => {
  await signInAs(page, 'owner@harborlanecoffee.example');
  await mainMenu(page).getByRole('link', { name: 'Developers', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/developers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const modal = page.getByRole('dialog', { name: 'Add endpoint' });
  await modal.getByRole('textbox', { name: 'Endpoint address' }).fill(receiverUrl);
  await modal.getByRole('textbox', { name: 'Description' }).fill('Order system');
  await modal.getByRole('checkbox', { name: 'Payment approved' }).check();
  await modal.getByRole('button', { name: 'Add endpoint' }).click();

  // The secret is shown once, whole; afterwards the card shows it masked.
  const secretBox = modal.getByTestId('signing-secret');
  await expect(secretBox).toHaveText(/^whsec_\S+$/);
  const secret = (await secretBox.textContent())?.trim() ?? '';
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect(modal).toBeHidden();

  const card = page.getByRole('article', { name: `Endpoint ${receiverUrl}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Payment approved');
  await expect(card).not.toContainText(secret);

  await card.getByRole('button', { name: `Send test event to ${receiverUrl}` }).click();
  await expect(card.getByRole('status')).toContainText(
    /Delivered\. The endpoint answered with status 200 in /,
  );

  // The receiver got one POST, signed with the secret shown once, carrying the test event.
  expect(received).toHaveLength(1);
  const delivery = received[0];
  if (delivery === undefined) throw new Error('the receiver got nothing');
  expect(delivery.method).toBe('POST');
  expect(delivery.path).toBe('/hooks/portico');
  expect(delivery.headers['content-type']).toMatch(/^application\/json/);
  expect(delivery.headers['portico-event-type']).toBe('webhook.test');
  const signature = String(delivery.headers['portico-signature'] ?? '');
  expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(signatureVerifies(secret, signature, delivery.body)).toBe(true);
  // A different secret, or a changed body, does not verify.
  expect(signatureVerifies(`${secret}x`, signature, delivery.body)).toBe(false);
  expect(signatureVerifies(secret, signature, `${delivery.body} `)).toBe(false);
  const event = JSON.parse(delivery.body) as { id: string; type: string };
  expect(event.type).toBe('webhook.test');
  expect(delivery.headers['portico-event-id']).toBe(event.id);

  // The delivery log shows the test event to this endpoint as Delivered, in words.
  const grid = page.getByRole('grid', { name: 'Webhook deliveries', exact: true });
  const row = grid.getByRole('row').filter({ hasText: receiverUrl });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Test event');
  await expect(row).toContainText('Delivered');
  await expect(row).not.toContainText(event.id);

  // Clean up: the endpoint is deleted (after confirming) and leaves the page.
  await card.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
  await card.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('The endpoint was deleted.')).toBeVisible();
  await expect(card).toBeHidden();
});

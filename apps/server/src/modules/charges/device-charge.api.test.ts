import { randomUUID } from 'node:crypto';
import { encodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameErrorCode } from '@portico/contracts/payment-frame/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { testConfig } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildClient } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { subEntities } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { terminals } from '../../db/schema/terminals';
import { transactions } from '../../db/schema/transactions';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import { DeviceChargeText } from './device-charge';

// Paying on a linked device from the virtual terminal. The sale runs on the merchant's own
// open terminal through the sandbox terminal provider under the charge's money attempt: approved
// (brand and last four from the device, the lane and TPN in meta, the device's location), declined,
// a closed or foreign terminal refused before any money moves, a frozen merchant refused, a double
// click paying once, and no device payment for a payer on a link.

let app: Awaited<ReturnType<typeof buildApp>>;
let database: DatabaseHandle;
let harbor: { id: string; publicKey: string };
let location: { id: string; name: string };
let openTerminal: string;
let closedTerminal: string;
let foreignTerminal: string;
let cookie: string;

async function addTerminal(values: Partial<typeof terminals.$inferInsert> & { clientId: string }) {
  const [row] = await app.db
    .insert(terminals)
    .values({ laneId: '7', terminalType: 'PAX', ...values })
    .returning({ id: terminals.id });
  if (!row) throw new Error('no terminal');
  return row.id;
}

beforeAll(async () => {
  database = await openTestDatabase({ demoAccounts: true });
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
  const [harborRow] = await app.db
    .select({ id: clients.id, publicKey: clients.publicKey })
    .from(clients)
    .where(eq(clients.name, 'Harbor Lane Coffee Roasters'));
  if (!harborRow) throw new Error('no Harbor Lane');
  harbor = harborRow;
  const [site] = await app.db
    .insert(subEntities)
    .values({ clientId: harbor.id, name: `Pier Counter ${randomUUID().slice(0, 8)}` })
    .returning({ id: subEntities.id, name: subEntities.name });
  if (!site) throw new Error('no location');
  location = site;
  openTerminal = await addTerminal({ clientId: harbor.id, subEntityId: site.id, tpn: '100000000101' });
  closedTerminal = await addTerminal({
    clientId: harbor.id,
    laneId: '8',
    tpn: '100000000102',
    isActive: false,
  });
  const other = await buildClient(app.db, {
    publicKey: randomUUID(),
    apiKey: randomUUID(),
    level: 'Merchant',
  });
  foreignTerminal = await addTerminal({ clientId: other.id, tpn: '100000000103' });
  cookie = await sessionCookieFor(app.db, demo.owner);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const terminalParams = () =>
  encodePaymentFrameParams({
    publishableKey: harbor.publicKey,
    isVirtualTerminal: true,
    paymentOptions: ['credit_card', 'terminal', 'pax', 'newpos'],
  });

async function charge(body: Record<string, unknown>, options: { key?: string; cookie?: string | null } = {}) {
  const sessionCookie = options.cookie === undefined ? cookie : options.cookie;
  return app.inject({
    method: 'POST',
    url: '/api/payment-frame/charge',
    headers: {
      'idempotency-key': options.key ?? randomUUID(),
      ...(sessionCookie === null ? {} : { cookie: sessionCookie }),
    },
    payload: body,
  });
}

async function harborCount() {
  return (
    await app.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.clientId, harbor.id))
  ).length;
}

describe('POST /api/payment-frame/charge on a linked device', () => {
  it('books a terminal sale once per key, with the device card, the lane and TPN and its location', async () => {
    const before = await harborCount();
    const key = randomUUID();
    const body = { params: terminalParams(), amount: '18.50', method: 'terminal', terminal_id: openTerminal };
    const first = await charge(body, { key });
    expect(first.statusCode).toBe(200);
    // A double click: the same key answers the same payment, no second sale.
    const second = await charge(body, { key });
    expect(second.statusCode).toBe(200);
    expect(second.json().message.id).toBe(first.json().message.id);
    expect(await harborCount()).toBe(before + 1);
    const [row] = await app.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, first.json().message.id));
    expect(row).toMatchObject({
      amountCents: 1850,
      action: 'Terminal sale',
      paymentMethod: 'card',
      cardBrand: 'VISA',
      last4: '1117',
      subEntityId: location.id,
    });
    expect(row?.meta).toMatchObject({
      entry_mode: 'device',
      terminal_id: openTerminal,
      lane_id: '7',
      tpn: '100000000101',
      device_type: 'PAX',
    });
    expect(row?.apiResponse).toMatchObject({ sub_location: { name: location.name } });
  });

  it('takes pax on a PAX device and refuses newpos on it', async () => {
    const pax = await charge({
      params: terminalParams(),
      amount: '3.00',
      method: 'pax',
      terminal_id: openTerminal,
    });
    expect(pax.statusCode).toBe(200);
    const newpos = await charge({
      params: terminalParams(),
      amount: '3.00',
      method: 'newpos',
      terminal_id: openTerminal,
    });
    expect(newpos.statusCode).toBe(404);
    expect(newpos.json().error).toMatchObject({
      code: 'TERMINAL_NOT_FOUND',
      message: DeviceChargeText.TerminalNotFound,
    });
  });

  it('answers a decline of the device and books nothing', async () => {
    const before = await harborCount();
    const res = await charge({
      params: terminalParams(),
      amount: '7.13',
      method: 'terminal',
      terminal_id: openTerminal,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe(PaymentFrameErrorCode.Declined);
    expect(await harborCount()).toBe(before);
  });

  it('refuses a closed terminal and another merchant terminal before any money moves', async () => {
    const before = await harborCount();
    const closed = await charge({
      params: terminalParams(),
      amount: '4.00',
      method: 'terminal',
      terminal_id: closedTerminal,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatchObject({
      code: 'TERMINAL_NOT_CONNECTED',
      message: DeviceChargeText.TerminalNotConnected,
    });
    const foreign = await charge({
      params: terminalParams(),
      amount: '4.00',
      method: 'terminal',
      terminal_id: foreignTerminal,
    });
    expect(foreign.statusCode).toBe(404);
    const missing = await charge({ params: terminalParams(), amount: '4.00', method: 'terminal' });
    expect(missing.statusCode).toBe(404);
    expect(await harborCount()).toBe(before);
  });

  it('offers no device payment to a payer on a signed link', async () => {
    const params = encodePaymentFrameParams({
      publishableKey: harbor.publicKey,
      paymentOptions: ['terminal'],
      freeFormAmount: true,
    });
    const res = await charge(
      {
        params,
        sig: signPaymentFrameParams(app, params),
        amount: '4.00',
        method: 'terminal',
        terminal_id: openTerminal,
      },
      { cookie: null },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe(PaymentFrameErrorCode.MethodNotAvailable);
  });

  it('lists the open terminals to a virtual terminal user, none to a payer', async () => {
    const info = await app.inject({
      method: 'GET',
      url: `/api/payment-frame/merchant?key=${harbor.publicKey}`,
      headers: { cookie },
    });
    const devices: { id: string }[] = info.json().message.virtual_terminal.devices;
    expect(devices).toContainEqual({ id: openTerminal, name: null, lane_id: '7', terminal_type: 'PAX' });
    expect(devices.map((device) => device.id)).not.toContain(closedTerminal);
    expect(devices.map((device) => device.id)).not.toContain(foreignTerminal);
    const payer = await app.inject({
      method: 'GET',
      url: `/api/payment-frame/merchant?key=${harbor.publicKey}`,
    });
    expect(payer.json().message.virtual_terminal).toBeNull();
  });

  it('refuses a frozen merchant as for cards', async () => {
    const before = await harborCount();
    await app.db.update(clients).set({ isActive: false }).where(eq(clients.id, harbor.id));
    try {
      const res = await charge({
        params: terminalParams(),
        amount: '4.00',
        method: 'terminal',
        terminal_id: openTerminal,
      });
      expect(res.json().error.code).toBe(PaymentFrameErrorCode.MerchantCannotTakePayments);
      expect(await harborCount()).toBe(before);
    } finally {
      await app.db.update(clients).set({ isActive: true }).where(eq(clients.id, harbor.id));
    }
  });
});

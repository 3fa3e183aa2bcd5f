import { randomUUID } from 'node:crypto';
import {
  deleteTerminalResponse,
  paxOrderResponse,
  TerminalErrorText,
  TerminalText,
  terminalLinkResponse,
  terminalListResponse,
  terminalMerchantsResponse,
  terminalResponse,
} from '@portico/contracts/terminals/terminals';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultClientOf, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { tableTexts } from '../../../test/table-texts';
import type { App } from '../../app';
import { subEntities, userSubEntities } from '../../db/schema/access';
import { encryptedColumn } from '../../db/schema/encrypted-columns';
import { paymentAttempts } from '../../db/schema/payment-attempts';
import { sandboxProcessorLedger } from '../../db/schema/sandbox-processor';
import { auditLog } from '../../db/schema/system';
import { paxOrders, terminals } from '../../db/schema/terminals';
import { users } from '../../db/schema/users';

// Terminals are linked, moved and deleted only within
// the merchants and locations the caller manages with Terminal Admin; a bad request changes nothing;
// a Pax order charges the card once and keeps neither its number nor its CVV anywhere.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
const logLines: string[] = [];
let harbor: string;
let copper: string;
const locations = { pearl: '', alberta: '', copper: '' };
const cookies = { owner: '', barista: '', copper: '', audit: '', admin: '', manager: '' };

async function locationId(clientId: string, name?: string): Promise<string> {
  const [row] = await app.db
    .select({ id: subEntities.id })
    .from(subEntities)
    .where(and(eq(subEntities.clientId, clientId), name ? eq(subEntities.name, name) : undefined))
    .orderBy(asc(subEntities.name));
  if (!row) throw new Error(`no location ${name ?? ''}`);
  return row.id;
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true, logLines });
  app = ctx.app;
  harbor = await defaultClientOf(app.db, demo.owner);
  copper = await defaultClientOf(app.db, demo.copperOwner);
  locations.pearl = await locationId(harbor, 'Pearl District');
  locations.alberta = await locationId(harbor, 'Alberta Arts');
  // Copper Kettle has locations of its own only if the seed gave it some: make one.
  const [copperLocation] = await app.db
    .insert(subEntities)
    .values({ clientId: copper, name: 'Copper Patio' })
    .returning({ id: subEntities.id });
  locations.copper = copperLocation?.id ?? '';
  cookies.owner = await sessionCookieFor(app.db, demo.owner);
  cookies.barista = await sessionCookieFor(app.db, demo.barista);
  cookies.copper = await sessionCookieFor(app.db, demo.copperOwner);
  cookies.audit = await sessionCookieFor(app.db, demo.audit);
  cookies.admin = await sessionCookieFor(app.db, demo.admin);
  // The owner's colleague with every permission, tied to Alberta Arts only.
  const [ownerRow] = await app.db.select().from(users).where(eq(users.email, demo.owner));
  if (!ownerRow) throw new Error('no owner');
  const email = `terminals-${randomUUID().slice(0, 6)}@harborlanecoffee.example`;
  const [colleague] = await app.db
    .insert(users)
    .values({ email, name: 'Alberta Manager', userType: 'user', defaultClientId: harbor })
    .returning();
  if (!colleague) throw new Error('no colleague');
  await app.db.execute(
    sql`insert into memberships (user_id, client_id, role_id)
     select ${colleague.id}, client_id, role_id from memberships where user_id = ${ownerRow.id}`,
  );
  await app.db.insert(userSubEntities).values({ userId: colleague.id, subEntityId: locations.alberta });
  cookies.manager = await sessionCookieFor(app.db, email);
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (
  cookie: string,
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) => app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });

// Everything a refused request must leave as it was.
async function stateOf() {
  const rows = await app.db
    .select({ id: terminals.id, subEntityId: terminals.subEntityId, laneId: terminals.laneId })
    .from(terminals)
    .orderBy(asc(terminals.id));
  const [orders] = await app.db.select({ n: sql<number>`count(*)::int` }).from(paxOrders);
  const [attempts] = await app.db.select({ n: sql<number>`count(*)::int` }).from(paymentAttempts);
  const [ledger] = await app.db.select({ n: sql<number>`count(*)::int` }).from(sandboxProcessorLedger);
  return { rows, orders: orders?.n, attempts: attempts?.n, ledger: ledger?.n };
}

function issuesOf(body: string): string[] {
  const parsed = z
    .object({
      error: z.object({ message: z.string(), issues: z.array(z.object({ message: z.string() })).optional() }),
    })
    .parse(JSON.parse(body));
  return [parsed.error.message, ...(parsed.error.issues ?? []).map((issue) => issue.message)];
}

let laneCounter = 0;
function linkBody(overrides: Record<string, unknown> = {}) {
  laneCounter += 1;
  return {
    merchant_id: harbor,
    tpn: `20190000000${laneCounter % 8}`,
    registerId: `R-${laneCounter}`,
    authKey: `AK-secret-${laneCounter}-Q7zW`,
    laneId: `T19-${laneCounter}`,
    sn: `A920-${laneCounter}`,
    device_type: 'PAX',
    sub_entity_id: locations.pearl,
    ...overrides,
  };
}

async function linkAs(cookie: string, body: Record<string, unknown>) {
  const res = await call(cookie, 'POST', '/api/terminal/link', body);
  expect(res.statusCode, res.body).toBe(200);
  return terminalLinkResponse.parse(res.json()).message;
}

describe('GET /api/v1/terminals', () => {
  it("lists the caller's merchant's terminals with the auth key's last four only, and the provider's status", async () => {
    const res = await call(cookies.owner, 'GET', '/api/v1/terminals');
    expect(res.statusCode, res.body).toBe(200);
    const rows = terminalListResponse.parse(res.json()).message;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.client.id))).toEqual(new Set([harbor]));
    expect(res.body).not.toMatch(/auth_key_enc|authKeyEnc|test\.terminals\.auth_key_enc/);
    for (const row of rows) expect(row.auth_key_last4).toMatch(/^.{4}$/);
  });

  it('shows a user tied to a location only that location, and another merchant only its own', async () => {
    const managed = terminalListResponse.parse(
      (await call(cookies.manager, 'GET', '/api/v1/terminals')).json(),
    );
    expect(managed.message.length).toBeGreaterThan(0);
    expect(new Set(managed.message.map((row) => row.sub_entity?.id))).toEqual(new Set([locations.alberta]));
    const copperRows = terminalListResponse.parse(
      (await call(cookies.copper, 'GET', '/api/v1/terminals')).json(),
    );
    expect(copperRows.message.every((row) => row.client.id === copper)).toBe(true);
  });

  it('refuses a user without Terminal Admin on an RBAC merchant', async () => {
    expect((await call(cookies.barista, 'GET', '/api/v1/terminals')).statusCode).toBe(403);
  });
});

describe('GET /api/terminal/merchants', () => {
  it('names the merchants, their locations within the caller limits, and whether Pax devices are offered', async () => {
    const owner = terminalMerchantsResponse.parse(
      (await call(cookies.owner, 'GET', '/api/terminal/merchants')).json(),
    );
    expect(owner.message).toHaveLength(1);
    expect(owner.message[0]).toMatchObject({ id: harbor, terminals_setting: 'pax', can_order_pax: true });
    expect(owner.message[0]?.sub_locations.map((location) => location.id)).toContain(locations.pearl);
    const manager = terminalMerchantsResponse.parse(
      (await call(cookies.manager, 'GET', '/api/terminal/merchants')).json(),
    );
    expect(manager.message[0]?.sub_locations.map((location) => location.id)).toEqual([locations.alberta]);
    const copperAnswer = terminalMerchantsResponse.parse(
      (await call(cookies.copper, 'GET', '/api/terminal/merchants')).json(),
    );
    expect(copperAnswer.message[0]).toMatchObject({ id: copper, can_order_pax: false });
  });
});

describe('POST /api/terminal/link', () => {
  it('links a device, seals the auth key and answers only its last four; the write is audited', async () => {
    const body = linkBody({ tpn: '201900000001' });
    const before = logLines.length;
    const res = await call(cookies.owner, 'POST', '/api/terminal/link', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(String(body.authKey));
    const { terminal, is_linked } = terminalLinkResponse.parse(res.json()).message;
    expect(is_linked).toBe(true);
    expect(terminal).toMatchObject({
      lane_id: body.laneId,
      tpn: '201900000001',
      terminal_type: 'PAX',
      auth_key_last4: 'Q7zW',
      connection_status: 'open',
      sub_entity: { id: locations.pearl },
      client: { id: harbor },
    });
    const [row] = await app.db.select().from(terminals).where(eq(terminals.id, terminal.id));
    expect(row?.authKeyEnc).not.toContain(String(body.authKey));
    expect(app.fieldCipher().decrypt(row?.authKeyEnc ?? '', encryptedColumn.terminalAuthKey)).toBe(
      body.authKey,
    );
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'terminal.link'), eq(auditLog.targetId, terminal.id)));
    expect(entry).toMatchObject({ outcome: 'success', clientId: harbor });
    expect(JSON.stringify(entry?.details)).not.toContain(String(body.authKey));
    expect(logLines.slice(before).join('\n')).not.toContain(String(body.authKey));
  });

  it('keeps a device the provider has not linked yet, closed, and says so', async () => {
    const { terminal, is_linked } = await linkAs(cookies.owner, linkBody({ tpn: '201900000008' }));
    expect(is_linked).toBe(false);
    expect(terminal.connection_status).toBe('closed');
  });

  it('keeps nothing when the provider refuses the device', async () => {
    const before = await stateOf();
    const res = await call(cookies.owner, 'POST', '/api/terminal/link', linkBody({ tpn: '201900000009' }));
    expect(res.statusCode).toBe(422);
    expect(issuesOf(res.body)).toContain(TerminalText.AddFailed);
    expect(await stateOf()).toEqual(before);
  });

  it.each([
    ['auth key', { authKey: '' }],
    ['lane id', { laneId: '  ' }],
    ['device type', { device_type: undefined }],
  ])('refuses a link without its %s and keeps nothing', async (_name, overrides) => {
    const before = await stateOf();
    const body = Object.fromEntries(
      Object.entries(linkBody(overrides)).filter(([, value]) => value !== undefined),
    );
    const res = await call(cookies.owner, 'POST', '/api/terminal/link', body);
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.body)).toContain(TerminalText.RequiredFields);
    expect(await stateOf()).toEqual(before);
  });

  it('refuses an unknown device type and keeps nothing', async () => {
    const before = await stateOf();
    const res = await call(
      cookies.owner,
      'POST',
      '/api/terminal/link',
      linkBody({ device_type: 'Ingenico' }),
    );
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.body)).toContain(TerminalErrorText.UnknownDeviceType);
    expect(await stateOf()).toEqual(before);
  });

  it("refuses another merchant, another merchant's location, a duplicate lane and unknown fields", async () => {
    const before = await stateOf();
    const foreignMerchant = await call(
      cookies.owner,
      'POST',
      '/api/terminal/link',
      linkBody({ merchant_id: copper }),
    );
    expect(foreignMerchant.statusCode).toBe(403);
    const foreignLocation = await call(
      cookies.owner,
      'POST',
      '/api/terminal/link',
      linkBody({ sub_entity_id: locations.copper }),
    );
    expect(foreignLocation.statusCode).toBe(404);
    const [existing] = await app.db.select().from(terminals).where(eq(terminals.clientId, harbor));
    const duplicate = await call(
      cookies.owner,
      'POST',
      '/api/terminal/link',
      linkBody({ laneId: existing?.laneId ?? '1' }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(issuesOf(duplicate.body)).toContain(TerminalErrorText.DuplicateLane);
    const unknownKey = await call(cookies.owner, 'POST', '/api/terminal/link', { ...linkBody(), extra: 'x' });
    expect(unknownKey.statusCode).toBe(400);
    expect(await stateOf()).toEqual(before);
  });

  it('lets a user tied to a location link only into that location', async () => {
    const before = await stateOf();
    expect(
      (
        await call(
          cookies.manager,
          'POST',
          '/api/terminal/link',
          linkBody({ sub_entity_id: locations.pearl }),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(cookies.manager, 'POST', '/api/terminal/link', linkBody({ sub_entity_id: null })))
        .statusCode,
    ).toBe(404);
    expect(await stateOf()).toEqual(before);
    const { terminal } = await linkAs(cookies.manager, linkBody({ sub_entity_id: locations.alberta }));
    expect(terminal.sub_entity?.id).toBe(locations.alberta);
  });

  it('refuses users without Terminal Admin and processor-audit users', async () => {
    const before = await stateOf();
    expect((await call(cookies.barista, 'POST', '/api/terminal/link', linkBody())).statusCode).toBe(403);
    expect((await call(cookies.audit, 'POST', '/api/terminal/link', linkBody())).statusCode).toBe(403);
    expect(await stateOf()).toEqual(before);
  });
});

describe('PATCH /api/v1/terminals/{id}', () => {
  it('moves a terminal to another location of its merchant, audited', async () => {
    const { terminal } = await linkAs(cookies.owner, linkBody());
    const res = await call(cookies.owner, 'PATCH', `/api/v1/terminals/${terminal.id}`, {
      sub_entity: { id: locations.alberta },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(terminalResponse.parse(res.json()).message.sub_entity?.id).toBe(locations.alberta);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'terminal.assign'), eq(auditLog.targetId, terminal.id)));
    expect(entry?.details).toMatchObject({ from: locations.pearl, to: locations.alberta });
  });

  it("refuses another merchant's terminal or location, and a location outside the caller's, changing nothing", async () => {
    const { terminal: own } = await linkAs(cookies.owner, linkBody());
    const { terminal: foreign } = await linkAs(
      cookies.copper,
      linkBody({ merchant_id: copper, sub_entity_id: locations.copper }),
    );
    const before = await stateOf();
    const foreignTerminal = await call(cookies.owner, 'PATCH', `/api/v1/terminals/${foreign.id}`, {
      sub_entity: { id: locations.pearl },
    });
    expect(foreignTerminal.statusCode).toBe(404);
    const foreignLocation = await call(cookies.owner, 'PATCH', `/api/v1/terminals/${own.id}`, {
      sub_entity: { id: locations.copper },
    });
    expect(foreignLocation.statusCode).toBe(404);
    const outsideManager = await call(cookies.manager, 'PATCH', `/api/v1/terminals/${own.id}`, {
      sub_entity: { id: locations.alberta },
    });
    expect(outsideManager.statusCode).toBe(404);
    const missing = await call(cookies.owner, 'PATCH', `/api/v1/terminals/${randomUUID()}`, {
      sub_entity: null,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await call(cookies.owner, 'PATCH', `/api/v1/terminals/${own.id}`, {
      sub_entity: { id: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await stateOf()).toEqual(before);
  });
});

describe('DELETE /api/terminal/delete/{laneId}', () => {
  it('deletes the caller terminal on the lane and unlinks it, audited', async () => {
    const { terminal } = await linkAs(cookies.owner, linkBody());
    const res = await call(
      cookies.owner,
      'DELETE',
      `/api/terminal/delete/${encodeURIComponent(terminal.lane_id)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(deleteTerminalResponse.parse(res.json()).message.deleted_id).toBe(terminal.id);
    expect(await app.db.select().from(terminals).where(eq(terminals.id, terminal.id))).toEqual([]);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'terminal.delete'), eq(auditLog.targetId, terminal.id)));
    expect(entry?.outcome).toBe('success');
  });

  it("refuses a missing lane id and another merchant's lane, changing nothing", async () => {
    const { terminal: foreign } = await linkAs(
      cookies.copper,
      linkBody({ merchant_id: copper, sub_entity_id: locations.copper }),
    );
    const before = await stateOf();
    const blank = await call(cookies.owner, 'DELETE', '/api/terminal/delete/%20');
    expect(blank.statusCode).toBe(400);
    expect(issuesOf(blank.body)).toContain(TerminalText.MissingLaneId);
    const foreignLane = await call(cookies.owner, 'DELETE', `/api/terminal/delete/${foreign.lane_id}`);
    expect(foreignLane.statusCode).toBe(404);
    const foreignNamed = await call(
      cookies.owner,
      'DELETE',
      `/api/terminal/delete/${foreign.lane_id}?merchant_id=${copper}`,
    );
    expect(foreignNamed.statusCode).toBe(403);
    expect((await call(cookies.audit, 'DELETE', `/api/terminal/delete/${foreign.lane_id}`)).statusCode).toBe(
      403,
    );
    expect(await stateOf()).toEqual(before);
  });

  it('asks staff to name the merchant when several merchants use the lane', async () => {
    const lane = `T19-shared-${randomUUID().slice(0, 4)}`;
    await linkAs(cookies.owner, linkBody({ laneId: lane }));
    await linkAs(
      cookies.copper,
      linkBody({ merchant_id: copper, sub_entity_id: locations.copper, laneId: lane }),
    );
    const before = await stateOf();
    const ambiguous = await call(cookies.admin, 'DELETE', `/api/terminal/delete/${lane}`);
    expect(ambiguous.statusCode).toBe(409);
    expect(await stateOf()).toEqual(before);
    const named = await call(cookies.admin, 'DELETE', `/api/terminal/delete/${lane}?merchant_id=${copper}`);
    expect(named.statusCode, named.body).toBe(200);
    const left = await app.db.select().from(terminals).where(eq(terminals.laneId, lane));
    expect(left.map((row) => row.clientId)).toEqual([harbor]);
  });
});

// ---- Order A Pax Device ---------------------------------------------------------------------------

function luhnDigit(partial: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    const number = `${partial}${digit}`;
    let sum = 0;
    for (let index = 0; index < number.length; index += 1) {
      let value = Number(number[number.length - 1 - index]);
      if (index % 2 === 1) {
        value *= 2;
        if (value > 9) value -= 9;
      }
      sum += value;
    }
    if (sum % 10 === 0) return String(digit);
  }
  throw new Error('unreachable');
}
// A Luhn-valid sandbox number (begins with 1) that appears nowhere else.
const panStart = '190019001900190';
const cardNumber = `${panStart}${luhnDigit(panStart)}`;
const cvv = '8642';

function paxBody(overrides: Record<string, unknown> = {}) {
  return {
    merchant_id: harbor,
    shipTo: 'Harbor Lane Coffee Roasters',
    shipToContact: 'Sam Rivera',
    shipToAddress: '1200 NW Marshall St',
    shipToCity: 'Portland',
    shipToState: 'OR',
    shipToZip: '97209',
    shipToPhone: '503-555-0100',
    cardholderName: 'Sam Rivera',
    CcNum: cardNumber,
    ExpDate: '1230',
    CVV2: cvv,
    billingZip: '97209',
    device_name: 'PAX A920 Pro',
    quantity: 2,
    ...overrides,
  };
}
const order = (cookie: string, body: Record<string, unknown>, key = randomUUID()) =>
  call(cookie, 'POST', '/api/order-pax', body, { 'idempotency-key': key });

describe('POST /api/order-pax', () => {
  it('charges 260 dollars times the quantity once, and keeps the order with the token and last four', async () => {
    const key = randomUUID();
    const res = await order(cookies.owner, paxBody(), key);
    expect(res.statusCode, res.body).toBe(200);
    const result = paxOrderResponse.parse(res.json()).message;
    expect(result).toMatchObject({
      message: TerminalText.PaxOrdered,
      amount: '520.00',
      quantity: 2,
      last4: cardNumber.slice(-4),
    });
    const [row] = await app.db.select().from(paxOrders).where(eq(paxOrders.id, result.id));
    expect(row).toMatchObject({
      clientId: harbor,
      quantity: 2,
      amountCents: 52_000,
      shipToCity: 'Portland',
      shipToZip: '97209',
      cardLast4: cardNumber.slice(-4),
      cardToken: `VISA-${cardNumber.slice(-4)}-12-2030`,
    });
    const charges = await app.db
      .select()
      .from(sandboxProcessorLedger)
      .where(eq(sandboxProcessorLedger.transactionId, result.id));
    expect(charges.map((charge) => [charge.operation, charge.amountCents])).toEqual([['charge', 52_000]]);

    // The same request again (a retry, a double click): the first answer, no second charge or order.
    const again = await order(cookies.owner, paxBody(), key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(paxOrderResponse.parse(again.json()).message.id).toBe(result.id);
    expect(await app.db.select().from(paxOrders).where(eq(paxOrders.clientId, harbor))).toHaveLength(1);
    expect(
      await app.db
        .select()
        .from(sandboxProcessorLedger)
        .where(eq(sandboxProcessorLedger.transactionId, result.id)),
    ).toHaveLength(1);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pax_order'), eq(auditLog.targetId, result.id)));
    expect(entry).toMatchObject({ outcome: 'success', clientId: harbor });
  });

  it.each([
    ['a month of three digits', { ExpDate: '12330' }, TerminalText.PaxRequiredFields],
    ['a month of one digit', { ExpDate: '130' }, TerminalText.PaxRequiredFields],
    ['a quantity of zero', { quantity: 0 }, TerminalErrorText.QuantityAtLeastOne],
    ['no shipping address', { shipToAddress: ' ' }, TerminalText.PaxRequiredFields],
    ['no CVV', { CVV2: '' }, TerminalText.PaxRequiredFields],
    ['an unknown device', { device_name: 'PAX S300' }, TerminalText.PaxRequiredFields],
  ])('refuses %s with its message and changes nothing', async (_name, overrides, message) => {
    const before = await stateOf();
    const res = await order(cookies.owner, paxBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.body)).toContain(message);
    expect(await stateOf()).toEqual(before);
  });

  it('answers the failure text for a card the sandbox would not take, and changes nothing', async () => {
    const before = await stateOf();
    const res = await order(cookies.owner, paxBody({ CcNum: '4111111111111111' }));
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.body)).toContain(TerminalText.PaxFailed);
    expect(await stateOf()).toEqual(before);
  });

  it('refuses a merchant whose terminals setting is not pax, another merchant, and read-only users', async () => {
    const before = await stateOf();
    const dejavoo = await order(cookies.copper, paxBody({ merchant_id: copper }));
    expect(dejavoo.statusCode).toBe(422);
    expect(issuesOf(dejavoo.body)).toContain(TerminalErrorText.PaxNotOffered);
    expect((await order(cookies.copper, paxBody())).statusCode).toBe(403);
    expect((await order(cookies.barista, paxBody())).statusCode).toBe(403);
    expect((await order(cookies.audit, paxBody())).statusCode).toBe(403);
    const noKey = await call(cookies.owner, 'POST', '/api/order-pax', paxBody());
    expect(noKey.statusCode).toBe(400);
    expect(await stateOf()).toEqual(before);
  });

  it('keeps the card number and CVV out of every table and every log line', async () => {
    expect((await order(cookies.owner, paxBody({ quantity: 1 }))).statusCode).toBe(200);
    const tables = await tableTexts(app.db);
    expect(tables.map(({ table }) => table)).toContain('pax_orders');
    for (const { table, text } of tables) {
      expect(text, table).not.toContain(cardNumber);
      expect(text, table).not.toContain(cardNumber.slice(0, 12));
      // A quoted value or key only: a bare 'cvv' turns up by chance in random ciphertext (base64).
      expect(text, table).not.toMatch(new RegExp(`"${cvv}"|"cvv"`, 'i'));
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(cardNumber);
    expect(logLines.join('\n')).not.toContain(`"${cvv}"`);
  });
});

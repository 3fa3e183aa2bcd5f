import { randomUUID } from 'node:crypto';
import { receiptResponse } from '@portico/contracts/transactions/receipt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClientOf, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildUser } from '../../../test/factories';
import { memberships, rolePermissions, roles } from '../../db/schema/access';
import { clientConfigs, clients } from '../../db/schema/clients';
import { transactions } from '../../db/schema/transactions';

// The receipt of /receipt?id= is one transaction of the caller's report.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harborLaneId = '';
let copperKettleId = '';
let reportsOnlyEmail = '';
let noReportsEmail = '';

type TransactionInsert = typeof transactions.$inferInsert;

async function buildPayment(overrides: Partial<TransactionInsert> = {}) {
  const [row] = await ctx.app.db
    .insert(transactions)
    .values({
      clientId: harborLaneId,
      type: 'card',
      action: 'sale',
      actionMode: 'charge',
      amountCents: 4250,
      feeCents: 150,
      surchargeCents: 125,
      paymentStatus: true,
      status: 'Approved',
      cardBrand: 'VISA',
      token: 'VISA-4242-12-2030',
      customerFirstName: 'Pat',
      customerLastName: 'Lee',
      apiResponse: {
        token: 'VISA-4242-12-2030',
        auth_code: 'A1B2C3',
        sub_location: { name: 'Pearl District' },
      },
      createdAt: new Date('2025-06-14T18:05:00Z'),
      ...overrides,
    })
    .returning({ id: transactions.id });
  if (!row) throw new Error('payment insert returned nothing');
  return row.id;
}

async function receipt(email: string, id: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/receipt?id=${id}`,
    headers: { cookie: await sessionCookieFor(ctx.app.db, email) },
  });
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  harborLaneId = await defaultClientOf(ctx.app.db, demo.owner);
  copperKettleId = await defaultClientOf(ctx.app.db, demo.copperOwner);
  await ctx.app.db
    .update(clients)
    .set({
      dbaName: 'Harbor Lane Coffee',
      businessAddress1: '12 Harbor Lane',
      businessAddress2: 'Suite 4',
      businessLocality: 'Portland',
      businessRegion: 'ME',
      businessPostalCode: '04101',
      businessPhoneNumber: '207-555-0100',
    })
    .where(eq(clients.id, harborLaneId));
  await ctx.app.db
    .update(clientConfigs)
    .set({ customizations: { rbac_enabled: true, default_receipt_template: 'healthcare' } })
    .where(eq(clientConfigs.clientId, harborLaneId));

  // A Harbor Lane user holding Reports but not 'Reports - Advanced Fields'.
  const [role] = await ctx.app.db
    .insert(roles)
    .values({ clientId: harborLaneId, name: 'Reports Only' })
    .returning({ id: roles.id });
  if (!role) throw new Error('role insert returned nothing');
  await ctx.app.db.insert(rolePermissions).values({ roleId: role.id, permissionName: 'Reports' });
  const user = await buildUser(ctx.app.db, { defaultClientId: harborLaneId });
  await ctx.app.db.insert(memberships).values({ userId: user.id, clientId: harborLaneId, roleId: role.id });
  reportsOnlyEmail = user.email;
  // A member whose membership grants nothing (RBAC is on at Harbor Lane).
  const bare = await buildUser(ctx.app.db, { defaultClientId: harborLaneId });
  await ctx.app.db.insert(memberships).values({ userId: bare.id, clientId: harborLaneId, roleId: null });
  noReportsEmail = bare.email;
});
afterAll(() => ctx.close());

describe('GET /api/v1/receipt', () => {
  it('gives the merchant, date, type, amount, last 4, auth code, id and status of a transaction', async () => {
    const id = await buildPayment();
    const res = await receipt(demo.owner, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(receiptResponse.parse(res.json()).message).toEqual({
      id,
      created_at: '2025-06-14T18:05:00.000Z',
      type: 'card',
      action: 'sale',
      amount: '42.50',
      surcharge: '1.25',
      status: 'Approved',
      card_brand: 'VISA',
      last4: '4242',
      auth_code: 'A1B2C3',
      original_transaction_id: null,
      customer_name: 'Pat Lee',
      location: 'Pearl District',
      merchant: {
        name: 'Harbor Lane Coffee',
        address_line_1: '12 Harbor Lane',
        address_line_2: 'Suite 4',
        locality: 'Portland',
        region: 'ME',
        postal_code: '04101',
        phone: '207-555-0100',
      },
      // Summit has no white label.
      brand: null,
      template: 'healthcare',
      is_test: false,
    });
  });

  it('reads last 4 from the masked number when the token is opaque, and the processor reference', async () => {
    const original = await buildPayment();
    const id = await buildPayment({
      type: 'refund',
      actionMode: 'refund',
      amountCents: 1000,
      surchargeCents: 0,
      token: 'tok_opaque',
      originalTransactionId: original,
      apiResponse: { processor_reference: 'SBX-FIS-0123456789ab', original_transaction_id: original },
      thirdPartyApiResponse: { AUTH_MASKED_ACCOUNT_NBR: 'XXXXXXXXXXXX0005' },
    });
    const message = receiptResponse.parse((await receipt(demo.owner, id)).json()).message;
    expect(message).toMatchObject({
      type: 'refund',
      amount: '10.00',
      last4: '0005',
      auth_code: 'SBX-FIS-0123456789ab',
      original_transaction_id: original,
      location: null,
    });
    expect(message).not.toHaveProperty('surcharge');

    const unreadable = await buildPayment({ token: null, apiResponse: null, cardBrand: null });
    const bare = receiptResponse.parse((await receipt(demo.owner, unreadable)).json()).message;
    expect(bare).toMatchObject({ last4: 'n/a', auth_code: null, card_brand: null });
  });

  it('leaves the surcharge out for a caller without Reports - Advanced Fields on the merchant', async () => {
    const id = await buildPayment();
    const res = await receipt(reportsOnlyEmail, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).not.toHaveProperty('surcharge');
    expect(res.json().message.amount).toBe('42.50');
  });

  it('answers staff and the parent above the merchant', async () => {
    const id = await buildPayment();
    expect((await receipt(demo.admin, id)).statusCode).toBe(200);
    expect((await receipt(demo.reseller, id)).statusCode).toBe(200);
  });

  it('answers 404 alike for another merchant’s transaction and one that does not exist', async () => {
    const harbor = await buildPayment();
    const copper = await buildPayment({ clientId: copperKettleId });
    const notFound = {
      status: false,
      error: { code: 'TRANSACTION_NOT_FOUND', message: 'Transaction not found' },
      requestId: expect.any(String),
    };
    for (const [email, id] of [
      [demo.copperOwner, harbor],
      [demo.owner, copper],
      [demo.owner, randomUUID()],
    ] as const) {
      const res = await receipt(email, id);
      expect(res.statusCode, `${email} ${id}`).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await receipt(demo.copperOwner, copper)).statusCode).toBe(200);
  });

  it('refuses roles without reports (alpha, healnow), a user without Reports, and a malformed id', async () => {
    const id = await buildPayment();
    expect((await receipt(demo.alpha, id)).statusCode).toBe(403);
    expect((await receipt(demo.healnow, id)).statusCode).toBe(403);
    expect((await receipt(noReportsEmail, id)).statusCode).toBe(403);
    expect((await receipt(demo.owner, 'not-a-uuid')).statusCode).toBe(400);
  });
});

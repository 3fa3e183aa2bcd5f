import { randomUUID } from 'node:crypto';
import { processorAuditReadOnlyText } from '@portico/contracts/access/processor-audit';
import { certificationResponse } from '@portico/contracts/dashboard/certification';
import { countClientsByLevel } from '@portico/contracts/dashboard/clients-meta';
import { DataSyncText } from '@portico/contracts/dashboard/manual-data-pull';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClientOf } from '../../../test/auth-helpers';
import { buildDemoApp } from '../../../test/demo-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment, buildClient } from '../../../test/factories';
import type { App } from '../../app';
import { clientConfigs, clients } from '../../db/schema/clients';
import { dataSyncRequests } from '../../db/schema/data-sync';
import { certificationTests } from '../../db/schema/developers';
import { transactionNotes } from '../../db/schema/risk';
import { payouts } from '../../db/schema/settlements';
import { auditLog } from '../../db/schema/system';
import { transactions } from '../../db/schema/transactions';

const now = new Date('2026-06-15T16:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
const certifyEmail = 'certify@orbitcommerce.example';

let ctx: Awaited<ReturnType<typeof buildDemoApp>>;
let app: App;
const as = (email: string) => ctx.as(email);

beforeAll(async () => {
  ctx = await buildDemoApp({
    now,
    signedIn: [demo.admin, demo.audit, demo.reseller, demo.owner, demo.healnow, certifyEmail],
  });
  app = ctx.app;
});
afterAll(() => ctx.close());

function get(url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
}

function postSync(payload: Record<string, unknown>, cookie: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/manual-data-pull-accounts',
    headers: { cookie },
    payload,
  });
}

// A merchant of its own under the given parent, with risk limits the test chooses.
async function buildMerchant(
  limits: { highTicketCents?: number; riskVelocity?: number } = {},
  parentId?: string,
) {
  const client = await buildClient(app.db, {
    level: 'Merchant',
    dbaName: `Risky Shop ${randomUUID().slice(0, 6)}`,
    ...(parentId ? { parentId } : {}),
  });
  await app.db.insert(clientConfigs).values({ clientId: client.id, ...limits });
  return client;
}

async function buildPayment(clientId: string, amountCents: number, createdAt: Date, overrides = {}) {
  const [row] = await app.db
    .insert(transactions)
    .values({
      clientId,
      type: 'card',
      actionMode: 'charge',
      amountCents,
      paymentStatus: true,
      requestStatus: true,
      status: 'Approved',
      createdAt,
      ...overrides,
    })
    .returning({ id: transactions.id });
  if (!row) throw new Error('no transaction');
  return row.id;
}

describe('Merchant Data Sync: /api/v1/manual-data-pull-accounts', () => {
  it('lists every merchant (not parents) by name, for admin only', async () => {
    const res = await get('/api/v1/manual-data-pull-accounts', as(demo.admin));
    expect(res.statusCode).toBe(200);
    const options: { merchant_id: string; dba_name: string }[] = res.json().message;
    const merchantCount = await app.db.$count(clients, eq(clients.level, 'Merchant'));
    expect(options).toHaveLength(merchantCount);
    const harborLane = await defaultClientOf(app.db, demo.owner);
    const [harbor] = await app.db.select().from(clients).where(eq(clients.id, harborLane));
    expect(options.find((option) => option.merchant_id === harborLane)?.dba_name).toBe(harbor?.dbaName);
    const names = options.map((option) => option.dba_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    expect((await get('/api/v1/manual-data-pull-accounts', as(demo.reseller))).statusCode).toBe(403);
    expect((await get('/api/v1/manual-data-pull-accounts', as(demo.owner))).statusCode).toBe(403);
    expect((await get('/api/v1/manual-data-pull-accounts')).statusCode).toBe(401);
  });

  it('records a requested sync once per merchant, audited', async () => {
    const merchant = await buildMerchant();
    const first = await postSync({ merchant_id: merchant.id }, as(demo.admin));
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toEqual({
      id: expect.any(String),
      merchant_id: merchant.id,
      status: 'requested',
      requested_at: expect.any(String),
    });
    // Asked again while waiting: the same request.
    const second = await postSync({ merchant_id: merchant.id }, as(demo.admin));
    expect(second.json().message.id).toBe(first.json().message.id);

    const rows = await app.db
      .select()
      .from(dataSyncRequests)
      .where(eq(dataSyncRequests.clientId, merchant.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'requested', requestedByEmail: demo.admin });
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'data_sync_request'), eq(auditLog.clientId, merchant.id)));
    expect(audit.map((entry) => [entry.outcome, entry.actorEmail, entry.details])).toEqual([
      ['success', demo.admin, { is_new: true }],
      ['success', demo.admin, { is_new: false }],
    ]);
  });

  it('refuses a parent, an unknown merchant, a missing merchant, other roles and processor-audit users', async () => {
    const summit = await defaultClientOf(app.db, demo.reseller);
    const parent = await postSync({ merchant_id: summit }, as(demo.admin));
    expect(parent.statusCode).toBe(404);
    expect(parent.json().error.message).toBe(DataSyncText.MerchantNotFound);
    expect((await postSync({ merchant_id: randomUUID() }, as(demo.admin))).statusCode).toBe(404);
    expect((await postSync({}, as(demo.admin))).statusCode).toBe(400);

    const merchant = await buildMerchant();
    expect((await postSync({ merchant_id: merchant.id }, as(demo.reseller))).statusCode).toBe(403);
    const audit = await postSync({ merchant_id: merchant.id }, as(demo.audit));
    expect(audit.statusCode).toBe(403);
    expect(audit.json().error.message).toBe(processorAuditReadOnlyText);
    expect(await app.db.$count(dataSyncRequests, eq(dataSyncRequests.clientId, merchant.id))).toBe(0);
  });
});

describe('GET /api/portal/clients-meta', () => {
  it('gives admin every client with its level', async () => {
    const res = await get('/api/portal/clients-meta', as(demo.admin));
    expect(res.statusCode).toBe(200);
    const list: { level: 'Parent' | 'Merchant' }[] = res.json().message;
    expect(countClientsByLevel(list)).toEqual({
      Merchant: await app.db.$count(clients, eq(clients.level, 'Merchant')),
      Parent: await app.db.$count(clients, eq(clients.level, 'Parent')),
    });
  });

  it('gives a parent its own hierarchy, and a selected client with everything below it', async () => {
    const summit = await defaultClientOf(app.db, demo.reseller);
    const below = await app.db.select({ id: clients.id }).from(clients).where(eq(clients.parentId, summit));
    const res = await get('/api/portal/clients-meta', as(demo.reseller));
    expect(res.statusCode).toBe(200);
    const ids = new Set(res.json().message.map((client: { id: string }) => client.id));
    for (const child of below) expect(ids.has(child.id)).toBe(true);
    const copperKettle = await defaultClientOf(app.db, demo.copperOwner);
    expect(ids.has(copperKettle)).toBe(true);
    expect(ids.has(await defaultClientOf(app.db, demo.dental))).toBe(false);

    const selected = await get(`/api/portal/clients-meta?id=${summit}`, as(demo.admin));
    const list: { id: string; level: string }[] = selected.json().message;
    expect(list[0]).toMatchObject({ id: summit, level: 'Parent' });
    expect(list).toHaveLength(below.length + 1);
  });

  it('refuses clients out of reach and roles without the Merchants card', async () => {
    const dental = await defaultClientOf(app.db, demo.dental);
    expect((await get(`/api/portal/clients-meta?id=${dental}`, as(demo.reseller))).statusCode).toBe(403);
    expect((await get('/api/portal/clients-meta', as(demo.owner))).statusCode).toBe(403);
    expect((await get('/api/portal/clients-meta', as(demo.healnow))).statusCode).toBe(403);
    expect((await get(`/api/portal/clients-meta?id=${randomUUID()}`, as(demo.admin))).statusCode).toBe(404);
  });
});

describe('GET /api/risk', () => {
  it('lists payments of the last 30 days that break a risk rule and have no risk note', async () => {
    const merchant = await buildMerchant({ highTicketCents: 50_000, riskVelocity: 3 });
    // Forty ordinary payments, two a day: the mean and deviation to judge by.
    await app.db.insert(transactions).values(
      Array.from({ length: 40 }, (_, i) => ({
        clientId: merchant.id,
        type: 'card' as const,
        amountCents: 2_000 + i,
        paymentStatus: true,
        createdAt: hoursAgo(Math.floor(i / 2) * 24 + 5 + (i % 2) * 3),
      })),
    );
    const highTicket = await buildPayment(merchant.id, 60_000, hoursAgo(33));
    const reviewed = await buildPayment(merchant.id, 70_000, hoursAgo(34));
    await app.db
      .insert(transactionNotes)
      .values({ transactionId: reviewed, clientId: merchant.id, content: 'Invoice seen' });
    await buildPayment(merchant.id, 80_000, hoursAgo(24 * 40));
    await buildPayment(merchant.id, 90_000, hoursAgo(20), { paymentStatus: false, status: 'Declined' });
    // Four payments within one hour against a velocity limit of 3.
    const burst: string[] = [];
    for (let minute = 0; minute < 4; minute++) {
      burst.push(await buildPayment(merchant.id, 1_000, new Date(Date.UTC(2026, 5, 14, 10, minute * 10))));
    }

    const res = await get(`/api/risk?id=${merchant.id}`, as(demo.admin));
    expect(res.statusCode).toBe(200);
    const alerts: { kind: string; transaction_id: string; merchant: string; amount: string }[] =
      res.json().message;
    const byKind = (kind: string) =>
      alerts
        .filter((alert) => alert.kind === kind)
        .map((alert) => alert.transaction_id)
        .sort();
    expect(byKind('high_ticket')).toEqual([highTicket]);
    // The trailing hour of the fourth holds four payments (and that of an ordinary one half an hour
    // later, five); each earlier one of the burst was within the limit when it came.
    const velocity = byKind('high_velocity');
    expect(velocity).toContain(burst[3]);
    expect(velocity.filter((id) => burst.slice(0, 3).includes(id))).toEqual([]);
    expect(byKind('std_dev')).toEqual([highTicket]);
    expect(alerts.find((alert) => alert.kind === 'high_ticket')).toMatchObject({
      merchant: merchant.dbaName,
      amount: '600.00',
    });

    // Without id: every merchant, so this one's alerts are among them.
    const all = await get('/api/risk', as(demo.admin));
    expect(
      all.json().message.filter((alert: { client_id: string }) => alert.client_id === merchant.id),
    ).toHaveLength(alerts.length);
  });

  it('is for admin only', async () => {
    expect((await get('/api/risk', as(demo.reseller))).statusCode).toBe(403);
    expect((await get('/api/risk', as(demo.owner))).statusCode).toBe(403);
    expect((await get('/api/risk', as(demo.healnow))).statusCode).toBe(403);
  });
});

describe('GET /api/operations', () => {
  it('lists held or failed payouts, recent ACH returns and failed data syncs', async () => {
    const merchant = await buildMerchant();
    const [held] = await app.db
      .insert(payouts)
      .values([
        {
          clientId: merchant.id,
          payoutDate: '2026-06-10',
          statementMonth: '2026-06-01',
          amountCents: 10_000,
          processor: 'fis',
          status: 'held',
          createdAt: hoursAgo(120),
        },
        {
          clientId: merchant.id,
          payoutDate: '2026-06-09',
          statementMonth: '2026-06-01',
          amountCents: 10_000,
          processor: 'fis',
          status: 'paid',
          createdAt: hoursAgo(144),
        },
      ])
      .returning({ id: payouts.id });
    const returned = await buildPayment(merchant.id, 5_000, hoursAgo(48), {
      type: 'ach',
      proPayStatus: 'ACHInReturned',
    });
    await buildPayment(merchant.id, 5_000, hoursAgo(24 * 45), { type: 'ach', proPayStatus: 'ACHInRejected' });
    const [failedSync] = await app.db
      .insert(dataSyncRequests)
      .values({
        clientId: merchant.id,
        status: 'failed',
        lastError: 'processor timeout',
        requestedAt: hoursAgo(3),
      })
      .returning({ id: dataSyncRequests.id });

    const res = await get(`/api/operations?id=${merchant.id}`, as(demo.admin));
    expect(res.statusCode).toBe(200);
    const alerts: { id: string; type: string; result: string; name: string }[] = res.json().message;
    expect(alerts.map((alert) => [alert.type, alert.id, alert.result])).toEqual([
      ['data_sync', failedSync?.id, 'Data sync failed: processor timeout'],
      ['ach_return', returned, 'ACH item returned'],
      ['payout', held?.id, 'Payout held'],
    ]);
    expect(alerts[0]?.name).toBe(merchant.dbaName);
    expect((await get('/api/operations', as(demo.healnow))).statusCode).toBe(403);
  });
});

describe('GET /api/certification', () => {
  it('shows the progress of the caller’s own client in certification', async () => {
    const res = await get('/api/certification', as(certifyEmail));
    expect(res.statusCode).toBe(200);
    // The demo data: two charges and a refund passed, reporting not attempted.
    expect(res.json().message).toEqual({
      client_id: await defaultClientOf(app.db, certifyEmail),
      is_in_certification: true,
      charges: 2,
      refunds: 1,
      reporting: 0,
      progress: 67,
      date_time_completed: null,
    });
  });

  it('gives 100% and the completion time once every category passed', async () => {
    const orbit = await defaultClientOf(app.db, certifyEmail);
    const completedAt = new Date('2026-06-14T18:00:00.000Z');
    await app.db
      .update(certificationTests)
      .set({ isPassed: true, testResult: 'Approved', completedAt })
      .where(and(eq(certificationTests.clientId, orbit), eq(certificationTests.category, 'reporting')));
    const res = await get(`/api/certification?id=${orbit}`, as(demo.admin));
    expect(res.json().message).toMatchObject({
      reporting: 1,
      progress: 100,
      date_time_completed: completedAt.toISOString(),
    });
  });

  it('advances with the sandbox charges and refunds the client in certification makes', async () => {
    const orbit = await defaultClientOf(app.db, certifyEmail);
    const before = certificationResponse.parse(
      (await get('/api/certification', as(certifyEmail))).json(),
    ).message;
    await buildCardPayment(app.db, { clientId: orbit, createdAt: new Date('2026-06-15T10:00:00Z') });
    // A declined charge does not count.
    await buildCardPayment(app.db, {
      clientId: orbit,
      createdAt: new Date('2026-06-15T10:01:00Z'),
      paymentStatus: false,
      status: 'Declined',
    });
    await buildCardPayment(app.db, {
      clientId: orbit,
      createdAt: new Date('2026-06-15T10:02:00Z'),
      type: 'refund',
      actionMode: 'refund',
      amountCents: 1_000,
    });
    const after = certificationResponse.parse(
      (await get('/api/certification', as(certifyEmail))).json(),
    ).message;
    expect(after.charges).toBe(before.charges + 1);
    expect(after.refunds).toBe(before.refunds + 1);
    expect(after.reporting).toBe(before.reporting);
  });

  it('refuses a client out of reach', async () => {
    const orbit = await defaultClientOf(app.db, certifyEmail);
    expect((await get(`/api/certification?id=${orbit}`, as(demo.owner))).statusCode).toBe(403);
    expect((await get(`/api/certification?id=${randomUUID()}`, as(demo.admin))).statusCode).toBe(404);
  });
});

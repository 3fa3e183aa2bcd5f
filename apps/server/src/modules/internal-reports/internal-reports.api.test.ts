import {
  InternalReportText,
  internalReportLabel,
  internalReportNames,
} from '@portico/contracts/internal-reports/internal-reports';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { clientConfigs, clients } from '../../db/schema/clients';
import { enrollments } from '../../db/schema/enrollments';
import { merchantStatusHistory } from '../../db/schema/risk';
import { transactions } from '../../db/schema/transactions';
import { users } from '../../db/schema/users';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const ids = { harborLane: '', copperKettle: '' };
const thisMonth = new Date().toISOString().slice(0, 7);

async function getAs(email: string, url: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { cookie: await sessionCookieFor(ctx.app.db, email) },
  });
}

async function report(name: string): Promise<Record<string, unknown>[]> {
  const res = await getAs(demo.admin, `/api/v1/report/all-internal/${name}`);
  expect(res.statusCode, name).toBe(200);
  return res.json().message;
}

async function clientIdByName(name: string) {
  const [row] = await ctx.app.db.select({ id: clients.id }).from(clients).where(eq(clients.dbaName, name));
  if (!row) throw new Error(`no client ${name}`);
  return row.id;
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  ids.harborLane = await clientIdByName('Harbor Lane Coffee Roasters');
  ids.copperKettle = await clientIdByName('Copper Kettle Bistro');
  const now = new Date();
  const base = {
    type: 'card' as const,
    paymentMethod: 'card',
    processor: 'fis' as const,
    cardBrand: 'VISA',
    createdAt: now,
  };
  await ctx.app.db.insert(transactions).values([
    // Harbor Lane this month: a sale, its partial refund and a decline. Gross 12.34 - 2.00 = 10.34.
    {
      ...base,
      clientId: ids.harborLane,
      actionMode: 'settle',
      amountCents: 1234,
      feeCents: 40,
      paymentStatus: true,
      status: 'Approved',
    },
    {
      ...base,
      clientId: ids.harborLane,
      type: 'refund',
      actionMode: 'refund',
      amountCents: 200,
      paymentStatus: true,
      status: 'Approved',
    },
    {
      ...base,
      clientId: ids.harborLane,
      actionMode: 'charge',
      amountCents: 500,
      feeCents: 10,
      paymentStatus: false,
      status: 'Declined',
      thirdPartyApiResponse: { AUTH_RESP: '05' },
    },
    // Above Copper Kettle's high-ticket limit.
    {
      ...base,
      clientId: ids.copperKettle,
      actionMode: 'settle',
      amountCents: 1_500_000,
      paymentStatus: true,
      status: 'Approved',
    },
    // Outside every window.
    {
      ...base,
      clientId: ids.harborLane,
      actionMode: 'settle',
      amountCents: 99_999,
      paymentStatus: true,
      createdAt: new Date(now.getTime() - 420 * 24 * 3600 * 1000),
    },
  ]);
});
afterAll(() => ctx.close());

describe('internal reports', () => {
  it('lists the report names with their reporting. prefix', async () => {
    const res = await getAs(demo.admin, '/api/v1/report/all-internal');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: [...internalReportNames] });
  });

  it('answers every listed report, by its name with or without the prefix', async () => {
    for (const name of internalReportNames) {
      expect(Array.isArray(await report(name))).toBe(true);
      expect(Array.isArray(await report(internalReportLabel(name)))).toBe(true);
    }
  });

  it('sums a merchant month with the gross rule, money as 2-decimal strings', async () => {
    const rows = await report('merchant_volume_by_month');
    const harbor = rows.filter((row) => row.client_id === ids.harborLane);
    expect(harbor).toEqual([
      {
        month: thisMonth,
        client_id: ids.harborLane,
        merchant: 'Harbor Lane Coffee Roasters',
        parent: expect.any(String),
        transaction_count: 3,
        approved_count: 2,
        declined_count: 1,
        gross: '10.34',
        fee: '0.40',
      },
    ]);
  });

  it('counts declines by reason and response code', async () => {
    const rows = await report('reporting.declines_by_reason');
    expect(rows).toContainEqual({
      month: thisMonth,
      reason: 'Declined',
      response_code: '05',
      processor: 'fis',
      payment_method: 'card',
      card_brand: 'VISA',
      decline_count: 1,
      merchant_count: 1,
      declined_amount: '5.00',
    });
  });

  it('lists high-ticket payments with the limit they broke', async () => {
    const rows = await report('high_ticket_transactions');
    const [config] = await ctx.app.db
      .select({ limit: clientConfigs.highTicketCents })
      .from(clientConfigs)
      .where(eq(clientConfigs.clientId, ids.copperKettle));
    const copper = rows.find((row) => row.client_id === ids.copperKettle);
    expect(copper).toMatchObject({
      amount: '15000.00',
      high_ticket_limit: formatCentsAsDecimal(config?.limit ?? 0),
      status: 'Approved',
    });
    expect(String(copper?.created_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('counts every enrollment once in the pipeline', async () => {
    const rows = await report('enrollments_by_status');
    const [total] = await ctx.app.db.select({ n: count() }).from(enrollments);
    expect(rows.reduce((sum, row) => sum + Number(row.enrollment_count), 0)).toBe(total?.n);
    expect(String(rows[0]?.oldest_created_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('shows freezes and unfreezes with who and why, newest first', async () => {
    const [admin] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, demo.admin));
    await ctx.app.db.insert(merchantStatusHistory).values([
      {
        clientId: ids.copperKettle,
        status: 'Frozen',
        reason: 'Velocity alert',
        changedByUserId: admin?.id ?? null,
        createdAt: new Date(Date.now() - 60_000),
      },
      {
        clientId: ids.copperKettle,
        status: 'Active',
        reason: 'Reviewed',
        changedByUserId: admin?.id ?? null,
      },
    ]);
    const rows = await report('merchant_status_changes');
    expect(rows.slice(0, 2)).toEqual([
      expect.objectContaining({
        client_id: ids.copperKettle,
        status: 'Active',
        reason: 'Reviewed',
        changed_by: demo.admin,
        is_active_now: true,
      }),
      expect.objectContaining({ client_id: ids.copperKettle, status: 'Frozen', reason: 'Velocity alert' }),
    ]);
    const times = rows.map((row) => Date.parse(String(row.changed_at)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers 404 for a name that is not a report, whatever it contains', async () => {
    for (const name of [
      'users',
      'reporting.users',
      'public.transactions',
      encodeURIComponent('merchant_volume_by_month; drop table users'),
    ]) {
      const res = await getAs(demo.admin, `/api/v1/report/all-internal/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error).toEqual({
        code: 'INTERNAL_REPORT_NOT_FOUND',
        message: InternalReportText.NotFound,
      });
    }
  });

  it('is for admins only', async () => {
    for (const email of [demo.healnow, demo.reseller, demo.owner, demo.alpha]) {
      expect((await getAs(email, '/api/v1/report/all-internal')).statusCode, email).toBe(403);
      expect((await getAs(email, '/api/v1/report/all-internal/declines_by_reason')).statusCode, email).toBe(
        403,
      );
    }
  });
});

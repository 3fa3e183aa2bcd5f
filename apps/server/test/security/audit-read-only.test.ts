import { randomUUID } from 'node:crypto';
import { processorAuditReadOnlyText } from '@portico/contracts/access/processor-audit';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/client';
import { memberships } from '../../src/db/schema/access';
import { clients } from '../../src/db/schema/clients';
import { dataSyncRequests } from '../../src/db/schema/data-sync';
import { enrollments } from '../../src/db/schema/enrollments';
import { notes } from '../../src/db/schema/notes';
import { auditLog } from '../../src/db/schema/system';
import { transactions } from '../../src/db/schema/transactions';
import { users } from '../../src/db/schema/users';
import { defaultClientOf, sessionCookieFor } from '../auth-helpers';
import { testConfig } from '../build-test-app';
import { demo } from '../demo-data';
import { buildMerchantApplication, enrollThroughApi } from '../enrollment-fixtures';
import { buildCardPayment } from '../factories';
import { openTestDatabase } from '../test-database';

// A processor-audit user once approved an enrollment (BOARDED, live key), added a user
// to a merchant, and that user then refunded a payment. Replayed here: every write of the audit
// user is refused by the access layer, audited, and leaves the database as it was; reads still answer.

// Noon Eastern on 15 June 2026: a payment of 14:00Z is voidable today, one of the 14th refundable.
const now = new Date('2026-06-15T16:00:00.000Z');

let database: DatabaseHandle;
let app: App;
let summitId: string;
let harborLaneId: string;

beforeAll(async () => {
  database = await openTestDatabase({ demoAccounts: true });
  app = await buildApp({ config: testConfig(), database, logger: false, now: () => now });
  await app.ready();
  summitId = await defaultClientOf(app.db, demo.reseller);
  harborLaneId = await defaultClientOf(app.db, demo.owner);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function call(
  email: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const cookie = await sessionCookieFor(app.db, email);
  if (payload === undefined) return app.inject({ method, url, headers: { cookie, ...headers } });
  return app.inject({
    method,
    url,
    headers: { cookie, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });
}

function buildPayment(createdAt: Date) {
  return buildCardPayment(app.db, { clientId: harborLaneId, createdAt });
}

// Row counts of every table the refused writes would have changed.
async function businessRowCounts() {
  const countOf = async (table: TableOf) => (await app.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    enrollments: await countOf(enrollments),
    clients: await countOf(clients),
    users: await countOf(users),
    memberships: await countOf(memberships),
    notes: await countOf(notes),
    transactions: await countOf(transactions),
    dataSyncRequests: await countOf(dataSyncRequests),
  };
}
type TableOf =
  | typeof enrollments
  | typeof clients
  | typeof users
  | typeof memberships
  | typeof notes
  | typeof transactions
  | typeof dataSyncRequests;

async function enrollmentRow(id: string) {
  const [row] = await app.db.select().from(enrollments).where(eq(enrollments.id, id));
  if (!row) throw new Error(`no enrollment ${id}`);
  return row;
}

async function deniedRoutesOfAuditUser() {
  const rows = await app.db
    .select({ targetId: auditLog.targetId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.actorEmail, demo.audit)));
  return rows;
}

describe('a processor-audit user is read-only everywhere', () => {
  it('replays the attack: approve, add a user, void, refund and other writes are refused and change nothing', async () => {
    // An application under Summit that passed KYC: one approve away from BOARDED with a live key.
    const enrollmentId = await enrollThroughApi(
      app,
      demo.admin,
      buildMerchantApplication(summitId, { dba_name: 'Audited Bakery', legal_name: 'Audited Bakery LLC' }),
    );
    expect((await call(demo.admin, 'POST', '/api/kyc', { id: enrollmentId })).statusCode).toBe(200);
    const enrollmentBefore = await enrollmentRow(enrollmentId);
    const voidable = await buildPayment(new Date('2026-06-15T14:00:00.000Z'));
    const refundable = await buildPayment(new Date('2026-06-14T14:00:00.000Z'));
    const before = await businessRowCounts();
    const newUserEmail = 'accomplice@audit.example';

    // Sent one after the other, as the attacker did.
    const answers = [
      await call(demo.audit, 'PATCH', '/api/enroll/approve', { id: enrollmentId }),
      await call(demo.audit, 'POST', '/api/user/new', {
        name: 'Accomplice',
        email: newUserEmail,
        phone: '303-555-0100',
        user_type: 'user',
        clientid: harborLaneId,
        label: 'Manager',
        disabled: false,
      }),
      await call(demo.audit, 'POST', '/api/void', { id: voidable }, { 'idempotency-key': randomUUID() }),
      await call(
        demo.audit,
        'POST',
        '/api/refund',
        { id: refundable, amount: '25.00' },
        { 'idempotency-key': randomUUID() },
      ),
      // Viewing as a merchant changes the acting role, not the person: still refused.
      await call(
        demo.audit,
        'POST',
        `/api/refund?viewAs=${harborLaneId}`,
        { id: refundable },
        { 'idempotency-key': randomUUID() },
      ),
      await call(demo.audit, 'PATCH', '/api/enroll/reject', { id: enrollmentId }),
      await call(demo.audit, 'PATCH', '/api/enroll/edit', {
        meta: JSON.stringify({ id: enrollmentId, dba_name: 'Renamed By Audit' }),
      }),
      await call(demo.audit, 'POST', '/api/kyc', { id: enrollmentId }),
      await call(
        demo.audit,
        'POST',
        '/api/enroll',
        buildMerchantApplication(summitId, { dba_name: 'Audit Shell Co' }),
      ),
      await call(demo.audit, 'POST', '/api/notes', {
        comment: 'Audit',
        client_id: harborLaneId,
        origin: 'Portal',
      }),
      await call(demo.audit, 'POST', '/api/v1/manual-data-pull-accounts', { merchant_id: harborLaneId }),
    ];

    expect(answers.map((res) => [res.statusCode, res.json().error?.message])).toEqual(
      answers.map(() => [403, processorAuditReadOnlyText]),
    );
    expect(await businessRowCounts()).toEqual(before);
    const enrollmentAfter = await enrollmentRow(enrollmentId);
    expect(enrollmentAfter).toEqual(enrollmentBefore);
    expect(enrollmentAfter).toMatchObject({ clientId: null, approvedAt: null, dbaName: 'Audited Bakery' });
    expect(await app.db.$count(users, eq(users.email, newUserEmail))).toBe(0);
    expect(await app.db.$count(transactions, eq(transactions.originalTransactionId, voidable))).toBe(0);
    expect(await app.db.$count(transactions, eq(transactions.originalTransactionId, refundable))).toBe(0);

    // Each refusal is in the audit log, with the reason.
    const denied = await deniedRoutesOfAuditUser();
    expect(new Set(denied.map((row) => row.targetId))).toEqual(
      new Set([
        'PATCH /api/enroll/approve',
        'POST /api/user/new',
        'POST /api/void',
        'POST /api/refund',
        'PATCH /api/enroll/reject',
        'PATCH /api/enroll/edit',
        'POST /api/kyc',
        'POST /api/enroll',
        'POST /api/notes',
        'POST /api/v1/manual-data-pull-accounts',
      ]),
    );
    for (const row of denied) expect(row.details).toMatchObject({ reason: 'processor_audit', role: 'admin' });

    // The enrollment was approvable all along: an administrator who is not an auditor boards it.
    const approved = await call(demo.admin, 'PATCH', '/api/enroll/approve', { id: enrollmentId });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message.application_status).toBe('BOARDED');
  });

  it('still lets the audit user read, search the report and keep their own session and settings', async () => {
    const fernFig = await app.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.dbaName, 'Fern & Fig Kitchen'));
    const fernFigId = fernFig[0]?.id ?? '';
    const reads = [
      await call(demo.audit, 'GET', `/api/enroll?id=${fernFigId}`),
      await call(demo.audit, 'GET', `/api/client/users?id=${harborLaneId}`),
      await call(demo.audit, 'GET', `/api/v1/report?start=2026-06-01&end=2026-06-15&id=${harborLaneId}`),
      await call(demo.audit, 'POST', '/api/v1/report/search', {
        start_date: '2026-06-01T00:00:00.000Z',
        end_date: '2026-06-15T23:59:59.999Z',
        merchant_id: harborLaneId,
      }),
      await call(demo.audit, 'POST', '/api/timezone', { timezone: 'UTC' }),
      await call(demo.audit, 'POST', '/logout'),
    ];
    expect(reads.map((res) => res.statusCode)).toEqual(reads.map(() => 200));
  });
});

import { randomUUID } from 'node:crypto';
import { FreezeNoticeText, RiskErrorCode, RiskText } from '@portico/contracts/risk/risk';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxFor } from '../../../test/auth-helpers';
import { buildDemoApp } from '../../../test/demo-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment, buildClient } from '../../../test/factories';
import { samples } from '../../../test/sample-files';
import type { App } from '../../app';
import { clientConfigs, clients } from '../../db/schema/clients';
import { merchantStatusHistory, transactionNoteAttachments, transactionNotes } from '../../db/schema/risk';
import { payouts } from '../../db/schema/settlements';
import { auditLog, emailOutbox } from '../../db/schema/system';
import {
  assertMerchantCanTakePayments,
  frozenMerchantIds,
  isMerchantFrozen,
} from '../../lib/merchant-freeze';
import { evaluateRecordedPayment } from './risk.service';

const now = new Date('2026-06-15T16:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

let ctx: Awaited<ReturnType<typeof buildDemoApp>>;
let app: App;
const as = (email: string) => ctx.as(email);

beforeAll(async () => {
  ctx = await buildDemoApp({ now, signedIn: [demo.admin, demo.audit, demo.owner, demo.healnow] });
  app = ctx.app;
});
afterAll(() => ctx.close());

function get(url: string, cookie: string) {
  return app.inject({ method: 'GET', url, headers: { cookie } });
}

function post(url: string, cookie: string) {
  return app.inject({ method: 'POST', url, headers: { cookie } });
}

// A multipart body as a browser's FormData would send it.
async function postNote(form: FormData, cookie = as(demo.admin)) {
  const encoded = new Response(form);
  return app.inject({
    method: 'POST',
    url: '/api/transaction-monitoring/notes',
    headers: { cookie, 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

function noteForm(transactionId: string, content: string, files: { name: string; bytes: Buffer }[] = []) {
  const form = new FormData();
  form.set('transaction_id', transactionId);
  form.set('content', content);
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

async function buildMerchant(limits: { highTicketCents: number; riskVelocity: number }) {
  const client = await buildClient(app.db, {
    level: 'Merchant',
    dbaName: `Watched Shop ${randomUUID().slice(0, 6)}`,
  });
  await app.db.insert(clientConfigs).values({ clientId: client.id, ...limits });
  return client;
}

const pay = (clientId: string, amountCents: number, createdAt: Date) =>
  buildCardPayment(app.db, { clientId, amountCents, createdAt });

type Monitoring = {
  standard_deviation_list: { transaction_id: string; has_notes: boolean; avg_amount: string }[];
  transactions_over_high_ticket_limit: { id: string; has_notes: boolean; limits_high_ticket: string }[];
  transactions_high_velocity: { id: string; risk_velocity: number; limits_hourly_velocity: number }[];
};

async function monitoring(): Promise<Monitoring> {
  const res = await get('/api/transaction-monitoring', as(demo.admin));
  expect(res.statusCode).toBe(200);
  return res.json().message;
}

async function openAlertsOf(clientId: string): Promise<{ kind: string; transaction_id: string }[]> {
  const res = await get(`/api/risk?id=${clientId}`, as(demo.admin));
  expect(res.statusCode).toBe(200);
  return res.json().message;
}

describe('GET /api/transaction-monitoring', () => {
  it('lists the three rules with has_notes; the dashboard count is the rows without notes', async () => {
    const merchant = await buildMerchant({ highTicketCents: 50_000, riskVelocity: 3 });
    // Thirty ordinary payments over fifteen days: the trailing mean and deviation.
    for (let i = 0; i < 30; i++) await pay(merchant.id, 2_000 + (i % 5) * 10, hoursAgo(48 + i * 12));
    const big = await pay(merchant.id, 60_000, hoursAgo(30));
    const burst: string[] = [];
    for (let minute = 0; minute < 4; minute++)
      burst.push(await pay(merchant.id, 2_000, hoursAgo(10 - minute / 6)));

    const lists = await monitoring();
    const stdDev = lists.standard_deviation_list.filter((row) => row.transaction_id === big);
    expect(stdDev).toEqual([expect.objectContaining({ has_notes: false, avg_amount: '20.20' })]);
    const highTicket = lists.transactions_over_high_ticket_limit.find((row) => row.id === big);
    expect(highTicket).toMatchObject({ limits_high_ticket: '500.00', has_notes: false, amount: '600.00' });
    const velocity = lists.transactions_high_velocity.filter((row) => burst.includes(row.id));
    expect(velocity).toEqual([
      expect.objectContaining({
        id: burst[3],
        risk_velocity: 4,
        limits_hourly_velocity: 3,
        has_notes: false,
      }),
    ]);
    expect(await openAlertsOf(merchant.id)).toHaveLength(3);

    const res = await postNote(
      noteForm(big, 'Customer called: a catering order', [{ name: 'invoice.pdf', bytes: samples.pdf }]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      content: 'Customer called: a catering order',
      attachments: [{ file_name: 'invoice.pdf' }],
    });

    const after = await monitoring();
    expect(after.transactions_over_high_ticket_limit.find((row) => row.id === big)?.has_notes).toBe(true);
    expect(after.standard_deviation_list.find((row) => row.transaction_id === big)?.has_notes).toBe(true);
    // Both alerts of the noted payment close; the velocity one stays.
    expect(await openAlertsOf(merchant.id)).toEqual([expect.objectContaining({ transaction_id: burst[3] })]);
  });

  it('judges one recorded payment as the lists do', async () => {
    const merchant = await buildMerchant({ highTicketCents: 5_000, riskVelocity: 1 });
    for (let i = 0; i < 12; i++) await pay(merchant.id, 1_000 + i, hoursAgo(24 + i * 24));
    const at = hoursAgo(2);
    const first = await pay(merchant.id, 1_000, at);
    expect(
      await evaluateRecordedPayment(app.db, {
        clientId: merchant.id,
        amountCents: 1_000,
        createdAt: at,
      }),
    ).toEqual([]);
    const later = hoursAgo(1.5);
    const second = await pay(merchant.id, 9_000, later);
    expect(
      await evaluateRecordedPayment(app.db, {
        clientId: merchant.id,
        amountCents: 9_000,
        createdAt: later,
      }),
    ).toEqual(['std_dev', 'high_ticket', 'high_velocity']);
    const lists = await monitoring();
    expect(lists.standard_deviation_list.some((row) => row.transaction_id === second)).toBe(true);
    expect(lists.transactions_over_high_ticket_limit.some((row) => row.id === second)).toBe(true);
    expect(
      lists.transactions_high_velocity.map((row) => row.id).filter((id) => id === first || id === second),
    ).toEqual([second]);
  });

  it('is for staff only', async () => {
    expect((await get('/api/transaction-monitoring', as(demo.owner))).statusCode).toBe(403);
    expect((await get('/api/transaction-monitoring', as(demo.healnow))).statusCode).toBe(403);
    expect((await get('/api/merchant-names', as(demo.owner))).statusCode).toBe(403);
  });
});

describe('transaction notes', () => {
  async function flaggedPayment() {
    const merchant = await buildMerchant({ highTicketCents: 1_000, riskVelocity: 100 });
    return { merchant, id: await pay(merchant.id, 5_000, hoursAgo(3)) };
  }

  const notesOf = (transactionId: string) =>
    app.db.select().from(transactionNotes).where(eq(transactionNotes.transactionId, transactionId));

  it('lists notes with attachments and downloads an attachment as a file', async () => {
    const { id } = await flaggedPayment();
    const added = await postNote(
      noteForm(id, 'Proof of delivery', [{ name: 'proof.png', bytes: samples.png }]),
    );
    expect(added.statusCode).toBe(200);
    const list = await get(`/api/transaction-monitoring/notes/${id}`, as(demo.admin));
    expect(list.statusCode).toBe(200);
    const notes: { content: string; created_by: string; attachments: { id: string; file_name: string }[] }[] =
      list.json().message;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      content: 'Proof of delivery',
      attachments: [{ file_name: 'proof.png' }],
    });
    const attachmentId = notes[0]?.attachments[0]?.id;
    const file = await get(`/api/transaction-monitoring/attachments/${attachmentId}`, as(demo.admin));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('attachment; filename="proof.png"');
    expect(file.rawPayload.equals(samples.png)).toBe(true);
    const missing = await get(`/api/transaction-monitoring/attachments/${randomUUID()}`, as(demo.admin));
    expect(missing.statusCode).toBe(404);
  });

  it('refuses an empty note, two attachments, a file that is not what its name says and an unknown transaction; nothing is written', async () => {
    const { id } = await flaggedPayment();
    const empty = await postNote(noteForm(id, '   '));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues).toEqual([{ path: 'body.content', message: RiskText.NoteRequired }]);

    const two = await postNote(
      noteForm(id, 'Two files', [
        { name: 'a.pdf', bytes: samples.pdf },
        { name: 'b.pdf', bytes: samples.pdf },
      ]),
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toMatchObject({
      code: RiskErrorCode.OneAttachment,
      message: RiskText.OneAttachment,
    });

    const disguised = await postNote(
      noteForm(id, 'Renamed image', [{ name: 'statement.pdf', bytes: samples.png }]),
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error.message).toBe('This file is not a PDF document.');

    const foreign = await postNote(noteForm(randomUUID(), 'No such payment'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({
      code: RiskErrorCode.TransactionNotFound,
      message: RiskText.TransactionNotFound,
    });

    expect(await notesOf(id)).toEqual([]);
    const attachments = await app.db
      .select()
      .from(transactionNoteAttachments)
      .innerJoin(transactionNotes, eq(transactionNotes.id, transactionNoteAttachments.noteId))
      .where(eq(transactionNotes.transactionId, id));
    expect(attachments).toEqual([]);
  });

  it('refuses processor-audit staff and merchants', async () => {
    const { id } = await flaggedPayment();
    expect((await postNote(noteForm(id, 'Looked at it'), as(demo.audit))).statusCode).toBe(403);
    expect((await postNote(noteForm(id, 'Looked at it'), as(demo.owner))).statusCode).toBe(403);
    expect(await notesOf(id)).toEqual([]);
  });
});

describe('Merchant Control', () => {
  it('freezes and unfreezes a merchant, audited with history; payments are refused and payouts held meanwhile', async () => {
    const merchant = await buildMerchant({ highTicketCents: 1_000_000, riskVelocity: 100 });
    // A payout still to be paid, and one already paid (a freeze cannot call that back).
    const [due, paid] = await app.db
      .insert(payouts)
      .values([
        {
          clientId: merchant.id,
          payoutDate: '2026-06-14',
          statementMonth: '2026-06-01',
          amountCents: 12_345,
          processor: 'fis',
        },
        {
          clientId: merchant.id,
          payoutDate: '2026-06-13',
          statementMonth: '2026-06-01',
          amountCents: 500,
          processor: 'fis',
          status: 'paid',
        },
      ])
      .returning({ id: payouts.id });
    const statusOf = async (id: string | undefined) =>
      (
        await app.db
          .select({ status: payouts.status })
          .from(payouts)
          .where(eq(payouts.id, id ?? ''))
      )[0]?.status;
    const names = await get('/api/merchant-names', as(demo.admin));
    expect(names.json().message.merchant_names).toContainEqual({ [merchant.id]: merchant.dbaName });
    expect((await get(`/api/merchant-status/${merchant.id}`, as(demo.admin))).json().message).toEqual({
      is_active: true,
    });

    const frozen = await post(`/api/merchant-status/${merchant.id}/freeze`, as(demo.admin));
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().message).toEqual({ success: true, is_active: false });
    expect((await get(`/api/merchant-status/${merchant.id}`, as(demo.admin))).json().message).toEqual({
      is_active: false,
    });
    await expect(assertMerchantCanTakePayments(app.db, merchant.id)).rejects.toMatchObject({
      code: RiskErrorCode.MerchantFrozen,
      message: RiskText.PaymentsFrozen,
    });
    expect(await isMerchantFrozen(app.db, merchant.id)).toBe(true);
    expect(await frozenMerchantIds(app.db, [merchant.id])).toEqual([merchant.id]);
    expect([await statusOf(due?.id), await statusOf(paid?.id)]).toEqual(['held', 'paid']);

    const again = await post(`/api/merchant-status/${merchant.id}/freeze`, as(demo.admin));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: RiskErrorCode.AlreadyFrozen,
      message: RiskText.AlreadyFrozen,
    });

    const enabled = await post(`/api/merchant-status/${merchant.id}/unfreeze`, as(demo.admin));
    expect(enabled.json().message).toEqual({ success: true, is_active: true });
    await expect(assertMerchantCanTakePayments(app.db, merchant.id)).resolves.toBeUndefined();
    expect(await frozenMerchantIds(app.db, [merchant.id])).toEqual([]);
    expect([await statusOf(due?.id), await statusOf(paid?.id)]).toEqual(['scheduled', 'paid']);
    expect((await post(`/api/merchant-status/${merchant.id}/unfreeze`, as(demo.admin))).statusCode).toBe(409);

    const history = await get('/api/merchant-status/history', as(demo.admin));
    const rows: { merchantId: string; status: string; changedBy: string }[] = history.json().message.history;
    expect(rows.filter((row) => row.merchantId === merchant.id).map((row) => row.status)).toEqual([
      'Active',
      'Frozen',
    ]);
    expect(await app.db.$count(merchantStatusHistory, eq(merchantStatusHistory.clientId, merchant.id))).toBe(
      2,
    );
    const audits = await app.db
      .select({ action: auditLog.action, outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, merchant.id), eq(auditLog.targetType, 'client')));
    expect(audits.map((row) => row.action).sort()).toEqual(['freeze', 'unfreeze']);
  });

  it('refuses processor-audit staff, unknown merchants and parents', async () => {
    const merchant = await buildMerchant({ highTicketCents: 1_000_000, riskVelocity: 100 });
    expect((await post(`/api/merchant-status/${merchant.id}/freeze`, as(demo.audit))).statusCode).toBe(403);
    expect((await post(`/api/merchant-status/${randomUUID()}/freeze`, as(demo.admin))).statusCode).toBe(404);
    const parent = await buildClient(app.db, { level: 'Parent' });
    expect((await post(`/api/merchant-status/${parent.id}/freeze`, as(demo.admin))).statusCode).toBe(404);
    const [row] = await app.db
      .select({ isActive: clients.isActive })
      .from(clients)
      .where(eq(clients.id, merchant.id));
    expect(row?.isActive).toBe(true);
  });
});

describe('telling the owners of a frozen merchant', () => {
  const defaultClientOf = async (email: string) =>
    (await get('/api/user', as(email))).json().message.account.default_client;
  const statusMails = async (merchantName: string) =>
    (await outboxFor(app.db, demo.owner)).filter((mail) => mail.subject.endsWith(`: ${merchantName}`));

  it('mails the owners once when frozen and once when enabled, and the Home data says frozen meanwhile', async () => {
    const harbor = await defaultClientOf(demo.owner);
    const name: string = harbor.merchant.name;
    expect(harbor.merchant.is_frozen).toBe(false);
    const before = (await statusMails(name)).length;

    expect((await post(`/api/merchant-status/${harbor.id}/freeze`, as(demo.admin))).statusCode).toBe(200);
    const [paused, ...rest] = await statusMails(name);
    expect(rest).toHaveLength(before);
    expect(paused?.toAddresses).toEqual([demo.owner]);
    expect(paused?.subject).toBe(FreezeNoticeText.frozenSubject(name));
    expect(paused?.bodyText).toContain(`${name} cannot take payments right now.`);
    expect(paused?.bodyText).toContain('support@portico.example');
    expect(await outboxFor(app.db, demo.barista)).toHaveLength(0);
    expect((await defaultClientOf(demo.owner)).merchant.is_frozen).toBe(true);

    // A refused second freeze changes nothing and mails nobody.
    expect((await post(`/api/merchant-status/${harbor.id}/freeze`, as(demo.admin))).statusCode).toBe(409);
    expect(await statusMails(name)).toHaveLength(before + 1);

    expect((await post(`/api/merchant-status/${harbor.id}/unfreeze`, as(demo.admin))).statusCode).toBe(200);
    const [enabled] = await statusMails(name);
    expect(await statusMails(name)).toHaveLength(before + 2);
    expect(enabled?.toAddresses).toEqual([demo.owner]);
    expect(enabled?.subject).toBe(FreezeNoticeText.enabledSubject(name));
    expect((await defaultClientOf(demo.owner)).merchant.is_frozen).toBe(false);
  });

  it('queues no e-mail for a merchant without owners', async () => {
    const merchant = await buildMerchant({ highTicketCents: 100_000, riskVelocity: 10 });
    const queued = async () => (await app.db.select().from(emailOutbox)).length;
    const before = await queued();
    expect((await post(`/api/merchant-status/${merchant.id}/freeze`, as(demo.admin))).statusCode).toBe(200);
    expect((await post(`/api/merchant-status/${merchant.id}/unfreeze`, as(demo.admin))).statusCode).toBe(200);
    expect(await queued()).toBe(before);
  });
});

import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ExportText, exportListResponse, exportResponse } from '@portico/contracts/exports/exports';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment } from '../../../test/factories';
import { exports } from '../../db/schema/exports';
import { auditLog, emailOutbox } from '../../db/schema/system';

// Server-side exports of the transaction report: asked for, run by the job runner, followed,
// cancelled, retried, downloaded by the requester only while they still see the rows, and expired.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let dataDir = '';
let harborLaneId = '';
const zone = 'America/New_York';
const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString().slice(0, 10);
const params = () => ({ start: daysAgo(30), end: daysAgo(-1) });

function requestBody(overrides: object = {}) {
  return {
    format: 'csv',
    params: params(),
    columns: ['created_at', 'customer', 'amount', 'status', 'merchant'],
    filters: {},
    sort_model: [],
    time_zone: zone,
    ...overrides,
  };
}

async function requestExport(email: string, overrides: object = {}) {
  const res = await callAs(ctx.app, email, 'POST', '/api/exports/transaction-report', requestBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return exportResponse.parse(res.json()).message;
}

async function exportOf(email: string, id: string) {
  const res = await callAs(ctx.app, email, 'GET', `/api/exports/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return exportResponse.parse(res.json()).message;
}

// The rows of a CSV answer (none of these cells holds a line break).
function csvRows(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-exports-'));
  ctx = await buildTestApp({ dataDir }, { demoAccounts: true });
  harborLaneId = await defaultClientOf(ctx.app.db, demo.owner);
  const at = (minutes: number) => new Date(Date.now() - 2 * dayMs + minutes * 60_000);
  for (let i = 0; i < 12; i++) {
    await buildCardPayment(ctx.app.db, {
      clientId: harborLaneId,
      createdAt: at(i),
      amountCents: 1_000 + i * 100_000,
      meta: { firstName: `Pat${i}`, lastName: 'Lee', email: `pat${i}@example.com` },
    });
  }
  // Text that a spreadsheet would run, and text that needs quoting.
  await buildCardPayment(ctx.app.db, {
    clientId: harborLaneId,
    createdAt: at(30),
    amountCents: 4_200,
    meta: { firstName: '=HYPERLINK("x")', lastName: '' },
  });
  await buildCardPayment(ctx.app.db, {
    clientId: harborLaneId,
    createdAt: at(31),
    amountCents: 4_300,
    meta: { firstName: 'Lee, "Sam"', lastName: '' },
  });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an export of the transaction report', () => {
  it('is written by the job runner with every matching row, then downloaded as CSV', async () => {
    const asked = await requestExport(demo.owner);
    expect(asked.status).toBe('queued');
    expect(asked.file_name).toMatch(/^Transaction Report \d{4}-\d{2}-\d{2}\.csv$/);
    await ctx.app.jobs.tick();
    const done = await exportOf(demo.owner, asked.id);
    expect(done.status).toBe('succeeded');
    expect(done.rows_written).toBe(14);
    expect(done.rows_total).toBe(14);
    expect(done.expires_at).not.toBeNull();
    expect(Date.parse(done.expires_at ?? '') - Date.parse(done.finished_at ?? '')).toBe(7 * dayMs);

    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/exports/${asked.id}/download`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Transaction Report');
    const rows = csvRows(res.body);
    expect(rows[0]).toBe(`Date (${zone}),Customer,Amount,Status,Merchant`);
    expect(rows).toHaveLength(15);
    // Newest first; money as the grid shows it, with its thousands quoted.
    expect(rows[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},"Lee, ""Sam""",\$43\.00,Approved,Harbor Lane/,
    );
    expect(rows[2]).toContain(',"\'=HYPERLINK(""x"")",');
    expect(rows.find((row) => row.includes('Pat11 Lee'))).toContain(',"$11,010.00",');

    const [mail] = await ctx.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, ExportText.MailSubject));
    expect(mail?.toAddresses).toEqual([demo.owner]);
    expect(mail?.bodyText).toContain(`/api/exports/${asked.id}/download`);

    const audits = await ctx.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, asked.id));
    expect(audits.map((row) => row.action).sort()).toEqual(['export.download', 'export.request']);
  });

  it('applies the grid filters (text contains, money bounds in dollars) to every row', async () => {
    const asked = await requestExport(demo.owner, {
      columns: ['customer', 'amount'],
      filters: {
        customer: { filterType: 'text', value: 'pat1' },
        amount: { filterType: 'number', min: 10_000 },
      },
    });
    await ctx.app.jobs.tick();
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/exports/${asked.id}/download`);
    // Pat1, Pat10 and Pat11 contain 'pat1'; Pat1's $1,010.00 is under $10,000.
    expect(csvRows(res.body)).toEqual([
      'Customer,Amount',
      'Pat11 Lee,"$11,010.00"',
      'Pat10 Lee,"$10,010.00"',
    ]);
  });

  it('writes an xlsx workbook with the same header and money as numbers in a currency format', async () => {
    const asked = await requestExport(demo.owner, { format: 'xlsx' });
    await ctx.app.jobs.tick();
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/exports/${asked.id}/download`);
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).toContain(`<t>Date (${zone})</t>`);
    expect(sheet).toContain('<v>43.00</v>');
    expect(sheet).toContain('<t>Lee, "Sam"</t>');
    expect(sheet).toContain('<t>=HYPERLINK("x")</t>');
    expect(strFromU8(files['xl/styles.xml'] ?? new Uint8Array())).toContain(
      'formatCode="&quot;$&quot;#,##0.00',
    );
  });

  it('shows its progress while it runs: rows written against the rows of the window', async () => {
    const asked = await requestExport(demo.owner);
    expect(asked.rows_total).toBeNull();
    await ctx.app.jobs.tick();
    const done = await exportOf(demo.owner, asked.id);
    expect(done.rows_written).toBe(done.rows_total);
  });
});

describe('cancel, failure and retry', () => {
  it('cancels a waiting export: the job writes nothing and the link is refused, a retry runs it', async () => {
    const asked = await requestExport(demo.owner);
    const cancel = await callAs(ctx.app, demo.owner, 'POST', `/api/exports/${asked.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(exportResponse.parse(cancel.json()).message.status).toBe('cancelled');
    await ctx.app.jobs.tick();
    expect((await exportOf(demo.owner, asked.id)).status).toBe('cancelled');
    await expect(stat(path.join(dataDir, 'exports', `${asked.id}.csv`))).rejects.toThrow();
    const download = await callAs(ctx.app, demo.owner, 'GET', `/api/exports/${asked.id}/download`);
    expect(download.statusCode).toBe(409);
    expect(download.json().error.message).toBe(ExportText.Cancelled);
    const again = await callAs(ctx.app, demo.owner, 'POST', `/api/exports/${asked.id}/cancel`);
    expect(again.json().error.message).toBe(ExportText.CannotCancel);

    const retry = await callAs(ctx.app, demo.owner, 'POST', `/api/exports/${asked.id}/retry`);
    expect(exportResponse.parse(retry.json()).message.status).toBe('queued');
    await ctx.app.jobs.tick();
    expect((await exportOf(demo.owner, asked.id)).status).toBe('succeeded');
  });

  it('says why a failed export failed, and retries it', async () => {
    const asked = await requestExport(demo.owner);
    // A request the job cannot read.
    await ctx.app.db
      .update(exports)
      .set({ request: { broken: true } })
      .where(eq(exports.id, asked.id));
    await ctx.app.jobs.tick();
    const failed = await exportOf(demo.owner, asked.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('The export stopped on an unexpected error. Retry it.');
    const download = await callAs(ctx.app, demo.owner, 'GET', `/api/exports/${asked.id}/download`);
    expect(download.json().error.message).toBe(ExportText.Failed);

    await ctx.app.db.update(exports).set({ request: requestBody() }).where(eq(exports.id, asked.id));
    await callAs(ctx.app, demo.owner, 'POST', `/api/exports/${asked.id}/retry`);
    await ctx.app.jobs.tick();
    expect((await exportOf(demo.owner, asked.id)).status).toBe('succeeded');
  });
});

describe('access', () => {
  it('refuses columns the requester may not see, and a sort that cannot stream', async () => {
    const fee = await callAs(
      ctx.app,
      demo.barista,
      'POST',
      '/api/exports/transaction-report',
      requestBody({ columns: ['fee'] }),
    );
    expect([400, 403]).toContain(fee.statusCode);
    const unknown = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      '/api/exports/transaction-report',
      requestBody({ columns: ['ssn'] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(ExportText.UnknownColumn);
    const sorted = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      '/api/exports/transaction-report',
      requestBody({ sort_model: [{ colId: 'amount', sort: 'asc' }] }),
    );
    expect(sorted.statusCode).toBe(422);
    expect(sorted.json().error.message).toBe(ExportText.SortNotSupported(['Date']));
    expect(sorted.json().error.message).toBe(
      'All matching rows can be sorted by Date only: sort by one of them, clear the sort, or export This view.',
    );
  });

  it('writes the rows oldest first when the grid is sorted by its date ascending', async () => {
    const newest = await requestExport(demo.owner, { columns: ['created_at', 'amount'] });
    const oldest = await requestExport(demo.owner, {
      columns: ['created_at', 'amount'],
      sort_model: [{ colId: 'created_at', sort: 'asc' }],
    });
    await ctx.app.jobs.tick();
    const rowsOf = async (id: string) =>
      csvRows((await callAs(ctx.app, demo.owner, 'GET', `/api/exports/${id}/download`)).body).slice(1);
    const newestRows = await rowsOf(newest.id);
    expect(newestRows.length).toBeGreaterThan(2);
    expect(await rowsOf(oldest.id)).toEqual([...newestRows].reverse());
  });

  it('refuses an export of a merchant the caller does not reach', async () => {
    const copperKettle = await defaultClientOf(ctx.app.db, demo.copperOwner);
    const res = await callAs(
      ctx.app,
      demo.owner,
      'POST',
      '/api/exports/transaction-report',
      requestBody({ merchant_id: copperKettle }),
    );
    expect(res.statusCode).toBe(403);
  });

  it('lists, shows and downloads an export to its requester only', async () => {
    const asked = await requestExport(demo.owner);
    await ctx.app.jobs.tick();
    const list = exportListResponse.parse(
      (await callAs(ctx.app, demo.owner, 'GET', '/api/exports')).json(),
    ).message;
    expect(list[0]?.id).toBe(asked.id);
    const others = exportListResponse.parse(
      (await callAs(ctx.app, demo.copperOwner, 'GET', '/api/exports')).json(),
    );
    expect(others.message.map((item) => item.id)).not.toContain(asked.id);
    const theirs = await callAs(ctx.app, demo.copperOwner, 'GET', `/api/exports/${asked.id}/download`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(ExportText.NotFound);
    expect(
      (await callAs(ctx.app, demo.copperOwner, 'POST', `/api/exports/${asked.id}/cancel`)).statusCode,
    ).toBe(404);
  });

  it('refuses the download once the requester no longer sees the rows it holds', async () => {
    const asked = await requestExport(demo.owner);
    await ctx.app.jobs.tick();
    const copperKettle = await defaultClientOf(ctx.app.db, demo.copperOwner);
    // As if the export covered a merchant the owner has since lost.
    await ctx.app.db
      .update(exports)
      .set({
        scope: sql`jsonb_set(scope, '{scope,clientIds}', ${JSON.stringify([harborLaneId, copperKettle])}::jsonb)`,
      })
      .where(eq(exports.id, asked.id));
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/exports/${asked.id}/download`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ExportText.AccessLost);
  });
});

describe('expiry', () => {
  it('refuses an expired link, and the expiry job deletes the file', async () => {
    const asked = await requestExport(demo.owner);
    await ctx.app.jobs.tick();
    const file = path.join(dataDir, 'exports', `${asked.id}.csv`);
    expect((await stat(file)).size).toBeGreaterThan(0);
    await ctx.app.db
      .update(exports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exports.id, asked.id));
    const res = await callAs(ctx.app, demo.owner, 'GET', `/api/exports/${asked.id}/download`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ExportText.Expired);
    await ctx.app.jobs.runNow('exports.expire');
    const [row] = await ctx.app.db
      .select({ status: exports.status })
      .from(exports)
      .where(and(eq(exports.id, asked.id)));
    expect(row?.status).toBe('expired');
    await expect(stat(file)).rejects.toThrow();
    expect((await exportOf(demo.owner, asked.id)).status).toBe('expired');
  });
});

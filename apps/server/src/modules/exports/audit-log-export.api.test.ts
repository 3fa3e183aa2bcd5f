import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AuditLogPage, type AuditLogRow, auditLogResponse } from '@portico/contracts/audit/audit-log';
import { ExportText } from '@portico/contracts/exports/exports';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { exportedCsv } from '../../../test/exports';
import { users } from '../../db/schema/users';
import { recordAudit } from '../../lib/audit';
import { csvTextField } from './csv-writer';

// The audit log's server-side export: its filters and columns as the page shows them, for those
// who may read the log, and downloaded only while they still may.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let dataDir = '';
const zone = 'America/New_York';
const action = 'risk_note.create';
// More than one page of the export's reads (1,000 a page) of another action, with ties in every
// sortable column and blanks in each that may be blank; the raw details name each entry.
const bulkAction = 'account.edit';
const bulkEntries = 1_010;

function body(overrides: object = {}) {
  return {
    format: 'csv',
    params: { action },
    columns: ['created_at', 'action', 'outcome', 'actor_email', 'client_name', 'target', 'details'],
    time_zone: zone,
    ...overrides,
  };
}

function exportCsv(email: string, overrides: object = {}) {
  return exportedCsv(ctx.app, email, 'audit-log', body(overrides));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-audit-exports-'));
  ctx = await buildTestApp({ dataDir }, { demoAccounts: true });
  const harborLaneId = await defaultClientOf(ctx.app.db, demo.owner);
  for (let i = 0; i < 3; i++) {
    await recordAudit(ctx.app.db, {
      action,
      outcome: 'success',
      actorEmail: i === 2 ? 'ops@portico.example' : demo.admin,
      targetType: 'client',
      targetId: harborLaneId,
      clientId: harborLaneId,
      details: { note: `Note ${i}` },
    });
  }
  const copperId = await defaultClientOf(ctx.app.db, demo.copperOwner);
  const staff = await ctx.app.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} in (${demo.admin}, 'ops@portico.example')`);
  const [first, second] = staff.map((user) => user.id);
  await ctx.app.db.execute(sql`
    insert into audit_log (actor_email, on_behalf_of_user_id, action, target_type, target_id, client_id,
      outcome, ip, details, created_at)
    select case when n % 6 = 0 then null else (array['zed', 'Amy', 'bob', 'Cal'])[n % 4 + 1] || '@audit.example' end,
           case n % 5 when 0 then ${first}::uuid when 1 then ${second}::uuid end,
           ${bulkAction}, 'client',
           case when n % 8 = 0 then null else 'T-' || (n % 5) end,
           case n % 3 when 0 then ${harborLaneId}::uuid when 1 then ${copperId}::uuid end,
           'success',
           case when n % 7 = 0 then null else ('10.0.' || (n % 3) || '.' || (n % 12))::inet end,
           jsonb_build_object('n', n),
           now() - interval '1 hour' - make_interval(secs => n / 4)
      from generate_series(1, ${bulkEntries}::int) as n`);
});

// Every entry of the bulk action as the log's page gives them, page by page, newest first.
async function bulkRows(): Promise<AuditLogRow[]> {
  const rows: AuditLogRow[] = [];
  let before: string | null = null;
  do {
    const query: URLSearchParams = new URLSearchParams({
      action: bulkAction,
      limit: '200',
      ...(before ? { before } : {}),
    });
    const page: AuditLogPage = auditLogResponse.parse(
      (await callAs(ctx.app, demo.admin, 'GET', `/api/audit-log?${query}`)).json(),
    ).message;
    rows.push(...page.rows);
    before = page.next_before;
  } while (before !== null);
  return rows;
}

// The entries in a sort as the export gives it: each key in turn (its value as the grid sorts it),
// ties broken by the entry's id in the last key's direction.
type SortBy = { colId: string; of: (row: AuditLogRow) => string; desc: boolean };
function sortedAsExported(rows: readonly AuditLogRow[], keys: readonly SortBy[]): AuditLogRow[] {
  const compare = (x: string, y: string, desc: boolean) => (x === y ? 0 : (x < y ? -1 : 1) * (desc ? -1 : 1));
  const idDesc = keys.at(-1)?.desc ?? true;
  return [...rows].sort((a, b) => {
    for (const key of keys) {
      const order = compare(key.of(a), key.of(b), key.desc);
      if (order !== 0) return order;
    }
    return compare(a.id, b.id, idDesc);
  });
}

// Texts case aside, a blank first; IPv4 addresses number by number, as the grid orders them.
const textOf = (value: string | null) => (value ?? '').toLowerCase();
const keyOf: Record<string, (row: AuditLogRow) => string> = {
  created_at: (row) => row.created_at,
  actor_email: (row) => textOf(row.actor_email),
  on_behalf_of_email: (row) => textOf(row.on_behalf_of_email),
  client_name: (row) => textOf(row.client_name),
  ip: (row) => (row.ip ?? '').replace(/\d+/g, (digits) => digits.padStart(3, '0')),
  target_id: (row) => textOf(row.target_id),
};

// Each entry as the export writes its raw details (one per entry).
const rawDetailsOf = (row: AuditLogRow) => csvTextField(row.details ?? '');

function exportSorted(keys: readonly Omit<SortBy, 'of'>[]) {
  return exportCsv(demo.admin, {
    params: { action: bulkAction },
    columns: ['raw_details'],
    sort_model: keys.map((key) => ({ colId: key.colId, sort: key.desc ? 'desc' : 'asc' })),
  });
}
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an export of the audit log', () => {
  it('writes every entry the filters match, newest first, as the page shows them', async () => {
    const { rows } = await exportCsv(demo.admin);
    expect(rows[0]).toBe(`Time (${zone}),Action,Outcome,Actor,Merchant,Target,Details`);
    const page = auditLogResponse.parse(
      (await callAs(ctx.app, demo.admin, 'GET', `/api/audit-log?action=${action}`)).json(),
    ).message.rows;
    expect(page).toHaveLength(3);
    expect(rows).toHaveLength(4);
    page.forEach((entry, index) => {
      const cells = rows[index + 1] ?? '';
      expect(cells).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},Risk note added,Succeeded,/);
      expect(cells).toContain(`,${entry.actor_email},Harbor Lane`);
      expect(cells).toContain(`Merchant: ${entry.target_name}`);
      expect(entry.details_text).toContain(`Note ${2 - index}`);
      expect(cells).toContain(`Note ${2 - index}`);
    });
  });

  it('writes the entries newest first across pages, as the page lists them', async () => {
    const page = await bulkRows();
    expect(page).toHaveLength(bulkEntries);
    const { rows } = await exportSorted([]);
    expect(rows.slice(1)).toEqual(page.map(rawDetailsOf));
  });

  it('writes them in the grid’s sort either way across pages, ties in the id’s order', async () => {
    const page = await bulkRows();
    const sorts: (readonly string[])[] = [
      ['created_at'],
      ['actor_email'],
      ['on_behalf_of_email', 'target_id'],
      ['client_name', 'ip'],
      ['ip'],
    ];
    for (const columns of sorts) {
      for (const desc of [false, true]) {
        // The first column in the direction asked, the next the other way.
        const keys = columns.map((colId, index) => ({
          colId,
          desc: index % 2 === 0 ? desc : !desc,
          of: keyOf[colId] as (row: AuditLogRow) => string,
        }));
        const { rows } = await exportSorted(keys);
        expect(rows.slice(1), `${columns.join(', ')} ${desc ? 'desc' : 'asc'}`).toEqual(
          sortedAsExported(page, keys).map(rawDetailsOf),
        );
      }
    }
  });

  it('refuses a sort by words the grid makes of an entry, naming the columns it can sort by', async () => {
    for (const colId of ['action', 'outcome', 'target', 'details', 'raw_details']) {
      const res = await callAs(ctx.app, demo.admin, 'POST', '/api/exports/audit-log', {
        ...body(),
        sort_model: [{ colId, sort: 'asc' }],
      });
      expect(res.statusCode, colId).toBe(422);
      expect(res.json().error.message).toBe(
        ExportText.SortNotSupported(['Time', 'Actor', 'Mimicked by', 'Merchant', 'IP address', 'Target ID']),
      );
    }
  });

  it("applies the grid's own filters on top of the log's", async () => {
    const { rows } = await exportCsv(demo.admin, {
      columns: ['actor_email', 'action'],
      filters: { actor_email: { filterType: 'text', value: 'OPS@' } },
    });
    expect(rows).toEqual(['Actor,Action', 'ops@portico.example,Risk note added']);
  });

  it('is refused to those who may not read the log', async () => {
    for (const email of [demo.owner, demo.reseller, demo.healnow]) {
      const res = await callAs(ctx.app, email, 'POST', '/api/exports/audit-log', body());
      expect(res.statusCode, email).toBe(403);
    }
  });

  it('refuses a column the log does not have', async () => {
    const res = await callAs(
      ctx.app,
      demo.admin,
      'POST',
      '/api/exports/audit-log',
      body({ columns: ['amount'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ExportText.UnknownColumn);
  });

  it('refuses the download once the requester may no longer read the log', async () => {
    const { id } = await exportCsv('ops@portico.example');
    await ctx.app.db.update(users).set({ userType: 'user' }).where(eq(users.email, 'ops@portico.example'));
    const res = await callAs(ctx.app, 'ops@portico.example', 'GET', `/api/exports/${id}/download`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ExportText.AccessLost);
  });
});

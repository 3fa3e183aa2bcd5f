import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { auditLogResponse } from '@portico/contracts/audit/audit-log';
import { ExportText } from '@portico/contracts/exports/exports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { exportedCsv } from '../../../test/exports';
import { users } from '../../db/schema/users';
import { recordAudit } from '../../lib/audit';

// The audit log's server-side export: its filters and columns as the page shows them, for those
// who may read the log, and downloaded only while they still may.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let dataDir = '';
const zone = 'America/New_York';
const action = 'risk_note.create';

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
});
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

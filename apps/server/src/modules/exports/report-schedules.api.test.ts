import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  nextRunAfter,
  ReportScheduleText,
  reportScheduleListResponse,
  reportScheduleResponse,
  scheduleRecipientsResponse,
} from '@portico/contracts/exports/report-schedules';
import { reportScheduleJobName } from '@portico/contracts/jobs/jobs';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, defaultClientOf } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildCardPayment } from '../../../test/factories';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer';
import { exports, reportSchedules } from '../../db/schema/exports';
import { auditLog, emailOutbox } from '../../db/schema/system';
import { users } from '../../db/schema/users';

// Scheduled reports: a saved layout of the transaction report scheduled to chosen users of the
// merchant, run by the job runner once per run time, for the period that just ended, mailed as an
// attached file (through a real SMTP peer) or a link; paused when the owner loses access.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let smtp: SmtpPeer;
let dataDir = '';
let clock = new Date();
let harborLaneId = '';
const ids = { owner: '', barista: '', copperOwner: '' };
const zone = 'UTC';
const hourMs = 3_600_000;

const exportBody = (overrides: object = {}) => ({
  merchant_id: harborLaneId,
  format: 'csv',
  params: { start: '2026-01-01', end: '2026-01-01' },
  columns: ['created_at', 'customer', 'amount'],
  filters: {},
  sort_model: [],
  time_zone: zone,
  ...overrides,
});

const scheduleBody = (overrides: object = {}) => ({
  layout_name: 'Daily takings',
  export: exportBody(),
  timing: { frequency: 'daily', time: '00:00', time_zone: zone },
  delivery: 'file',
  recipient_ids: [ids.owner, ids.barista],
  ...overrides,
});

async function schedule(email: string, body: object) {
  return callAs(ctx.app, email, 'POST', '/api/report-schedules/transaction-report', body);
}

async function created(body: object = scheduleBody()) {
  const res = await schedule(demo.owner, body);
  expect(res.statusCode, res.body).toBe(200);
  return reportScheduleResponse.parse(res.json()).message;
}

// The clock moved past the schedule's run, and the scheduler run (twice, as two instances would).
async function runScheduler(runAt: string) {
  clock = new Date(Date.parse(runAt) + 60_000);
  await Promise.all([ctx.app.jobs.runNow(reportScheduleJobName), ctx.app.jobs.runNow(reportScheduleJobName)]);
  await ctx.app.jobs.tick();
}

const runsOf = (scheduleId: string) =>
  ctx.app.db.select().from(exports).where(eq(exports.scheduleId, scheduleId));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-schedules-'));
  smtp = await startSmtpPeer();
  ctx = await buildTestApp(
    { dataDir, smtpUrl: smtp.url, publicUrl: 'http://portal.test' },
    { demoAccounts: true, now: () => clock },
  );
  harborLaneId = await defaultClientOf(ctx.app.db, demo.owner);
  const idOf = async (email: string) =>
    (await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';
  ids.owner = await idOf(demo.owner);
  ids.barista = await idOf(demo.barista);
  ids.copperOwner = await idOf(demo.copperOwner);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('scheduling a saved layout', () => {
  it('lists who may receive it: the merchant’s users who sign in', async () => {
    const res = await callAs(
      ctx.app,
      demo.owner,
      'GET',
      `/api/report-schedules/recipients?merchant_id=${harborLaneId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const emails = scheduleRecipientsResponse.parse(res.json()).message.map((recipient) => recipient.email);
    expect(emails).toContain(demo.owner);
    expect(emails).toContain(demo.barista);
    expect(emails).not.toContain(demo.copperOwner);
  });

  it('keeps the schedule with its first run at the next time in its zone', async () => {
    const before = Date.now();
    const made = await created();
    expect(made).toMatchObject({
      layout_name: 'Daily takings',
      title: 'Transaction Report',
      status: 'active',
      frequency: 'daily',
      format: 'csv',
      delivery: 'file',
    });
    expect(made.recipients.map((recipient) => recipient.email).sort()).toEqual(
      [demo.barista, demo.owner].sort(),
    );
    const expected = nextRunAfter(
      { frequency: 'daily', time: '00:00', weekday: null, month_day: null, time_zone: zone },
      before,
    );
    expect(made.next_run_at).toBe(expected.toISOString());
    const list = await callAs(ctx.app, demo.owner, 'GET', '/api/report-schedules');
    expect(reportScheduleListResponse.parse(list.json()).message.map((item) => item.id)).toContain(made.id);
    const [audit] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, made.id));
    expect(audit?.action).toBe('report_schedule.create');
  });

  it('refuses a recipient outside the merchant, and a weekly schedule without its day, storing nothing', async () => {
    const before = await ctx.app.db.select({ id: reportSchedules.id }).from(reportSchedules);
    const outside = await schedule(demo.owner, scheduleBody({ recipient_ids: [ids.owner, ids.copperOwner] }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.message).toBe(ReportScheduleText.RecipientOutside);
    const noDay = await schedule(
      demo.owner,
      scheduleBody({ timing: { frequency: 'weekly', time: '08:00', time_zone: zone } }),
    );
    expect(noDay.statusCode).toBe(400);
    expect(JSON.stringify(noDay.json())).toContain('Choose the day of the week');
    // Rows of a merchant the owner does not reach.
    const foreign = await schedule(
      demo.owner,
      scheduleBody({
        export: exportBody({ merchant_id: await defaultClientOf(ctx.app.db, demo.copperOwner) }),
      }),
    );
    expect(foreign.statusCode).toBe(403);
    expect(await ctx.app.db.select({ id: reportSchedules.id }).from(reportSchedules)).toHaveLength(
      before.length,
    );
  });
});

describe('a run', () => {
  it('exports the period just ended once, and mails the file to the recipients who may see it', async () => {
    const made = await created(scheduleBody({ layout_name: 'Yesterday' }));
    const runAt = made.next_run_at ?? '';
    // Two payments of the day before the run, one of the run's own day (not in the period).
    const periodDay = new Date(Date.parse(runAt) - 12 * hourMs);
    for (const [offset, cents] of [
      [0, 1_250],
      [hourMs, 2_500],
      [13 * hourMs, 9_900],
    ] as const) {
      await buildCardPayment(ctx.app.db, {
        clientId: harborLaneId,
        createdAt: new Date(periodDay.getTime() + offset),
        amountCents: cents,
      });
    }
    const mailsBefore = smtp.received.length;
    await runScheduler(runAt);

    const runs = await runsOf(made.id);
    expect(runs).toHaveLength(1);
    const run = runs[0];
    expect(run?.status).toBe('succeeded');
    expect(run?.rowsWritten).toBe(2);
    expect(run?.fileName).toBe(
      `Yesterday ${new Date(Date.parse(runAt) - 86_400_000).toISOString().slice(0, 10)}.csv`,
    );

    const mails = smtp.received
      .slice(mailsBefore)
      .filter((mail) => mail.body.includes('Scheduled report: Yesterday'));
    expect(mails).toHaveLength(1);
    // The cashier of one location may not see every row of the merchant: only the owner gets it.
    expect(mails[0]?.to).toEqual([demo.owner]);
    expect(mails[0]?.body).toContain(ReportScheduleText.MailAttached);
    expect(mails[0]?.raw).toMatch(/Content-Disposition: attachment;\s+filename=.?Yesterday/);
    const attached = /filename="Yesterday [^"]+"\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      mails[0]?.raw ?? '',
    )?.[1];
    const csv = Buffer.from(attached ?? '', 'base64').toString('utf8');
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFDate (UTC),Customer,Amount',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} 13:00:00,,\$25\.00$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} 12:00:00,,\$12\.50$/),
    ]);

    const [after] = await ctx.app.db.select().from(reportSchedules).where(eq(reportSchedules.id, made.id));
    expect(after?.lastRunAt?.toISOString()).toBe(runAt);
    expect(after?.nextRunAt?.getTime()).toBe(Date.parse(runAt) + 24 * hourMs);

    // The scheduler run again in the same period makes nothing more.
    await ctx.app.jobs.runNow(reportScheduleJobName);
    expect(await runsOf(made.id)).toHaveLength(1);
  });

  it('sends a link the recipient downloads while they may see the rows; nobody else may', async () => {
    const made = await created(
      scheduleBody({ layout_name: 'Linked', delivery: 'link', recipient_ids: [ids.owner] }),
    );
    await runScheduler(made.next_run_at ?? '');
    const [run] = await runsOf(made.id);
    const [mail] = await ctx.app.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.subject, ReportScheduleText.MailSubject('Linked')),
          isNotNull(emailOutbox.bodyText),
        ),
      );
    expect(mail?.bodyText).toContain(`http://portal.test/api/exports/${run?.id}/download`);
    expect(mail?.attachments).toBeNull();
    const own = await callAs(ctx.app, demo.owner, 'GET', `/api/exports/${run?.id}/download`);
    expect(own.statusCode).toBe(200);
    const stranger = await callAs(ctx.app, demo.copperOwner, 'GET', `/api/exports/${run?.id}/download`);
    expect(stranger.statusCode).toBe(404);
  });

  it('pauses the schedule when the owner may no longer export the rows, and resumes once they may', async () => {
    const made = await created(scheduleBody({ layout_name: 'Paused one', recipient_ids: [ids.owner] }));
    await ctx.app.db.update(users).set({ isDisabled: true }).where(eq(users.id, ids.owner));
    try {
      await runScheduler(made.next_run_at ?? '');
    } finally {
      await ctx.app.db.update(users).set({ isDisabled: false }).where(eq(users.id, ids.owner));
    }
    expect(await runsOf(made.id)).toHaveLength(0);
    const list = reportScheduleListResponse.parse(
      (await callAs(ctx.app, demo.owner, 'GET', '/api/report-schedules')).json(),
    ).message;
    const paused = list.find((item) => item.id === made.id);
    expect(paused).toMatchObject({
      status: 'paused',
      paused_reason: ReportScheduleText.AccessLost,
      next_run_at: null,
    });

    const resumed = await callAs(ctx.app, demo.owner, 'POST', `/api/report-schedules/${made.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(reportScheduleResponse.parse(resumed.json()).message).toMatchObject({
      status: 'active',
      paused_reason: null,
    });
    const again = await callAs(ctx.app, demo.owner, 'POST', `/api/report-schedules/${made.id}/resume`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ReportScheduleText.NotPaused);
  });

  it('is the owner’s alone to pause or delete; deleted, its past runs stay', async () => {
    const made = await created(scheduleBody({ layout_name: 'Mine', recipient_ids: [ids.owner] }));
    const foreign = await callAs(ctx.app, demo.copperOwner, 'POST', `/api/report-schedules/${made.id}/pause`);
    expect(foreign.statusCode).toBe(404);
    const pause = await callAs(ctx.app, demo.owner, 'POST', `/api/report-schedules/${made.id}/pause`);
    expect(reportScheduleResponse.parse(pause.json()).message).toMatchObject({
      status: 'paused',
      next_run_at: null,
    });
    const removed = await callAs(ctx.app, demo.owner, 'DELETE', `/api/report-schedules/${made.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const list = reportScheduleListResponse.parse(
      (await callAs(ctx.app, demo.owner, 'GET', '/api/report-schedules')).json(),
    ).message;
    expect(list.some((item) => item.id === made.id)).toBe(false);
  });
});

describe('files', () => {
  it('keeps each run’s file under the data directory', async () => {
    const [run] = await ctx.app.db.select().from(exports).where(isNotNull(exports.scheduleId)).limit(1);
    expect(run).toBeDefined();
    await expect(stat(path.join(dataDir, 'exports', `${run?.id}.csv`))).resolves.toBeDefined();
  });
});

import { exportGridLabels, exportGridSchema, exportGrids } from '@portico/contracts/exports/exports';
import {
  nextRunAfter,
  periodOfRun,
  type ReportSchedule,
  ReportScheduleText,
  type reportScheduleBody,
  type SchedulePeriod,
  type ScheduleRecipient,
  type ScheduleTiming,
  scheduleDeliverySchema,
  scheduleFrequencySchema,
} from '@portico/contracts/exports/report-schedules';
import { exportRunJobName, exportRunKey } from '@portico/contracts/jobs/jobs';
import type { z } from 'zod';
import { auditActorOf } from '../../access/audit-actor';
import type { Caller } from '../../access/caller';
import { standingCallerOf } from '../../access/standing-access';
import type { JobResult } from '../../jobs/runner';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { ExportableGrid, StoredScope } from './export-registry';
import { ExportsError } from './exports.errors';
import { authorizeExport, type ExportDeps, type ExportRequest, kickRunner } from './exports.service';
import {
  claimDueSchedules,
  deleteSchedule,
  findDefaultClientId,
  findRecipients,
  findUserSchedule,
  insertSchedule,
  insertScheduledExport,
  listMerchantRecipients,
  listUserSchedules,
  type RecipientRecord,
  type ScheduleRecord,
  updateSchedule,
} from './report-schedules.repository';

type ScheduleBody = z.output<typeof reportScheduleBody>;

const timingOf = (record: RunnableSchedule): ScheduleTiming => ({
  frequency: scheduleFrequencySchema.parse(record.frequency),
  time: record.time,
  weekday: record.weekday,
  month_day: record.monthDay,
  time_zone: record.timeZone,
});

const gridOf = (record: ScheduleRecord) => exportGridSchema.catch(exportGrids[0]).parse(record.grid);

function scheduleJson(record: ScheduleRecord, recipients: readonly RecipientRecord[]): ReportSchedule {
  const request = record.request as Partial<ExportRequest>;
  const grid = gridOf(record);
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  return {
    id: record.id,
    grid,
    title: exportGridLabels[grid],
    layout_name: record.layoutName,
    format: request.format === 'xlsx' ? 'xlsx' : 'csv',
    delivery: scheduleDeliverySchema.catch('link').parse(record.delivery),
    ...timingOf(record),
    recipients: record.recipientIds.flatMap((id) => byId.get(id) ?? []),
    status: record.status,
    paused_reason: record.pausedReason,
    next_run_at: record.nextRunAt?.toISOString() ?? null,
    last_run_at: record.lastRunAt?.toISOString() ?? null,
    created_at: record.createdAt.toISOString(),
  };
}

async function schedulesJson(deps: ExportDeps, records: ScheduleRecord[]): Promise<ReportSchedule[]> {
  const recipients = await findRecipients(deps.db, [...new Set(records.flatMap((r) => r.recipientIds))]);
  return records.map((record) => scheduleJson(record, recipients));
}

// Who may receive the caller's schedule of this merchant's rows: the caller first, then the merchant's
// users who sign in (the caller's own merchant when the grid names none), by name.
export async function scheduleRecipientsOf(
  deps: Pick<ExportDeps, 'db'>,
  caller: Caller,
  merchantId: string | undefined,
): Promise<ScheduleRecipient[]> {
  const clientId = merchantId ?? (await findDefaultClientId(deps.db, caller.session.userId));
  const users = clientId === null ? [] : await listMerchantRecipients(deps.db, clientId);
  const [self] = await findRecipients(deps.db, [caller.session.userId]);
  const others = users.filter((user) => user.id !== caller.session.userId);
  return self ? [self, ...others] : others;
}

const timingColumns = (timing: ScheduleTiming) => ({
  frequency: timing.frequency,
  time: timing.time,
  weekday: timing.frequency === 'weekly' ? timing.weekday : null,
  monthDay: timing.frequency === 'monthly' ? timing.month_day : null,
  timeZone: timing.time_zone,
});

type RunnableSchedule = Pick<
  ScheduleRecord,
  'request' | 'frequency' | 'time' | 'weekday' | 'monthDay' | 'timeZone'
>;

// A run's export as its owner may ask it now: their access decided as a request of theirs on the
// grid's own route would be (outside any session), the window set to the run's period. Throws the
// refusal: the grid's own, or NoAccess when the owner does not reach the rows at all.
async function authorizeRun(
  deps: Pick<ExportDeps, 'db' | 'denials'>,
  grid: ExportableGrid,
  schedule: RunnableSchedule,
  ownerId: string,
  runAt: Date,
  route: string,
): Promise<{ request: ExportRequest; scope: StoredScope; period: SchedulePeriod }> {
  const periodParams = requireSchedulable(grid);
  const stored = schedule.request as ExportRequest;
  const owner = await standingCallerOf(
    deps.db,
    deps.denials,
    ownerId,
    grid.requestAccess,
    stored.merchant_id,
    route,
  );
  if (owner === null) throw ExportsError.NoAccess(ReportScheduleText.NoAccess);
  const timing = timingOf(schedule);
  const period = periodOfRun(timing.frequency, runAt.getTime(), timing.time_zone);
  const request = { ...stored, params: periodParams(stored.params, period) };
  return { request, scope: await authorizeExport(deps, grid, owner, request), period };
}

function requireSchedulable(grid: ExportableGrid): NonNullable<ExportableGrid['periodParams']> {
  if (!grid.periodParams) throw ExportsError.NotSchedulable(ReportScheduleText.NotSchedulable);
  return grid.periodParams.bind(grid);
}

export async function createSchedule(
  deps: ExportDeps,
  grid: ExportableGrid,
  caller: Caller,
  body: ScheduleBody,
): Promise<ReportSchedule> {
  requireSchedulable(grid);
  const firstRun = nextRunAfter(body.timing, Date.now());
  const draft = { userId: caller.session.userId, request: body.export, ...timingColumns(body.timing) };
  await authorizeRun(deps, grid, draft, caller.session.userId, firstRun, caller.route);
  const allowed = new Set(
    (await scheduleRecipientsOf(deps, caller, body.export.merchant_id)).map((recipient) => recipient.id),
  );
  if (body.recipient_ids.some((id) => !allowed.has(id))) {
    throw ExportsError.RecipientOutside(ReportScheduleText.RecipientOutside);
  }
  const record = await deps.db.transaction(async (tx) => {
    const inserted = await insertSchedule(tx, {
      userId: caller.session.userId,
      grid: grid.grid,
      layoutName: body.layout_name,
      request: body.export,
      ...timingColumns(body.timing),
      delivery: body.delivery,
      recipientIds: [...new Set(body.recipient_ids)],
      nextRunAt: firstRun,
    });
    await recordAudit(tx, {
      action: 'report_schedule.create',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'report_schedule',
      targetId: inserted.id,
      details: {
        grid: grid.grid,
        frequency: body.timing.frequency,
        recipients: inserted.recipientIds.length,
      },
    });
    return inserted;
  });
  return (await schedulesJson(deps, [record]))[0] as ReportSchedule;
}

export async function listSchedules(deps: ExportDeps, caller: Caller): Promise<ReportSchedule[]> {
  return schedulesJson(deps, await listUserSchedules(deps.db, caller.session.userId));
}

async function requireOwnSchedule(deps: ExportDeps, caller: Caller, id: string): Promise<ScheduleRecord> {
  const record = await findUserSchedule(deps.db, caller.session.userId, id);
  if (!record) throw ExportsError.ScheduleNotFound(ReportScheduleText.NotFound);
  return record;
}

async function changeSchedule(
  deps: ExportDeps,
  caller: Caller,
  record: ScheduleRecord,
  action: 'pause' | 'resume',
  values: Parameters<typeof updateSchedule>[2],
): Promise<ReportSchedule> {
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateSchedule(tx, record.id, values);
    await recordAudit(tx, {
      action: `report_schedule.${action}`,
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'report_schedule',
      targetId: record.id,
    });
    return row;
  });
  if (!updated) throw ExportsError.ScheduleNotFound(ReportScheduleText.NotFound);
  return (await schedulesJson(deps, [updated]))[0] as ReportSchedule;
}

export async function pauseSchedule(deps: ExportDeps, caller: Caller, id: string): Promise<ReportSchedule> {
  const record = await requireOwnSchedule(deps, caller, id);
  if (record.status !== 'active') throw ExportsError.ScheduleState(ReportScheduleText.NotActive);
  return changeSchedule(deps, caller, record, 'pause', {
    status: 'paused',
    pausedReason: null,
    nextRunAt: null,
  });
}

// Resumed, it runs next at its next time from now (the runs it missed while paused are not sent),
// once the owner is allowed its rows again.
export async function resumeSchedule(deps: ExportDeps, caller: Caller, id: string): Promise<ReportSchedule> {
  const record = await requireOwnSchedule(deps, caller, id);
  if (record.status !== 'paused') throw ExportsError.ScheduleState(ReportScheduleText.NotPaused);
  const grid = deps.grids.get(record.grid);
  if (!grid) throw ExportsError.ScheduleNotFound(ReportScheduleText.NotFound);
  const nextRun = nextRunAfter(timingOf(record), Date.now());
  await authorizeRun(deps, grid, record, caller.session.userId, nextRun, caller.route);
  return changeSchedule(deps, caller, record, 'resume', {
    status: 'active',
    pausedReason: null,
    nextRunAt: nextRun,
  });
}

export async function removeSchedule(deps: ExportDeps, caller: Caller, id: string): Promise<void> {
  const record = await requireOwnSchedule(deps, caller, id);
  await deps.db.transaction(async (tx) => {
    await deleteSchedule(tx, record.id);
    await recordAudit(tx, {
      action: 'report_schedule.delete',
      outcome: 'success',
      ...auditActorOf(caller),
      targetType: 'report_schedule',
      targetId: record.id,
    });
  });
}

// A refusal of the owner's access (or of a column they no longer see) pauses the schedule; any
// other failure is the scheduler's and is retried.
function isAccessRefusal(err: unknown): boolean {
  return err instanceof AppError && (err.kind === 'forbidden' || err.kind === 'validation');
}

// The scheduler: each due schedule's run becomes one export of the owner's, for the period that just
// ended, written by the export job and sent by it. A run is once per schedule and run time (a unique
// index); the schedule row is locked while its run is made, so two instances never make it twice.
// An owner who may no longer export the rows has the schedule paused with the reason in words.
export async function runDueSchedules(deps: ExportDeps, now: Date): Promise<JobResult> {
  const made: string[] = [];
  let paused = 0;
  await deps.db.transaction(async (tx) => {
    for (const record of await claimDueSchedules(tx, now)) {
      const runAt = record.nextRunAt ?? now;
      // Runs missed while no instance ran are not made up: the next is the next from now.
      const nextRunAt = nextRunAfter(timingOf(record), Math.max(now.getTime(), runAt.getTime()));
      const grid = deps.grids.get(record.grid);
      let run: Awaited<ReturnType<typeof authorizeRun>> | null = null;
      try {
        if (grid)
          run = await authorizeRun(
            { db: tx, denials: deps.denials },
            grid,
            record,
            record.userId,
            runAt,
            `scheduled ${grid.grid}`,
          );
      } catch (err) {
        if (!isAccessRefusal(err)) throw err;
      }
      if (!grid || run === null) {
        await updateSchedule(tx, record.id, {
          status: 'paused',
          pausedReason: ReportScheduleText.AccessLost,
          nextRunAt: null,
        });
        await recordAudit(tx, {
          action: 'report_schedule.pause',
          outcome: 'failure',
          actorUserId: record.userId,
          targetType: 'report_schedule',
          targetId: record.id,
          details: { reason: 'access_lost' },
        });
        paused += 1;
        continue;
      }
      const inserted = await insertScheduledExport(tx, {
        userId: record.userId,
        grid: grid.grid,
        format: run.request.format,
        request: run.request,
        scope: run.scope,
        fileName: `${record.layoutName} ${run.period.to}.${run.request.format}`,
        scheduleId: record.id,
        scheduleRunAt: runAt,
      });
      await updateSchedule(tx, record.id, { nextRunAt, lastRunAt: runAt });
      if (inserted) made.push(exportRunKey(inserted.id, inserted.attempt));
    }
  });
  for (const key of made) await deps.jobs.enqueue(exportRunJobName, key);
  if (made.length > 0) kickRunner(deps);
  return { runs: made.length, paused };
}

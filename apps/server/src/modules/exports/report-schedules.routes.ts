import { userTypes } from '@portico/contracts/auth/roles';
import { errorResponses } from '@portico/contracts/common/envelope';
import {
  isSchedulableGrid,
  reportScheduleBody,
  reportScheduleDeletedResponse,
  reportScheduleIdParams,
  reportScheduleListResponse,
  reportScheduleResponse,
  scheduleRecipientsQuery,
  scheduleRecipientsResponse,
} from '@portico/contracts/exports/report-schedules';
import { reportScheduleJobName } from '@portico/contracts/jobs/jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../access/caller';
import type { RouteAccess } from '../../access/route-access';
import type { ExportableGrid } from './export-registry';
import type { ExportDeps } from './exports.service';
import {
  createSchedule,
  listSchedules,
  pauseSchedule,
  removeSchedule,
  resumeSchedule,
  runDueSchedules,
  scheduleRecipientsOf,
} from './report-schedules.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

// Any signed-in user lists and changes their own schedules (a processor-audit user changes nothing).
const ownSchedules = { kind: 'authenticated', roles: userTypes } as const;

// Scheduling a grid takes the grid's own roles and permission; its merchant is decided as each run
// decides it (the owner's own access, no view-as), so a mimic session may not make one.
function scheduleAccessOf(grid: ExportableGrid): RouteAccess {
  const access = grid.requestAccess;
  if (access.kind !== 'authenticated') return access;
  return {
    kind: 'authenticated',
    roles: access.roles,
    ...(access.permission ? { permission: access.permission } : {}),
    mimicSession: 'refused',
  };
}

export function registerReportScheduleRoutes(
  server: FastifyInstance,
  deps: ExportDeps,
  grids: readonly ExportableGrid[],
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // Every five minutes, once per slot across instances: schedules whose time has come become exports.
  app.jobs.register({
    name: reportScheduleJobName,
    schedule: { everyMinutes: 5 },
    run: ({ now }) => runDueSchedules(deps, now),
  });

  for (const grid of grids) {
    if (!isSchedulableGrid(grid.grid)) continue;
    if (!grid.periodParams) throw new Error(`the schedulable grid ${grid.grid} has no period`);
    app.post(
      `/api/report-schedules/${grid.grid}`,
      {
        config: { access: scheduleAccessOf(grid) },
        schema: {
          tags: ['exports'],
          summary: `Schedule a saved layout of the ${grid.fileStem}: daily, weekly or monthly, to chosen users`,
          description:
            "Each run exports the period that just ended (the layout's dates replaced) as the owner may " +
            'see it then, and mails it to the recipients who may see it too; a run the owner may no ' +
            'longer make pauses the schedule.',
          body: reportScheduleBody,
          response: { 200: reportScheduleResponse, ...errors },
        },
      },
      async (request) => ({
        status: true as const,
        message: await createSchedule(deps, grid, callerOf(request), request.body),
      }),
    );
  }

  app.get(
    '/api/report-schedules',
    {
      config: { access: ownSchedules },
      schema: {
        tags: ['exports'],
        summary: 'The signed-in user’s scheduled reports, newest first',
        response: { 200: reportScheduleListResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, message: await listSchedules(deps, callerOf(request)) }),
  );

  app.get(
    '/api/report-schedules/recipients',
    {
      config: { access: { ...ownSchedules, merchant: { from: 'query', key: 'merchant_id' } } },
      schema: {
        tags: ['exports'],
        summary: 'Who may receive a scheduled report of this merchant (the caller’s own without one)',
        querystring: scheduleRecipientsQuery,
        response: { 200: scheduleRecipientsResponse, ...errors },
      },
    },
    async (request) => ({
      status: true as const,
      message: await scheduleRecipientsOf(deps, callerOf(request), request.query.merchant_id),
    }),
  );

  for (const action of ['pause', 'resume'] as const) {
    app.post(
      `/api/report-schedules/:id/${action}`,
      {
        config: { access: ownSchedules },
        schema: {
          tags: ['exports'],
          summary: action === 'pause' ? 'Pause a scheduled report' : 'Resume a paused scheduled report',
          params: reportScheduleIdParams,
          response: { 200: reportScheduleResponse, ...errors },
        },
      },
      async (request) => {
        const change = action === 'pause' ? pauseSchedule : resumeSchedule;
        return { status: true as const, message: await change(deps, callerOf(request), request.params.id) };
      },
    );
  }

  app.delete(
    '/api/report-schedules/:id',
    {
      config: { access: ownSchedules },
      schema: {
        tags: ['exports'],
        summary: 'Delete a scheduled report (its past runs stay under Exports)',
        params: reportScheduleIdParams,
        response: { 200: reportScheduleDeletedResponse, ...errors },
      },
    },
    async (request) => {
      await removeSchedule(deps, callerOf(request), request.params.id);
      return { status: true as const, message: null };
    },
  );
}

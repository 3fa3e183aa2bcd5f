import type { Export } from '@portico/contracts/exports/exports';
import type { ReportSchedule } from '@portico/contracts/exports/report-schedules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { ExportsPage } from './exports-page';

afterEach(() => vi.unstubAllGlobals());

const running: Export = {
  id: '00000000-0000-4000-8000-0000000000e1',
  grid: 'transaction-report',
  title: 'Transaction Report',
  format: 'csv',
  status: 'running',
  rows_written: 2_000,
  rows_total: 8_000,
  byte_size: null,
  file_name: 'Transaction Report 2026-12-01.csv',
  error: null,
  created_at: '2026-12-01T10:00:00.000Z',
  finished_at: null,
  expires_at: null,
};
const ready: Export = {
  ...running,
  id: '00000000-0000-4000-8000-0000000000e2',
  format: 'xlsx',
  status: 'succeeded',
  rows_written: 8_000,
  byte_size: 2 * 1024 * 1024,
  file_name: 'Transaction Report 2026-11-30.xlsx',
  finished_at: '2026-11-30T10:00:00.000Z',
  expires_at: '2099-12-07T10:00:00.000Z',
};
const failed: Export = {
  ...running,
  id: '00000000-0000-4000-8000-0000000000e3',
  status: 'failed',
  error: 'The export stopped on an unexpected error. Retry it.',
  file_name: 'Transaction Report 2026-11-29.csv',
};

describe('ExportsPage', () => {
  it('lists the exports with progress, the download while ready, Cancel and Retry', async () => {
    const fetchMock = stubFetch({
      'GET /api/exports': ok([running, ready, failed]),
      [`POST /api/exports/${running.id}/cancel`]: ok({ ...running, status: 'cancelled' }),
      '/api/timezone': ok('America/New_York'),
      '/api/report-schedules': ok([]),
    });
    renderFeature(<ExportsPage />, { role: 'user' });
    const list = await screen.findByRole('list', { name: 'Exports' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    if (!first || !second || !third) throw new Error('three exports expected');
    expect(within(first).getByText('Running: 2,000 rows (25%)')).toBeInTheDocument();
    expect(
      within(first).getByRole('progressbar', { name: `Progress of ${running.file_name}` }),
    ).toBeInTheDocument();
    expect(within(first).queryByRole('link', { name: 'Download' })).toBeNull();
    expect(within(second).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `/api/exports/${ready.id}/download`,
    );
    expect(
      within(second).getByText(/2\.0 MB · kept until 2099-12-07 \d\d:\d\d:\d\d [A-Z]{3}/),
    ).toBeInTheDocument();
    expect(within(third).getByText(failed.error ?? '')).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(requestedPaths(fetchMock)).toContain(`POST /api/exports/${running.id}/cancel`);
  });

  it('says how to start one when there is none', async () => {
    stubFetch({ 'GET /api/exports': ok([]), '/api/timezone': ok('UTC'), '/api/report-schedules': ok([]) });
    renderFeature(<ExportsPage />, { role: 'user' });
    expect(await screen.findByText(/choose All matching rows/)).toBeInTheDocument();
  });

  it('lists the scheduled reports: when, to whom, why one is paused, with Pause, Resume and Delete', async () => {
    const active: ReportSchedule = {
      id: '00000000-0000-4000-8000-0000000005c1',
      grid: 'transaction-report',
      title: 'Transaction Report',
      layout_name: 'Daily takings',
      format: 'xlsx',
      delivery: 'file',
      frequency: 'weekly',
      time: '08:00',
      weekday: 1,
      month_day: null,
      time_zone: 'America/New_York',
      recipients: [
        { id: '00000000-0000-4000-8000-00000000a001', name: 'Sam Rivera', email: 'sam@harbor.example' },
        { id: '00000000-0000-4000-8000-00000000a002', name: 'Jamie Fox', email: 'jamie@harbor.example' },
      ],
      status: 'active',
      paused_reason: null,
      next_run_at: '2026-12-07T13:00:00.000Z',
      last_run_at: null,
      created_at: '2026-12-04T10:00:00.000Z',
    };
    const paused: ReportSchedule = {
      ...active,
      id: '00000000-0000-4000-8000-0000000005c2',
      layout_name: 'Monthly disputes',
      grid: 'disputes',
      title: 'Disputes',
      status: 'paused',
      paused_reason:
        'Paused: you no longer have access to these rows. Schedule the layout again once you have.',
      next_run_at: null,
    };
    const fetchMock = stubFetch({
      'GET /api/exports': ok([]),
      '/api/timezone': ok([['America/New_York', 'Eastern Time']]),
      '/api/report-schedules': ok([active, paused]),
      [`POST /api/report-schedules/${active.id}/pause`]: ok({
        ...active,
        status: 'paused',
        next_run_at: null,
      }),
      [`POST /api/report-schedules/${paused.id}/resume`]: ok({ ...paused, status: 'active' }),
    });
    renderFeature(<ExportsPage />, { role: 'user' });
    const list = await screen.findByRole('list', { name: 'Scheduled reports' });
    const first = within(list).getByRole('listitem', { name: 'Daily takings (Transaction Report)' });
    expect(
      within(first).getByText('Weekly on Monday at 08:00 (America/New_York) · Excel · the file, attached'),
    ).toBeInTheDocument();
    expect(
      within(first).getByText(/To Sam Rivera, Jamie Fox · next run 2026-12-07 08:00:00 EST/),
    ).toBeInTheDocument();
    const second = within(list).getByRole('listitem', { name: 'Monthly disputes (Disputes)' });
    expect(within(second).getByText(paused.paused_reason ?? '')).toBeInTheDocument();
    expect(within(second).getByText('Paused')).toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Schedule paused')).toBeInTheDocument();
    await userEvent.click(within(second).getByRole('button', { name: 'Resume' }));
    expect(requestedPaths(fetchMock)).toEqual(
      expect.arrayContaining([
        `POST /api/report-schedules/${active.id}/pause`,
        `POST /api/report-schedules/${paused.id}/resume`,
      ]),
    );
  });
});

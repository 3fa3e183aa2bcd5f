import type { Export } from '@portico/contracts/exports/exports';
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
    stubFetch({ 'GET /api/exports': ok([]), '/api/timezone': ok('UTC') });
    renderFeature(<ExportsPage />, { role: 'user' });
    expect(await screen.findByText(/choose All matching rows/)).toBeInTheDocument();
  });
});

import type { JobRunRow } from '@portico/contracts/jobs/jobs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { JobsPage } from './jobs-page';

afterEach(() => vi.unstubAllGlobals());

const ran: JobRunRow = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'subscriptions.charge',
  runKey: 'now:2026-11-26T01:00:00.000Z:1a2b3c4d',
  status: 'succeeded',
  attempts: 1,
  maxAttempts: 5,
  createdAt: '2026-11-26T01:00:00.000Z',
  startedAt: '2026-11-26T01:00:00.000Z',
  finishedAt: '2026-11-26T01:00:01.000Z',
  runAfter: '2026-11-26T01:00:00.000Z',
  lastError: null,
  result: { charged: 1 },
};

function stubServer(runAnswer = ok({ run: ran })) {
  return stubFetch({
    'GET /api/jobs/runs': ok({ runs: [], jobs: ['housekeeping', 'subscriptions.charge'] }),
    'POST /api/jobs/subscriptions.charge/run': runAnswer,
    '/api/timezone': ok('UTC'),
    '/api/user/grid-config': ok(null),
    '/api/user/grid-config/names': ok([]),
  });
}

describe('JobsPage Run now', () => {
  it('runs a job after a confirm and says how the run ended', async () => {
    const fetchMock = stubServer();
    renderFeature(<JobsPage />, { role: 'admin' });
    const jobs = await screen.findByRole('table', { name: 'Jobs' });
    expect(within(jobs).getByText('Housekeeping')).toBeInTheDocument();
    await userEvent.click(within(jobs).getByRole('button', { name: 'Run Recurring charges now' }));
    // Nothing runs before the confirm.
    expect(requestedPaths(fetchMock)).not.toContain('POST /api/jobs/subscriptions.charge/run');
    const confirm = within(jobs).getByRole('group', { name: 'Confirmation' });
    expect(within(confirm).getByText('Run Recurring charges now?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Recurring charges: Succeeded')).toBeInTheDocument();
    expect(requestedPaths(fetchMock).filter((path) => path.startsWith('POST'))).toEqual([
      'POST /api/jobs/subscriptions.charge/run',
    ]);
    // The runs are read again after the run.
    expect(requestedPaths(fetchMock).filter((path) => path === 'GET /api/jobs/runs')).toHaveLength(2);
  });

  it('runs nothing when the confirm is cancelled, and shows a refusal as a toast', async () => {
    const fetchMock = stubServer(failure(403, 'FORBIDDEN', 'You do not have access'));
    renderFeature(<JobsPage />, { role: 'admin' });
    const jobs = await screen.findByRole('table', { name: 'Jobs' });
    const button = within(jobs).getByRole('button', { name: 'Run Recurring charges now' });
    await userEvent.click(button);
    await userEvent.click(within(jobs).getByRole('button', { name: 'Cancel' }));
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('POST'))).toBe(false);
    await userEvent.click(within(jobs).getByRole('button', { name: 'Run Recurring charges now' }));
    await userEvent.click(within(jobs).getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('You do not have access')).toBeInTheDocument();
  });
});

import { notifications } from '@mantine/notifications';
import { EnrollmentActionText, type KycLogEntry } from '@portico/contracts/enrollment/enrollment-actions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../../test/fetch-stub';
import { renderFeature } from '../../../../test/render-feature';
import { KycReportPage } from '../kyc-report-page';
import { KycLogPanel, ManageKycPanel, RunKycPanel, ViewKycPanel } from './kyc-panel';

const enrollmentId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const timezone = ok([['America/New_York', 'Eastern']]);

function entry(overrides: Partial<KycLogEntry>): KycLogEntry {
  return {
    id: '7d1c1f8e-1b7a-4c55-9a3e-000000000001',
    created_at: '2026-03-02T17:05:00.000Z',
    status: 'passed',
    provider: 'sandbox',
    reference: 'KYC-SBX-aaaaaaaaaaaa',
    checks: [
      { subject: 'Business', outcome: 'passed', reason: 'Business verified' },
      { subject: 'Principal 1', outcome: 'passed', reason: 'Identity verified' },
    ],
    comment: 'KYC passed (sandbox KYC-SBX-aaaaaaaaaaaa)',
    author: 'Alex Morgan',
    ...overrides,
  };
}

const olderFailure = entry({
  id: '7d1c1f8e-1b7a-4c55-9a3e-000000000002',
  created_at: '2026-03-01T15:00:00.000Z',
  status: 'failed',
  comment: 'KYC failed (sandbox KYC-SBX-bbbbbbbbbbbb). Principal 1: Identity could not be verified',
});

const view = {
  enrollment_id: enrollmentId,
  kyc_status: 'passed',
  kyc_checked_at: '2026-03-02T17:05:00.000Z',
  // The older run first: the panel must still list the newest first.
  entries: [olderFailure, entry({})],
};

function postedBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('KYC panels', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('runs KYC and shows "KYC Run!" with the result once the run was recorded', async () => {
    const fetchMock = stubFetch({
      'POST /api/kyc': ok({
        enrollment_id: enrollmentId,
        kyc_status: 'needs_review',
        kyc_checked_at: '2026-03-02T17:05:00.000Z',
        entry: entry({ status: 'needs_review' }),
      }),
    });
    const onChanged = vi.fn();
    renderFeature(<RunKycPanel enrollmentId={enrollmentId} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Run KYC' }));
    expect(await screen.findByText(EnrollmentActionText.KycRun)).toBeInTheDocument();
    expect(screen.getByLabelText('KYC result')).toHaveTextContent('Needs review');
    expect(postedBodies(fetchMock)).toEqual([{ id: enrollmentId }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the reason and no success toast when the provider cannot answer', async () => {
    stubFetch({ 'POST /api/kyc': failure(503, 'KYC_UNAVAILABLE', EnrollmentActionText.KycUnavailable) });
    const onChanged = vi.fn();
    renderFeature(<RunKycPanel enrollmentId={enrollmentId} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Run KYC' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EnrollmentActionText.KycUnavailable);
    expect(screen.queryByText(EnrollmentActionText.KycRun)).not.toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('views the status, when it was checked and the checks of the latest run', async () => {
    stubFetch({ '/api/timezone': timezone, '/api/kyc': ok(view) });
    renderFeature(<ViewKycPanel enrollmentId={enrollmentId} />);
    expect(await screen.findByLabelText('KYC status')).toHaveTextContent('Passed');
    expect(await screen.findByText('Checked 2026-03-02 12:05:00 EST')).toBeInTheDocument();
    const checks = screen.getByRole('table', { name: 'KYC checks' });
    expect(within(checks).getByRole('row', { name: /Principal 1/ })).toHaveTextContent('Identity verified');
  });

  it('says when KYC has not been run', async () => {
    stubFetch({
      '/api/timezone': timezone,
      '/api/kyc': ok({ enrollment_id: enrollmentId, kyc_status: null, kyc_checked_at: null, entries: [] }),
    });
    renderFeature(<ViewKycPanel enrollmentId={enrollmentId} />);
    expect(await screen.findByLabelText('KYC status')).toHaveTextContent('Not run');
    expect(screen.getByText('KYC has not been run.')).toBeInTheDocument();
  });

  it('lists the KYC log newest first, and "No notes found" when empty', async () => {
    stubFetch({ '/api/timezone': timezone, '/api/kyc': ok(view) });
    const { unmount } = renderFeature(<KycLogPanel enrollmentId={enrollmentId} />);
    const log = await screen.findByRole('list', { name: 'KYC log' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('KYC passed (sandbox KYC-SBX-aaaaaaaaaaaa)'),
      expect.stringContaining('Principal 1: Identity could not be verified'),
    ]);
    expect(items[0]).toHaveTextContent('2026-03-02 12:05:00 EST · Alex Morgan');
    unmount();

    stubFetch({
      '/api/timezone': timezone,
      '/api/kyc': ok({ enrollment_id: enrollmentId, kyc_status: null, kyc_checked_at: null, entries: [] }),
    });
    renderFeature(<KycLogPanel enrollmentId={enrollmentId} />);
    expect(await screen.findByText('No notes found')).toBeInTheDocument();
  });

  it('manages KYC in one panel and reloads the view after a run', async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timezone,
      'GET /api/kyc': ok(view),
      'POST /api/kyc': ok({
        enrollment_id: enrollmentId,
        kyc_status: 'passed',
        kyc_checked_at: '2026-03-02T17:05:00.000Z',
        entry: entry({}),
      }),
    });
    renderFeature(
      <MemoryRouter>
        <ManageKycPanel enrollmentId={enrollmentId} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Open the KYC report' })).toHaveAttribute(
      'href',
      `/report/kyc/${enrollmentId}`,
    );
    expect(await screen.findByRole('list', { name: 'KYC log' })).toBeInTheDocument();
    const kycReads = () => requestedPaths(fetchMock).filter((path) => path.startsWith('GET /api/kyc')).length;
    const readsBefore = kycReads();
    await userEvent.click(screen.getByRole('button', { name: 'Run KYC' }));
    expect(await screen.findByText(EnrollmentActionText.KycRun)).toBeInTheDocument();
    await waitFor(() => expect(kycReads()).toBeGreaterThan(readsBefore));
    expect(requestedPaths(fetchMock)).toContain(`GET /api/kyc?id=${enrollmentId}`);
  });

  it('opens the KYC report page of an enrollment: the result and the log, with the way back', async () => {
    const fetchMock = stubFetch({ '/api/timezone': timezone, 'GET /api/kyc': ok(view) });
    renderFeature(
      <MemoryRouter initialEntries={[`/report/kyc/${enrollmentId}`]}>
        <Routes>
          <Route path="/report/kyc/:id" element={<KycReportPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'KYC Report' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'KYC log' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the enrollment' })).toHaveAttribute(
      'href',
      `/onboard/${enrollmentId}`,
    );
    expect(requestedPaths(fetchMock)).toContain(`GET /api/kyc?id=${enrollmentId}`);
  });
});

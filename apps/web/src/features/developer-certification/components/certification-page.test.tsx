import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { CertificationPage } from './certification-page';
import { CertificationPanel } from './certification-panel';

const progress = (overrides: Record<string, unknown>) =>
  ok({
    client_id: '6d0b1f8e-3c1a-4a55-9d7e-2b1f0c9e8a71',
    is_in_certification: true,
    charges: 0,
    refunds: 0,
    reporting: 0,
    progress: 0,
    date_time_completed: null,
    ...overrides,
  });

describe('certification page', () => {
  it('shows the progress of a merchant in certification by thirds', async () => {
    stubFetch({ '/api/certification': progress({ charges: 2, refunds: 1, progress: 67 }) });
    renderFeature(<CertificationPage />);

    expect(await screen.findByText('67%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Certification progress' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
    expect(screen.getByText('Charges: passed (2 tests)')).toBeInTheDocument();
    expect(screen.getByText('Refunds: passed (1 test)')).toBeInTheDocument();
    expect(screen.getByText('Reporting: not yet passed (0 tests)')).toBeInTheDocument();
    expect(screen.queryByText('This account is not in certification.')).toBeNull();
  });

  it('says so for an account that is not in certification', async () => {
    stubFetch({ '/api/certification': progress({ is_in_certification: false }) });
    renderFeature(<CertificationPage />);
    expect(await screen.findByText('This account is not in certification.')).toBeInTheDocument();
  });

  it("shows an account's progress in the account data page's Certification panel", async () => {
    const accountId = '6d0b1f8e-3c1a-4a55-9d7e-2b1f0c9e8a71';
    const fetchMock = stubFetch({ '/api/certification': progress({ charges: 1, progress: 33 }) });
    renderFeature(<CertificationPanel clientId={accountId} />);
    expect(await screen.findByText('33%')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain(`GET /api/certification?id=${accountId}`);
  });
});

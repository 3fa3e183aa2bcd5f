import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { OnboardingPage } from './onboarding-page';

const fernFigId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

function OnboardTarget() {
  const { id } = useParams();
  return <p>Enrollment {id}</p>;
}

describe('OnboardingPage', () => {
  it('lists enrollments with their status (New when none) and opens one on a single click', async () => {
    const fetchMock = stubFetch({
      '/api/timezone': ok([['UTC', 'UTC']]),
      '/api/user/grid-config/onboarding': ok(null),
      '/api/user/grid-config-names/onboarding': ok([]),
      '/api/portal/onboarding-meta': ok([
        {
          id: fernFigId,
          dba_name: 'Fern & Fig Kitchen',
          legal_name: 'Fern and Fig Kitchen LLC',
          created_at: '2026-11-20T10:00:00.000Z',
          application_status: null,
        },
        {
          id: '7d1c1f8e-1b7a-4c55-9a3e-000000000001',
          dba_name: 'Sierra Vista Cycles',
          legal_name: 'Sierra Vista Cycles Inc.',
          created_at: '2026-11-18T10:00:00.000Z',
          application_status: 'SEND LINK',
        },
      ]),
    });
    renderFeature(
      <MemoryRouter initialEntries={['/onboarding']}>
        <Routes>
          <Route path="/onboarding" element={<OnboardingPage />} />
          <Route path="/onboard/:id" element={<OnboardTarget />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('grid', { name: 'Onboarding' })).toBeInTheDocument();
    const fernFig = await screen.findByRole('row', { name: /Fern & Fig Kitchen/ });
    expect(fernFig).toHaveTextContent('New');
    expect(screen.getByRole('row', { name: /Sierra Vista Cycles/ })).toHaveTextContent('Link sent');
    expect(fernFig).toHaveTextContent('2026-11-20 10:00:00 UTC');
    expect(requestedPaths(fetchMock)).toContain('GET /api/portal/onboarding-meta');

    await userEvent.click(fernFig);
    expect(await screen.findByText(`Enrollment ${fernFigId}`)).toBeInTheDocument();
  });
});

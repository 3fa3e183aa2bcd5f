import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { TermsPage } from './terms-page';

const enrollmentId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const clientId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const terms = {
  title: 'Merchant Processing Agreement',
  version: '2025-06-01',
  parent_legal_name: 'Summit Merchant Services LLC',
  sections: [
    { heading: '1. Parties', paragraphs: ['Between Summit Merchant Services LLC and the Merchant.'] },
  ],
};

function renderTerms(url: string) {
  return renderFeature(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/terms/:id" element={<TermsPage />} />
        <Route path="/terms/:id/:enrollment_id" element={<TermsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('TermsPage', () => {
  it('shows the agreement of an enrollment’s parent', async () => {
    const fetchMock = stubFetch({ [`/api/public/terms/${enrollmentId}`]: ok(terms) });
    renderTerms(`/terms/${enrollmentId}`);
    expect(await screen.findByRole('heading', { name: 'Merchant Processing Agreement' })).toBeInTheDocument();
    expect(screen.getByText('Summit Merchant Services LLC · Version 2025-06-01')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1. Parties' })).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual([`GET /api/public/terms/${enrollmentId}`]);
  });

  it('asks by account and enrollment, and says when there are none', async () => {
    const fetchMock = stubFetch({
      [`/api/public/terms/${clientId}/${enrollmentId}`]: failure(
        404,
        'CTA_TERMS_NOT_FOUND',
        'Terms not found',
      ),
    });
    renderTerms(`/terms/${clientId}/${enrollmentId}`);
    expect(
      await screen.findByText('These terms could not be found. Check the link and try again.'),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual([`GET /api/public/terms/${clientId}/${enrollmentId}`]);
  });
});

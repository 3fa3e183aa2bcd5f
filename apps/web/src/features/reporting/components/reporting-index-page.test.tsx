import { buildClientRecord } from '@portico/contracts/clients/client.factory';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  okResponse,
  renderReportingPage,
  stubReportingServer,
} from './reporting.test-support';
import { ReportingIndexPage } from './reporting-index-page';

// Stands in for the report pages: /reporting shows the index page, anywhere else says where it is.
function Probe() {
  const { pathname, search } = useLocation();
  return pathname === '/reporting' ? <ReportingIndexPage /> : <p>{`at ${pathname}${search}`}</p>;
}

describe('ReportingIndexPage', () => {
  it("goes on to the merchant's default search page, keeping the query", async () => {
    const server = stubReportingServer({
      'GET /api/client': () => okResponse(buildClientRecord({ default_search_page: 'search' })),
    });
    renderReportingPage(<Probe />, { path: '/reporting?q=abc' });
    expect(await screen.findByText('at /reporting/search?q=abc')).toBeInTheDocument();
    expect(server.requests.find((request) => request.path === '/api/client')?.query.get('id')).toBe(
      '11111111-1111-4111-8111-111111111111',
    );
  });

  it('goes to the classic report when the merchant chose it or the configuration cannot be read', async () => {
    stubReportingServer({ 'GET /api/client': () => errorResponse(500, 'INTERNAL', 'Something went wrong') });
    renderReportingPage(<Probe />, { path: '/reporting' });
    expect(await screen.findByText('at /reporting/classic')).toBeInTheDocument();
  });
});

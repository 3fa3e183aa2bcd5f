import { afterEach, describe, expect, it } from 'vitest';
import { startViewingAs } from '../../../lib/auth/view-as';
import { apiErrorOfResponse, reportUrl } from './report-request';

const viewedClient = '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e';

describe('reportUrl', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('carries the viewed-as client on the report page, as the api client does', () => {
    window.history.pushState({}, '', '/app/reporting/classic');
    expect(reportUrl({ start: '2026-11-01' })).toBe('/api/v1/report?start=2026-11-01');
    startViewingAs(viewedClient);
    const url = new URL(
      reportUrl({ start: '2026-11-01', search: 'Patient Number=1042' }),
      'http://portal.test',
    );
    expect(url.searchParams.get('viewAs')).toBe(viewedClient);
    expect(url.searchParams.get('search')).toBe('Patient Number=1042');
  });
});

describe('apiErrorOfResponse', () => {
  it("reads the envelope's error, and hides a 5xx without one", async () => {
    const refused = await apiErrorOfResponse(
      new Response(
        JSON.stringify({ status: false, error: { code: 'REPORT_TOO_LARGE', message: 'Too many' } }),
        {
          status: 422,
        },
      ),
    );
    expect(refused).toMatchObject({ code: 'REPORT_TOO_LARGE', message: 'Too many', httpStatus: 422 });
    const broken = await apiErrorOfResponse(new Response('<html>proxy</html>', { status: 502 }));
    expect(broken).toMatchObject({ code: 'SERVER_ERROR', message: 'Something went wrong', httpStatus: 502 });
  });
});

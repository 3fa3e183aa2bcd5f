import { buildClientRecord } from '@portico/contracts/clients/client.factory';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, zonedDayOf } from '../../../lib/time-zone/zoned-days';
import { ClassicReportPage } from './classic-report-page';
import {
  buildReportRow,
  errorResponse,
  gridRows,
  okResponse,
  type RecordedRequest,
  renderReportingPage,
  stubReportingServer,
} from './reporting.test-support';

const grid = 'Transaction Report';

function pageOf(rowsOnPage: number, total: number) {
  return () =>
    okResponse(
      Array.from({ length: rowsOnPage }, () => buildReportRow()),
      { total },
    );
}

function lastQuery(requests: RecordedRequest[]): URLSearchParams {
  const last = requests.at(-1);
  if (!last) throw new Error('No report request yet');
  return last.query;
}

const encoder = new TextEncoder();

// An NDJSON body the test feeds line by line; aborting the request errors it, as a real fetch does.
function controlledStream(request: RecordedRequest) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  request.signal?.addEventListener('abort', () =>
    controller?.error(new DOMException('The user aborted a request.', 'AbortError')),
  );
  return {
    response: new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } }),
    send: (rows: number) =>
      controller?.enqueue(
        encoder.encode(Array.from({ length: rows }, () => `${JSON.stringify(buildReportRow())}\n`).join('')),
      ),
    close: () => controller?.close(),
  };
}

describe('ClassicReportPage, paged', () => {
  it('asks for the last 7 days, page 0 of 250, and pages with Prev, Next and the page input', async () => {
    const server = stubReportingServer({ 'GET /api/v1/report': pageOf(3, 600) });
    renderReportingPage(<ClassicReportPage />);

    expect(await screen.findByText('of 3')).toBeInTheDocument();
    const today = zonedDayOf(new Date(), 'UTC');
    const first = lastQuery(server.reportRequests());
    expect(Object.fromEntries(first)).toEqual({
      start: addDays(today, -7),
      end: today,
      start_at: `${addDays(today, -7)}T00:00:00.000Z`,
      end_at: `${addDays(today, 1)}T00:00:00.000Z`,
      page: '0',
      size: '250',
    });
    await waitFor(() => expect(gridRows(grid)).toHaveLength(3));

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(server.reportRequests()).get('page')).toBe('1'));

    // Beyond the last page is clamped to it.
    const pageInput = screen.getByRole('spinbutton', { name: 'Page number' });
    await userEvent.clear(pageInput);
    await userEvent.type(pageInput, '99{Enter}');
    await waitFor(() => expect(lastQuery(server.reportRequests()).get('page')).toBe('2'));
    expect(pageInput).toHaveValue(3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    // Below 1 resets to 1.
    await userEvent.clear(pageInput);
    await userEvent.type(pageInput, '0{Enter}');
    await waitFor(() => expect(lastQuery(server.reportRequests()).get('page')).toBe('0'));
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
  });

  it('changes the page size and starts again at the first page', async () => {
    const server = stubReportingServer({ 'GET /api/v1/report': pageOf(2, 600) });
    renderReportingPage(<ClassicReportPage />);
    expect(await screen.findByText('of 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Page Size' }));
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery(server.reportRequests()).get('size')).toBe('50'));
    expect(lastQuery(server.reportRequests()).get('page')).toBe('0');
    expect(await screen.findByText('of 12')).toBeInTheDocument();
  });

  it('refetches 200 ms after a date change, and refuses a start after the end', async () => {
    const server = stubReportingServer({ 'GET /api/v1/report': pageOf(1, 1) });
    renderReportingPage(<ClassicReportPage />);
    await waitFor(() => expect(server.reportRequests().length).toBeGreaterThan(0));
    const before = server.reportRequests().length;

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-05' } });
    // Not at once: 200 ms later.
    expect(server.reportRequests()).toHaveLength(before);
    await waitFor(() => expect(lastQuery(server.reportRequests()).get('start')).toBe('2026-01-05'));

    const requestsSoFar = server.reportRequests().length;
    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '2026-01-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Start date must be on or before end date');
    await userEvent.click(screen.getByRole('button', { name: 'Load All Results' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Start date must be on or before end date');
    expect(server.reportRequests()).toHaveLength(requestsSoFar);
  });
});

describe('ClassicReportPage, Load All', () => {
  it('streams NDJSON rows in with a progress bar, the All Results badge and paging disabled', async () => {
    const streams: ReturnType<typeof controlledStream>[] = [];
    const server = stubReportingServer({
      'GET /api/v1/report': (request) => {
        if (request.query.get('is_portal_request') !== 'true') return pageOf(2, 300)();
        const stream = controlledStream(request);
        streams.push(stream);
        return stream.response;
      },
    });
    renderReportingPage(<ClassicReportPage />);
    expect(await screen.findByText('of 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load All Results' }));
    await waitFor(() => expect(streams).toHaveLength(1));
    const loadAll = server.reportRequests().at(-1);
    expect(loadAll?.headers.get('Accept')).toBe('application/x-ndjson');
    expect(loadAll?.query.has('page')).toBe(false);
    expect(screen.getByText('All Results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    // The pager counts the rows loaded instead of the paged mode's pages.
    expect(screen.queryByRole('spinbutton', { name: 'Page number' })).not.toBeInTheDocument();
    expect(screen.queryByText('of 2')).not.toBeInTheDocument();

    act(() => streams[0]?.send(120));
    expect(await screen.findByText('Loaded 120 of 300 rows')).toBeInTheDocument();
    expect(screen.getByLabelText('Rows loaded')).toHaveTextContent('All 120 rows');
    expect(screen.getByRole('progressbar', { name: 'Load all progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    act(() => {
      streams[0]?.send(180);
      streams[0]?.close();
    });
    expect(await screen.findByText('Loaded all 300 rows.')).toBeInTheDocument();
    expect(screen.getByLabelText('Rows loaded')).toHaveTextContent('All 300 rows');
    expect(screen.getByText('300 rows')).toBeInTheDocument();
    expect(screen.getByText('All Results')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Load all progress' })).not.toBeInTheDocument();

    // Apply Range (Paged) returns to pages.
    await userEvent.click(screen.getByRole('button', { name: 'Apply Range (Paged)' }));
    expect(screen.queryByText('All Results')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByRole('spinbutton', { name: 'Page number' })).toBeEnabled();
    expect(await screen.findByText('of 2')).toBeInTheDocument();
  });

  it('cancels a load: the request is aborted, the rows so far stay, and nothing is reported', async () => {
    const streams: ReturnType<typeof controlledStream>[] = [];
    const server = stubReportingServer({
      'GET /api/v1/report': (request) => {
        if (request.query.get('is_portal_request') !== 'true') return pageOf(2, 5000)();
        const stream = controlledStream(request);
        streams.push(stream);
        return stream.response;
      },
    });
    renderReportingPage(<ClassicReportPage />);
    expect(await screen.findByText('of 20')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load All Results' }));
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => streams[0]?.send(150));
    expect(await screen.findByText('Loaded 150 of 5,000 rows')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Loading cancelled after 150 rows.')).toBeInTheDocument();
    expect(server.reportRequests().at(-1)?.signal?.aborted).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('All Results')).not.toBeInTheDocument();
    expect(screen.getByText('150 rows')).toBeInTheDocument();
  });

  it('reads a JSON answer when the server does not stream', async () => {
    stubReportingServer({
      'GET /api/v1/report': (request) =>
        request.query.get('is_portal_request') === 'true' ? pageOf(4, 4)() : pageOf(2, 4)(),
    });
    renderReportingPage(<ClassicReportPage />);
    expect(await screen.findByText('of 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load All Results' }));
    expect(await screen.findByText('Loaded all 4 rows.')).toBeInTheDocument();
    await waitFor(() => expect(gridRows(grid)).toHaveLength(4));
  });

  it('stops on a malformed line and says so', async () => {
    stubReportingServer({
      'GET /api/v1/report': (request) => {
        if (request.query.get('is_portal_request') !== 'true') return pageOf(1, 3)();
        const text = `${JSON.stringify(buildReportRow())}\n{"not":"a row"}\n`;
        return new Response(text, { headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } });
      },
    });
    renderReportingPage(<ClassicReportPage />);
    expect(await screen.findByText('of 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load All Results' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report stopped loading');
    expect(alert).toHaveTextContent('Line 2 of the report is not a report row');
  });

  it("shows the server's refusal of a paged call in the grid", async () => {
    stubReportingServer({
      'GET /api/v1/report': () => errorResponse(403, 'FORBIDDEN', 'You may not read this report'),
    });
    renderReportingPage(<ClassicReportPage />);
    const gridRoot = await screen.findByTestId('data-grid');
    expect(await within(gridRoot).findByText('You may not read this report')).toBeInTheDocument();
  });
});

describe('ClassicReportPage, merchant configuration', () => {
  it("shows the merchant's search parameter field and sends search=field=value", async () => {
    const server = stubReportingServer({
      'GET /api/v1/report': pageOf(1, 1),
      'GET /api/client': () =>
        okResponse(buildClientRecord({ meta_field_search: true, meta_field_search_term: 'Patient Number' })),
    });
    renderReportingPage(<ClassicReportPage />);
    const field = await screen.findByRole('textbox', { name: 'Patient Number' });
    expect(field).toHaveAttribute('placeholder', 'Search by Patient Number');
    await userEvent.type(field, '1042');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Range (Paged)' }));
    await waitFor(() => expect(lastQuery(server.reportRequests()).get('search')).toBe('Patient Number=1042'));
    const configuration = server.requests.find((request) => request.path === '/api/client');
    expect(configuration?.query.get('id')).toBe('11111111-1111-4111-8111-111111111111');
  });

  it('shows no search field when the merchant has none, or the configuration cannot be read', async () => {
    stubReportingServer({ 'GET /api/v1/report': pageOf(1, 1) });
    renderReportingPage(<ClassicReportPage />);
    expect(await screen.findByText('of 1')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText(/^Search by/)).not.toBeInTheDocument();
  });
});

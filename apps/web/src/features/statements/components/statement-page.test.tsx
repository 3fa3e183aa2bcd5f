import { defaultStatementMonth } from '@portico/contracts/statements/statement-month';
import { type StatementLineRow, StatementText } from '@portico/contracts/statements/statements';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { StatementPage } from './statement-page';

const harbor = '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e';
const lines: StatementLineRow[] = [
  {
    type: 'VISA',
    pricing: '2.90+0.30',
    transactions: 2,
    gross: '80.00',
    fees: '2.90',
    flatfee: '0.00',
    itemfee: '0.30',
    net: '76.80',
  },
  {
    type: 'Monthly Fee',
    pricing: null,
    transactions: 0,
    gross: '0.00',
    fees: '0.00',
    flatfee: '9.95',
    itemfee: '0.00',
    net: '-9.95',
  },
];

// A contact other than the built-in default: the page must print the server's.
const support = {
  phone: '1-888-300-4100',
  email: 'statements@portico.example',
  disclaimer:
    'Questions about your statement? Call support at 1-888-300-4100 or e-mail statements@portico.example.',
};

function stubServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://portal.test');
    const answer = (() => {
      if (url.pathname === '/api/timezone') return ok([['UTC', 'UTC']]);
      if (url.pathname === '/api/statement/merchants')
        return ok([{ id: harbor, name: 'Harbor Lane Coffee' }]);
      if (url.pathname === '/api/report/statement') return ok(lines);
      if (url.pathname === '/api/statement/support') return ok(support);
      if (url.pathname === '/api/notes/statement')
        return ok([
          [
            '8a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
            'statementNote',
            'Admin',
            'Holiday hours',
            '2025-11-01T00:00:00.000Z',
          ],
        ]);
      if (url.pathname.startsWith('/api/user/grid-config'))
        return ok(url.pathname.includes('names') ? [] : null);
      throw new Error(`Unexpected request ${url.pathname}`);
    })();
    return new Response(JSON.stringify(answer.body), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return (path: string) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://portal.test'))
      .filter((url) => url.pathname === path);
}

function renderPage(role: 'admin' | 'user') {
  return renderFeature(
    <MemoryRouter initialEntries={['/statement']}>
      <StatementPage />
    </MemoryRouter>,
    { role },
  );
}

describe('StatementPage', () => {
  it('asks staff for a merchant before offering the PDF, then links the PDF of the previous month', async () => {
    const calls = stubServer();
    renderPage('admin');
    expect(screen.getByRole('heading', { name: 'Statement' })).toBeInTheDocument();
    expect(screen.getByText(StatementText.PostingNote)).toBeInTheDocument();
    expect(screen.getByText(StatementText.PdfHint)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: StatementText.DownloadPdf })).not.toBeInTheDocument();
    const account = await screen.findByRole('combobox', { name: StatementText.AccountLabel });
    await waitFor(() => expect(account).toBeEnabled());
    await userEvent.click(account);
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Lane Coffee', hidden: true }));
    const month = defaultStatementMonth(new Date().toISOString().slice(0, 10));
    const link = await screen.findByRole('link', { name: StatementText.DownloadPdf });
    expect(link).toHaveAttribute('href', `/api/statement/pdf?merchant_id=${harbor}&year-month=${month}`);
    await waitFor(() => expect(calls('/api/report/statement')).toHaveLength(1));
    expect(calls('/api/report/statement')[0]?.searchParams.get('month')).toBe(month);
    expect(calls('/api/report/statement')[0]?.searchParams.get('clientid')).toBe(harbor);
    expect(await screen.findByText('Holiday hours')).toBeInTheDocument();
    expect(await screen.findByText(support.disclaimer)).toBeInTheDocument();
    expect(calls('/api/statement/support')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('data-grid-totals')).toHaveTextContent('Net TOTAL $66.85'));
  });

  it('shows a merchant user its own statement without the Statement For dropdown', async () => {
    const calls = stubServer();
    renderPage('user');
    expect(screen.queryByRole('combobox', { name: StatementText.AccountLabel })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: StatementText.DownloadPdf })).toBeInTheDocument();
    await waitFor(() => expect(calls('/api/report/statement')).toHaveLength(1));
  });
});

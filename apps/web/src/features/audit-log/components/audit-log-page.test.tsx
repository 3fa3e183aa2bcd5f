import { notifications } from '@mantine/notifications';
import type { AuditLogRow } from '@portico/contracts/audit/audit-log';
import { ExportText } from '@portico/contracts/exports/exports';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { AuditLogPage } from './audit-log-page';

function entry(overrides: Partial<AuditLogRow>): AuditLogRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    created_at: '2026-07-01T14:05:00.000000Z',
    action: 'mimic',
    outcome: 'success',
    actor_email: 'barista@harbor.example',
    on_behalf_of_email: 'admin@portico.example',
    target_type: 'user',
    target_id: 'b5d0a7c2-0000-4000-8000-000000000002',
    target_name: 'Jamie Fox (barista@harbor.example)',
    client_id: null,
    client_name: null,
    ip: '127.0.0.1',
    details: '{"stage":"start"}',
    details_text: 'Stage: start',
    ...overrides,
  };
}

const timeZone = ok([['America/New_York', 'Eastern']]);

beforeEach(() => notifications.clean());

describe('AuditLogPage', () => {
  it('shows a page of entries with the action in words and both identities of a mimic session', async () => {
    stubFetch({
      '/api/timezone': timeZone,
      '/api/audit-log': ok({ rows: [entry({})], next_before: null }),
    });
    renderFeature(<AuditLogPage />);
    expect(await screen.findByText('Page 1: 1 entries, newest first')).toBeInTheDocument();
    expect(await screen.findByText('barista@harbor.example')).toBeInTheDocument();
    expect(screen.getByText('admin@portico.example')).toBeInTheDocument();
    expect(screen.getAllByText('Mimic').length).toBeGreaterThan(0);
    // The target and the details in words; the ids only in hidden columns.
    expect(screen.getByText('User: Jamie Fox (barista@harbor.example)')).toBeInTheDocument();
    expect(screen.getByText('Stage: start')).toBeInTheDocument();
    expect(screen.queryByText(/b5d0a7c2-/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('sends the filters and pages to older entries with the cursor', async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      '/api/audit-log': ok({
        rows: [entry({ action: 'refund' })],
        next_before: '2026-07-01T14:05:00.000000Z|x',
      }),
    });
    renderFeature(<AuditLogPage />);
    await screen.findByText('Page 1: 1 entries, newest first');
    await userEvent.type(screen.getByRole('textbox', { name: 'Actor e-mail' }), 'admin@portico.example');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        requestedPaths(fetchMock).filter((path) => path.includes('actor=admin%40portico.example')),
      ).toHaveLength(1),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Page 2: 1 entries, newest first')).toBeInTheDocument();
    const last = requestedPaths(fetchMock)
      .filter((path) => path.startsWith('GET /api/audit-log'))
      .at(-1);
    expect(last).toContain('before=2026-07-01T14%3A05%3A00.000000Z%7Cx');
    expect(last).toContain('actor=admin%40portico.example');
  });

  it("offers 'All matching rows', asking the server to export the log's filters", async () => {
    const fetchMock = stubFetch({
      '/api/timezone': timeZone,
      '/api/audit-log': ok({ rows: [entry({})], next_before: null }),
      'POST /api/exports/audit-log': ok({
        id: '00000000-0000-4000-8000-00000000e0e0',
        grid: 'audit-log',
        title: 'Audit Log',
        format: 'csv',
        status: 'queued',
        rows_written: 0,
        rows_total: null,
        byte_size: null,
        file_name: 'Audit Log 2026-07-01.csv',
        error: null,
        created_at: '2026-07-01T14:05:00.000Z',
        finished_at: null,
        expires_at: null,
      }),
    });
    // The notice links to the Exports page.
    renderFeature(
      <MemoryRouter>
        <AuditLogPage />
      </MemoryRouter>,
    );
    await screen.findByText('Page 1: 1 entries, newest first');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    // The menu opens in a portal whose transition jsdom does not run.
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV, by the server', hidden: true }));
    expect(await screen.findByText(ExportText.Requested, { exact: false })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(
      ([input, init]) => String(input).includes('/api/exports/audit-log') && init?.method === 'POST',
    );
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toMatchObject({ format: 'csv', params: {}, time_zone: 'America/New_York' });
    expect(body.columns).toEqual([
      'created_at',
      'action',
      'outcome',
      'actor_email',
      'on_behalf_of_email',
      'client_name',
      'target',
      'ip',
      'details',
    ]);
  });

  it('says so when nothing matches, and refuses From after To', async () => {
    stubFetch({ '/api/timezone': timeZone, '/api/audit-log': ok({ rows: [], next_before: null }) });
    renderFeature(<AuditLogPage />);
    expect(await screen.findByText('No audited actions match these filters.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('From'), '2026-07-02');
    await userEvent.type(screen.getByLabelText('To'), '2026-07-01');
    expect(await screen.findByText('From must be on or before To.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });
});

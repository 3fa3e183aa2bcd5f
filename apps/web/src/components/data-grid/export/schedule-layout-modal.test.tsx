import { notifications } from '@mantine/notifications';
import type { ReportSchedule } from '@portico/contracts/exports/report-schedules';
import type { GridLayout } from '@portico/contracts/grid/grid-layout';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../test/app-parts';
import { failure, ok, stubFetch } from '../../../test/fetch-stub';
import { GridLayoutsBar } from '../layouts/grid-layouts-bar';
import type { ServerExportBodyOf } from './use-server-export';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  notifications.cleanQueue();
});

const merchantId = '00000000-0000-4000-8000-00000000c001';
const self = {
  id: '00000000-0000-4000-8000-00000000a001',
  name: 'Sam Rivera',
  email: 'owner@harbor.example',
};
const colleague = {
  id: '00000000-0000-4000-8000-00000000a002',
  name: 'Jamie Fox',
  email: 'jamie@harbor.example',
};

const saved: GridLayout = {
  version: 'v2',
  columns: [{ colId: 'created_at' }, { colId: 'status', hide: true }, { colId: 'amount' }],
  filters: { amount: { filterType: 'number', min: 10 } },
  sortModel: [],
  pivotMode: false,
  columnGroupState: [],
};

const bodyOf: ServerExportBodyOf = (format, state) => ({
  merchant_id: merchantId,
  format,
  params: { start: '2026-12-01', end: '2026-12-03' },
  columns: state.columns,
  filters: state.filters,
  sort_model: state.sortModel,
  time_zone: 'America/New_York',
});

const made: ReportSchedule = {
  id: '00000000-0000-4000-8000-0000000005c1',
  grid: 'transaction-report',
  title: 'Transaction Report',
  layout_name: 'Daily takings',
  format: 'xlsx',
  delivery: 'file',
  frequency: 'weekly',
  time: '08:00',
  weekday: 1,
  month_day: null,
  time_zone: 'America/New_York',
  recipients: [self],
  status: 'active',
  paused_reason: null,
  next_run_at: '2026-12-07T13:00:00.000Z',
  last_run_at: null,
  created_at: '2026-12-04T10:00:00.000Z',
};

function renderBar(answers: Parameters<typeof stubFetch>[0]) {
  const fetchMock = stubFetch({
    '/api/user/grid-config-names/report': ok(['Daily takings']),
    '/api/user/grid-config/report___Daily%20takings': ok(saved),
    '/api/report-schedules/recipients': ok([self, colleague]),
    '/api/timezone': ok([['America/New_York', 'Eastern Time']]),
    ...answers,
  });
  render(
    <AppProviders>
      <GridLayoutsBar
        configKey="report"
        getLayout={() => saved}
        applyLayout={() => {}}
        schedule={{ grid: 'transaction-report', bodyOf }}
      />
    </AppProviders>,
  );
  return fetchMock;
}

async function openSchedule() {
  const picker = screen.getAllByLabelText('Saved layout').find((element) => element.tagName === 'INPUT');
  if (!picker) throw new Error('no Saved layout input');
  expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
  await userEvent.click(picker);
  await userEvent.click(await screen.findByRole('option', { name: 'Daily takings', hidden: true }));
  await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  return screen.findByRole('dialog', { name: "Schedule 'Daily takings'" });
}

async function choose(dialog: HTMLElement, label: string, option: string) {
  const input = within(dialog)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`no ${label} input`);
  await userEvent.click(input);
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('scheduling a saved layout', () => {
  it('sends the saved layout’s visible columns and filters with the timing, format and recipients', async () => {
    const fetchMock = renderBar({ 'POST /api/report-schedules/transaction-report': ok(made) });
    const dialog = await openSchedule();
    await waitFor(() =>
      expect(within(dialog).getByText('Sam Rivera (owner@harbor.example)')).toBeInTheDocument(),
    );
    // The times are the user's zone's.
    await waitFor(() =>
      expect(within(dialog).getAllByLabelText('Time (America/New_York)').length).toBeGreaterThan(0),
    );
    await choose(dialog, 'Frequency', 'Weekly');
    await choose(dialog, 'Day of the week', 'Monday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    expect(await screen.findByText('Report scheduled')).toBeInTheDocument();
    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({
      layout_name: 'Daily takings',
      export: bodyOf('xlsx', { columns: ['created_at', 'amount'], filters: saved.filters, sortModel: [] }),
      timing: {
        frequency: 'weekly',
        time: '08:00',
        weekday: 1,
        month_day: null,
        time_zone: 'America/New_York',
      },
      delivery: 'file',
      recipient_ids: [self.id],
    });
    expect(
      new URL(
        String(fetchMock.mock.calls.find(([input]) => String(input).includes('recipients'))?.[0]),
        'http://portal.test',
      ).searchParams.get('merchant_id'),
    ).toBe(merchantId);
  });

  it('shows the server’s refusal in the form and keeps it open', async () => {
    renderBar({
      'POST /api/report-schedules/transaction-report': failure(
        400,
        'REPORT_SCHEDULE_RECIPIENT_OUTSIDE',
        'Every recipient must be a user of this merchant.',
      ),
    });
    const dialog = await openSchedule();
    await waitFor(() =>
      expect(within(dialog).getByText('Sam Rivera (owner@harbor.example)')).toBeInTheDocument(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(
      await within(dialog).findByText('Every recipient must be a user of this merchant.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Not scheduled')).toBeInTheDocument();
  });
});

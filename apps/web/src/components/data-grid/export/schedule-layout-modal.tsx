import { Alert, Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import type { ExportFormat, ExportGrid } from '@portico/contracts/exports/exports';
import {
  maxMonthDay,
  ReportScheduleText,
  type ScheduleDelivery,
  type ScheduleFrequency,
  scheduleDeliveries,
  scheduleDeliveryLabels,
  scheduleFrequencies,
  scheduleFrequencyLabels,
  weekdayNames,
} from '@portico/contracts/exports/report-schedules';
import type { GridLayout } from '@portico/contracts/grid/grid-layout';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { Modal } from '../../modal';
import { showToast } from '../../toasts';
import type { DataGridExportState } from '../data-grid.types';
import { useCreateSchedule, useScheduleRecipients } from './report-schedules.api';
import type { ServerExportBodyOf } from './use-server-export';

export type LayoutSchedule = { grid: ExportGrid; bodyOf: ServerExportBodyOf };

// The export state a saved layout shows: its visible columns in order, its filters and sort.
export function exportStateOfLayout(layout: GridLayout): DataGridExportState {
  return {
    columns: layout.columns.filter((column) => column.hide !== true).map((column) => column.colId),
    filters: layout.filters,
    sortModel: layout.sortModel,
  };
}

const quarterHours = Array.from({ length: 96 }, (_, index) => {
  const hours = String(Math.floor(index / 4)).padStart(2, '0');
  return `${hours}:${String((index % 4) * 15).padStart(2, '0')}`;
});
const formatOptions = [
  { value: 'xlsx', label: 'Excel (.xlsx)' },
  { value: 'csv', label: 'CSV' },
];

type ScheduleLayoutModalProps = {
  isOpen: boolean;
  onClose: () => void;
  layoutName: string;
  // Read when the form is sent: the saved layout as stored.
  loadLayout: () => Promise<GridLayout | null>;
  schedule: LayoutSchedule;
};

// Schedule a saved layout: how often and when (in the user's zone), the file's format, the file or a
// link, and who of the merchant's users receive it. Each run covers the period that just ended.
export function ScheduleLayoutModal({
  isOpen,
  onClose,
  layoutName,
  loadLayout,
  schedule,
}: ScheduleLayoutModalProps) {
  const timeZone = useUserTimeZone();
  const [frequency, setFrequency] = useState<ScheduleFrequency>('daily');
  const [weekday, setWeekday] = useState('1');
  const [monthDay, setMonthDay] = useState('1');
  const [time, setTime] = useState('08:00');
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [delivery, setDelivery] = useState<ScheduleDelivery>('file');
  const [recipientIds, setRecipientIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isLoadingLayout, setLoadingLayout] = useState(false);
  // The merchant the report is narrowed to, as the grid's export would name it.
  const merchantId = schedule.bodyOf('csv', { columns: [], filters: {}, sortModel: [] }).merchant_id;
  const recipients = useScheduleRecipients(merchantId, isOpen);
  const create = useCreateSchedule(schedule.grid);
  const firstRecipient = recipients.data?.[0]?.id;

  useEffect(() => {
    if (isOpen && firstRecipient !== undefined)
      setRecipientIds((ids) => (ids.length === 0 ? [firstRecipient] : ids));
  }, [isOpen, firstRecipient]);

  async function submit() {
    setError(null);
    setLoadingLayout(true);
    const layout = await loadLayout().catch(() => null);
    setLoadingLayout(false);
    if (layout === null) {
      setError('The saved layout could not be read. Save it again and retry.');
      return;
    }
    create.mutate(
      {
        layout_name: layoutName,
        export: schedule.bodyOf(format, exportStateOfLayout(layout)),
        timing: {
          frequency,
          time,
          weekday: frequency === 'weekly' ? Number(weekday) : null,
          month_day: frequency === 'monthly' ? Number(monthDay) : null,
          time_zone: timeZone,
        },
        delivery,
        recipient_ids: recipientIds,
      },
      {
        onSuccess: () => {
          void showToast({ text: ReportScheduleText.Created, type: 'success' });
          onClose();
        },
        onError: (failure) =>
          setError(failure instanceof ApiError ? failure.message : 'The report could not be scheduled.'),
      },
    );
  }

  return (
    <Modal isOpen={isOpen} title={`Schedule '${layoutName}'`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Each run exports the period that just ended (the day, the seven days or the month before it) with
            this layout's columns and filters.
          </Text>
          <Select
            label="Frequency"
            data={scheduleFrequencies.map((value) => ({ value, label: scheduleFrequencyLabels[value] }))}
            value={frequency}
            onChange={(value) => value && setFrequency(value as ScheduleFrequency)}
            allowDeselect={false}
          />
          {frequency === 'weekly' && (
            <Select
              label="Day of the week"
              data={weekdayNames.map((label, index) => ({ value: String(index + 1), label }))}
              value={weekday}
              onChange={(value) => value && setWeekday(value)}
              allowDeselect={false}
            />
          )}
          {frequency === 'monthly' && (
            <Select
              label="Day of the month"
              data={Array.from({ length: maxMonthDay }, (_, index) => String(index + 1))}
              value={monthDay}
              onChange={(value) => value && setMonthDay(value)}
              allowDeselect={false}
            />
          )}
          <Select
            label={`Time (${timeZone})`}
            data={quarterHours}
            value={time}
            onChange={(value) => value && setTime(value)}
            searchable
            allowDeselect={false}
          />
          <Select
            label="Format"
            data={formatOptions}
            value={format}
            onChange={(value) => value && setFormat(value as ExportFormat)}
            allowDeselect={false}
          />
          <Select
            label="Send"
            data={scheduleDeliveries.map((value) => ({ value, label: scheduleDeliveryLabels[value] }))}
            value={delivery}
            onChange={(value) => value && setDelivery(value as ScheduleDelivery)}
            allowDeselect={false}
          />
          <MultiSelect
            label="Recipients"
            placeholder={recipients.isPending ? 'Loading…' : 'Choose users'}
            data={(recipients.data ?? []).map((recipient) => ({
              value: recipient.id,
              label: `${recipient.name} (${recipient.email})`,
            }))}
            value={recipientIds}
            onChange={setRecipientIds}
            searchable
            nothingFoundMessage="No user of this merchant matches"
          />
          {error !== null && (
            <Alert color="red" role="alert" title="Not scheduled">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || isLoadingLayout}>
              Schedule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Anchor, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  type DisputeRatioRow,
  DisputeRatioText,
  maxDisputeRatioThresholdHundredths,
  minDisputeRatioThresholdHundredths,
  parsePercentToHundredths,
} from '@portico/contracts/risk/dispute-ratio';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import {
  useAddMerchantRiskNote,
  useDisputeRatios,
  useMerchantRiskNotes,
  useSaveDisputeThreshold,
} from '../api/dispute-ratios';
import { NotesList } from './notes-list';

// The Disputes page filtered to one merchant.
export function merchantDisputesHref(merchantId: string): string {
  return `/disputes?merchant=${encodeURIComponent(merchantId)}`;
}

export function isThresholdText(text: string): boolean {
  const hundredths = parsePercentToHundredths(text);
  return (
    hundredths !== null &&
    hundredths >= minDisputeRatioThresholdHundredths &&
    hundredths <= maxDisputeRatioThresholdHundredths
  );
}

const flagLabels = { true: DisputeRatioText.Flagged, false: DisputeRatioText.Fine } as const;

function ratioColumns(onNotes: (row: DisputeRatioRow) => void): DataGridColumn<DisputeRatioRow>[] {
  return [
    {
      id: 'merchant_name',
      header: 'Merchant',
      kind: 'text',
      value: (row) => row.merchant_name,
      width: 240,
      renderCell: (row) => (
        <Anchor component={Link} to={merchantDisputesHref(row.merchant_id)} size="sm">
          {row.merchant_name}
        </Anchor>
      ),
    },
    { id: 'disputes', header: 'Disputes', kind: 'number', value: (row) => row.disputes, width: 110 },
    { id: 'card_sales', header: 'Card Sales', kind: 'number', value: (row) => row.card_sales, width: 120 },
    {
      id: 'ratio',
      header: 'Ratio',
      kind: 'text',
      value: (row) => (row.ratio === null ? DisputeRatioText.NoSales : `${row.ratio}%`),
      width: 130,
    },
    {
      id: 'is_flagged',
      header: 'Status',
      kind: 'enum',
      enumLabels: flagLabels,
      value: (row) => String(row.is_flagged),
      width: 150,
    },
    {
      id: 'notes',
      header: 'Notes',
      kind: 'number',
      value: (row) => row.notes,
      width: 140,
      isTotalled: false,
      renderCell: (row) => (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => onNotes(row)}
          aria-label={`Notes of ${row.merchant_name} (${row.notes})`}
        >
          {`Notes (${row.notes})`}
        </Button>
      ),
    },
  ];
}

// Risk's Disputes tab: the month's disputes against card sales per merchant, flagged over the
// threshold staff set here, with each merchant's risk notes and a link to its disputes.
export function DisputeRatiosTab({ timeZone, now = new Date() }: { timeZone: string; now?: Date }) {
  const [month, setMonth] = useState(() => now.toISOString().slice(0, 7));
  const ratios = useDisputeRatios(month);
  const [notesOf, setNotesOf] = useState<DisputeRatioRow | null>(null);
  const columns = useMemo(() => ratioColumns(setNotesOf), []);

  return (
    <Stack gap="md">
      <Text size="sm">{DisputeRatioText.Explained}</Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Month"
          type="month"
          value={month}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (/^\d{4}-\d{2}$/.test(value)) setMonth(value);
          }}
          w={{ base: '100%', sm: 180 }}
        />
        {ratios.data && <ThresholdForm current={ratios.data.threshold} />}
      </Group>
      <DataGrid
        ariaLabel="Dispute ratios"
        columns={columns}
        rows={ratios.data?.rows ?? []}
        getRowId={(row) => row.merchant_id}
        isLoading={ratios.isPending}
        error={ratios.error ? apiErrorMessage(ratios.error, DisputeRatioText.LoadFailed) : null}
        onRefresh={() => void ratios.refetch()}
        timeZone={timeZone}
        height="max(420px, calc(100vh - 380px))"
        showGroupPanel={false}
        exportFileName="DisputeRatios.xlsx"
        emptyText="No disputes or card sales in this month."
      />
      <Modal
        isOpen={notesOf !== null}
        title={notesOf ? `Risk notes: ${notesOf.merchant_name}` : 'Risk notes'}
        onClose={() => setNotesOf(null)}
        isLarge
      >
        {notesOf !== null && <MerchantNotes merchantId={notesOf.merchant_id} timeZone={timeZone} />}
      </Modal>
    </Stack>
  );
}

function ThresholdForm({ current }: { current: string }) {
  const save = useSaveDisputeThreshold();
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  const isValid = isThresholdText(text);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValid) return;
    save.mutate(text.trim(), {
      onSuccess: () => void showToast({ text: DisputeRatioText.ThresholdSaved, type: 'success' }),
      onError: (error) =>
        void showToast({
          text: apiErrorMessage(error, DisputeRatioText.ThresholdSaveFailed),
          type: 'danger',
        }),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Dispute ratio threshold">
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          label={DisputeRatioText.Threshold}
          inputMode="decimal"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={isValid ? undefined : DisputeRatioText.ThresholdInvalid}
          w={{ base: 140, sm: 160 }}
        />
        <Button type="submit" disabled={!isValid || text.trim() === current} loading={save.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}

function MerchantNotes({ merchantId, timeZone }: { merchantId: string; timeZone: string }) {
  const notes = useMerchantRiskNotes(merchantId);
  const addNote = useAddMerchantRiskNote();
  const [content, setContent] = useState('');
  const isBlank = content.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isBlank) return;
    addNote.mutate(
      { merchantId, comment: content },
      {
        onSuccess: () => setContent(''),
        onError: (error) =>
          void showToast({
            text: apiErrorMessage(error, 'Failed to add note. Please try again.'),
            type: 'danger',
          }),
      },
    );
  }

  return (
    <Stack gap="md">
      <NotesList
        isPending={notes.isPending}
        isError={notes.isError}
        notes={notes.data?.map((note) => ({
          id: note.id,
          text: note.comment ?? '',
          author: note.author,
          createdAt: note.created_at,
        }))}
        timeZone={timeZone}
      />
      <form onSubmit={submit} aria-label="Add note">
        <Stack gap="sm">
          <Textarea
            label="Note"
            required
            rows={3}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={isBlank} loading={addNote.isPending}>
              Add Note
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

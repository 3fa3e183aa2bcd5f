import { Alert, Badge, Button, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { reportPageSizeOptions } from '@portico/contracts/transactions/report';
import { ReportLabel } from '@portico/contracts/transactions/texts';
import { useState } from 'react';
import type { ClassicReport } from '../hooks/use-classic-report';

const pageSizeOptions = reportPageSizeOptions.map((size) => ({ value: String(size), label: String(size) }));
const countFormat = new Intl.NumberFormat('en-US');

type ReportControlsProps = { report: ClassicReport; searchTermField: string | null };

// The classic report's controls. While Load All runs, Prev, Next and the page input are disabled
// and Cancel stops it.
export function ReportControls({ report, searchTermField }: ReportControlsProps) {
  const isPagingDisabled = report.mode === 'all';
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Page Size"
          data={pageSizeOptions}
          value={String(report.pageSize)}
          onChange={(value) => report.setPageSize(Number(value))}
          allowDeselect={false}
          w={100}
          disabled={isPagingDisabled}
        />
        <PageNavigation report={report} isDisabled={isPagingDisabled} />
        <TextInput
          label="From"
          type="date"
          value={report.range.from}
          onChange={(event) => report.setRange({ ...report.range, from: event.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="date"
          value={report.range.to}
          onChange={(event) => report.setRange({ ...report.range, to: event.currentTarget.value })}
        />
        {searchTermField !== null && (
          <TextInput
            label={searchTermField}
            placeholder={`Search by ${searchTermField}`}
            value={report.searchValue}
            onChange={(event) => report.setSearchValue(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') report.applyRangePaged();
            }}
          />
        )}
      </Group>
      <Group gap="sm" wrap="wrap">
        <Button variant="default" onClick={report.applyRangePaged}>
          {ReportLabel.ApplyRangePaged}
        </Button>
        <Button onClick={report.loadAllResults} disabled={report.isLoadingAll}>
          {ReportLabel.LoadAllResults}
        </Button>
        <Button variant="default" color="red" onClick={report.cancel} disabled={!report.isFetching}>
          {ReportLabel.Cancel}
        </Button>
        {(report.loadAllStatus === 'loading' || report.loadAllStatus === 'done') && (
          <Badge size="lg" variant="filled">
            {ReportLabel.AllResults}
          </Badge>
        )}
      </Group>
      <LoadAllProgress report={report} />
      {report.rangeMessage && (
        <Alert color="red" role="alert">
          {report.rangeMessage}
        </Alert>
      )}
      {report.loadAllError && (
        <Alert color="red" role="alert" title="The report stopped loading">
          {report.loadAllError}
        </Alert>
      )}
    </Stack>
  );
}

function PageNavigation({ report, isDisabled }: { report: ClassicReport; isDisabled: boolean }) {
  // What is being typed; the page number shows otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const typed = Number(draft);
    setDraft(null);
    report.goToPage(draft.trim() === '' ? 1 : typed);
  };
  return (
    <Group gap={6} align="flex-end" wrap="nowrap">
      <Button
        variant="default"
        onClick={() => report.goToPage(report.pageNumber - 1)}
        disabled={isDisabled || report.pageNumber <= 1}
      >
        Prev
      </Button>
      {report.mode === 'all' ? (
        // After Load All the grid holds every row: no page count of the paged mode.
        <Text size="sm" pb={8} aria-label="Rows loaded" miw={120}>
          {`All ${countFormat.format(report.rows.length)} rows`}
        </Text>
      ) : (
        <>
          <TextInput
            label="Page"
            aria-label="Page number"
            type="number"
            min={1}
            max={report.totalPages}
            w={80}
            value={draft ?? String(report.pageNumber)}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit();
            }}
            disabled={isDisabled}
          />
          <Text size="sm" pb={8} aria-label="Total pages">
            of {countFormat.format(report.totalPages)}
          </Text>
        </>
      )}
      <Button
        variant="default"
        onClick={() => report.goToPage(report.pageNumber + 1)}
        disabled={isDisabled || report.pageNumber >= report.totalPages}
      >
        Next
      </Button>
    </Group>
  );
}

// "a progress bar showing rows loaded" (of the total when the paged count knows it).
function LoadAllProgress({ report }: { report: ClassicReport }) {
  const loaded = report.rows.length;
  const total = report.knownTotal !== null && loaded <= report.knownTotal ? report.knownTotal : null;
  if (report.loadAllStatus === 'loading') {
    const text =
      total === null
        ? `Loaded ${countFormat.format(loaded)} rows`
        : `Loaded ${countFormat.format(loaded)} of ${countFormat.format(total)} rows`;
    return (
      <Stack gap={4}>
        <Progress
          aria-label="Load all progress"
          value={total === null || total === 0 ? 100 : (loaded / total) * 100}
          animated
          striped={total === null}
          size="lg"
          transitionDuration={100}
        />
        <Text size="sm" aria-live="polite">
          {text}
        </Text>
      </Stack>
    );
  }
  if (report.loadAllStatus === 'cancelled') {
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        {`Loading cancelled after ${countFormat.format(loaded)} rows.`}
      </Text>
    );
  }
  if (report.loadAllStatus === 'done') {
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        {`Loaded all ${countFormat.format(loaded)} rows.`}
      </Text>
    );
  }
  return null;
}

import { codeInWords, keyInWords } from '@portico/contracts/common/words';
import {
  exportAttemptOfRunKey,
  exportRunJobName,
  type JobRunRow,
  jobLabels,
  jobRunStatusLabels,
} from '@portico/contracts/jobs/jobs';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';

// What a run did, as 'Posted 3, Month 2026-10'.
export function jobResultText(result: JobRunRow['result']): string {
  if (result === null) return '';
  return Object.entries(result)
    .map(([name, value]) => `${keyInWords(name)} ${typeof value === 'string' ? codeInWords(value) : value}`)
    .join(', ');
}

// The period a run covers: its UTC month, day or slot as the runner keys it; a run started by hand
// (key 'now:<time>:<tag>') reads 'Run by hand', its time being the Queued column. An export file's run
// reads as its attempt.
export function jobPeriodText(row: Pick<JobRunRow, 'name' | 'runKey'>): string {
  if (row.runKey.startsWith('now:')) return 'Run by hand';
  const exportAttempt = row.name === exportRunJobName ? exportAttemptOfRunKey(row.runKey) : null;
  if (exportAttempt !== null) return `One export, attempt ${exportAttempt}`;
  return row.runKey;
}

// A job's runs as staff read them: when (with zone), which job and period (a UTC month, day or slot,
// or by hand), how it went, and why not.
export const jobRunsColumns: readonly DataGridColumn<JobRunRow>[] = [
  { id: 'createdAt', header: 'Queued', kind: 'datetime', value: (row) => row.createdAt, width: 210 },
  { id: 'name', header: 'Job', kind: 'enum', enumLabels: jobLabels, value: (row) => row.name, width: 240 },
  {
    id: 'runKey',
    header: 'Period (UTC)',
    kind: 'text',
    value: (row) => jobPeriodText(row),
    width: 150,
  },
  {
    id: 'status',
    header: 'Status',
    kind: 'enum',
    enumLabels: jobRunStatusLabels,
    value: (row) => row.status,
    width: 120,
  },
  {
    id: 'attempts',
    header: 'Attempts',
    kind: 'text',
    value: (row) => `${row.attempts} of ${row.maxAttempts}`,
    width: 100,
  },
  { id: 'startedAt', header: 'Started', kind: 'datetime', value: (row) => row.startedAt, width: 210 },
  { id: 'finishedAt', header: 'Finished', kind: 'datetime', value: (row) => row.finishedAt, width: 210 },
  { id: 'result', header: 'Result', kind: 'text', value: (row) => jobResultText(row.result), width: 260 },
  { id: 'lastError', header: 'Error', kind: 'text', value: (row) => row.lastError ?? '', width: 360 },
];

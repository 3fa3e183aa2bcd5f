import type { Export } from '@portico/contracts/exports/exports';
import { describe, expect, it } from 'vitest';
import { byteSizeText, canDownloadExport, canRetryExport, exportStatusText } from './exports.utils';

const base: Export = {
  id: '00000000-0000-4000-8000-000000000001',
  grid: 'transaction-report',
  title: 'Transaction Report',
  format: 'csv',
  status: 'running',
  rows_written: 1_500,
  rows_total: 6_000,
  byte_size: null,
  file_name: 'Transaction Report 2026-12-01.csv',
  error: null,
  created_at: '2026-12-01T10:00:00.000Z',
  finished_at: null,
  expires_at: null,
};

describe('exports utils', () => {
  it('says how far a running export got and how many rows a ready one holds', () => {
    expect(exportStatusText(base)).toBe('Running: 1,500 rows (25%)');
    expect(exportStatusText({ ...base, status: 'succeeded', rows_written: 6_000 })).toBe('Ready: 6,000 rows');
    expect(exportStatusText({ ...base, status: 'queued' })).toBe('Waiting to start');
  });

  it('offers the download only while ready and not expired, a retry after a failure or cancel', () => {
    const now = new Date('2026-12-02T00:00:00Z');
    const ready = { ...base, status: 'succeeded' as const, expires_at: '2026-12-08T10:00:00.000Z' };
    expect(canDownloadExport(ready, now)).toBe(true);
    expect(canDownloadExport({ ...ready, expires_at: '2026-12-01T10:00:00.000Z' }, now)).toBe(false);
    expect(canDownloadExport(base, now)).toBe(false);
    expect(canRetryExport({ ...base, status: 'failed' })).toBe(true);
    expect(canRetryExport(ready)).toBe(false);
  });

  it('writes sizes as people read them', () => {
    expect(byteSizeText(512)).toBe('512 B');
    expect(byteSizeText(2_048)).toBe('2.0 kB');
    expect(byteSizeText(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

import {
  type Export,
  exportProgressOf,
  exportStatusLabels,
  isExportUnderway,
} from '@portico/contracts/exports/exports';

const countFormat = new Intl.NumberFormat('en-US');

// '1.2 MB': the file's size as people read it.
export function byteSizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// What the status column says: the state in words, with the rows so far while it runs.
export function exportStatusText(item: Export): string {
  const label = exportStatusLabels[item.status];
  if (item.status === 'running') {
    const percent = Math.round(exportProgressOf(item) * 100);
    return `${label}: ${countFormat.format(item.rows_written)} rows (${percent}%)`;
  }
  if (item.status === 'succeeded') return `${label}: ${countFormat.format(item.rows_written)} rows`;
  return label;
}

export function canCancelExport(item: Export): boolean {
  return isExportUnderway(item.status);
}

export function canRetryExport(item: Export): boolean {
  return item.status === 'failed' || item.status === 'cancelled';
}

export function canDownloadExport(item: Export, now: Date): boolean {
  return (
    item.status === 'succeeded' && (item.expires_at === null || Date.parse(item.expires_at) > now.getTime())
  );
}

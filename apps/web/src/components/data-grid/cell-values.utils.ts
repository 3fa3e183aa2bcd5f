import { toEpochMs } from '@portico/contracts/grid/zoned-time';
import type { DataGridColumnKind } from './data-grid.types';

// What a cell holds once read from the row: money as integer cents, dates as epoch ms, enums as
// their raw key. Empty values are undefined so sorting puts them last.
export type CellValue = string | number | boolean | undefined;

const DECIMAL = /^\s*([+-])?(\d[\d,]*)?(?:\.(\d*))?\s*$/;

// '1234.565' → 123457: string arithmetic, half away from zero, no float on the way.
export function moneyToCents(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? Math.round(raw * 100) : undefined;
  if (typeof raw === 'bigint') return Number(raw) * 100;
  if (typeof raw !== 'string') return undefined;
  const match = DECIMAL.exec(raw);
  if (!match) return undefined;
  const [, sign, wholeText = '', fraction = ''] = match;
  if (wholeText === '' && fraction === '') return undefined;
  const whole = Number(wholeText.replaceAll(',', '') || '0');
  const centsPart = Number(fraction.slice(0, 2).padEnd(2, '0'));
  const roundsUp = (fraction.charCodeAt(2) || 0) >= 53; // '5'
  const cents = whole * 100 + centsPart + (roundsUp ? 1 : 0);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

export function toNumberValue(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'bigint') return Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const value = Number(raw.replaceAll(',', ''));
  return Number.isFinite(value) ? value : undefined;
}

const TRUE_TEXTS = new Set(['true', 't', 'yes', 'y', '1']);
const FALSE_TEXTS = new Set(['false', 'f', 'no', 'n', '0']);

export function toBooleanValue(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || raw === 0) return raw === 1;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim().toLowerCase();
  if (TRUE_TEXTS.has(text)) return true;
  if (FALSE_TEXTS.has(text)) return false;
  return undefined;
}

export function toTextValue(raw: unknown): string | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') return String(raw);
  if (raw instanceof Date) return raw.toISOString();
  return JSON.stringify(raw);
}

export type CellValueReader = (raw: unknown) => CellValue;

export function createCellValueReader(kind: DataGridColumnKind, timeZone: string): CellValueReader {
  switch (kind) {
    case 'money':
      return moneyToCents;
    case 'number':
      return toNumberValue;
    case 'date':
    case 'datetime':
      return (raw) => toEpochMs(raw, timeZone);
    case 'boolean':
      return toBooleanValue;
    case 'text':
    case 'enum':
      return toTextValue;
  }
}

export function isNumericKind(kind: DataGridColumnKind): boolean {
  return kind === 'number' || kind === 'money';
}

// An audit entry's details as people read them: 'Role: Cashier · Locations: Pearl District'. Keys
// become words ('role_id' reads 'Role'), ids become the names the server found for them, codes
// become words ('email_link' reads 'email link'), and true/false read Yes/No. The raw details stay
// in their own column for whoever needs the ids.

import { codeInWords, keyInWords } from '../common/words';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

// Every id anywhere in the details, for the server to name in one lookup.
export function idsInAuditDetails(details: unknown): string[] {
  if (isUuid(details)) return [details.toLowerCase()];
  if (Array.isArray(details)) return details.flatMap(idsInAuditDetails);
  if (typeof details === 'object' && details !== null)
    return Object.values(details).flatMap(idsInAuditDetails);
  return [];
}

function valueInWords(value: unknown, nameOf: (id: string) => string | undefined, depth: number): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (isUuid(value)) return nameOf(value.toLowerCase()) ?? 'a record no longer there';
  if (typeof value === 'string') return codeInWords(value);
  if (Array.isArray(value)) {
    return value.length === 0 ? 'none' : value.map((item) => valueInWords(item, nameOf, depth)).join(', ');
  }
  if (typeof value === 'object' && depth < 2) return `(${entriesInWords(value, nameOf, depth + 1)})`;
  return '…';
}

function entriesInWords(details: object, nameOf: (id: string) => string | undefined, depth: number): string {
  return Object.entries(details)
    .map(([key, value]) => `${keyInWords(key)}: ${valueInWords(value, nameOf, depth)}`)
    .join(' · ');
}

export function auditDetailsInWords(details: unknown, nameOf: (id: string) => string | undefined): string {
  if (details === null || details === undefined) return '';
  if (typeof details === 'object' && !Array.isArray(details)) return entriesInWords(details, nameOf, 0);
  return valueInWords(details, nameOf, 0);
}

import { reportPageResponse, reportRowSchema } from '@portico/contracts/transactions/report';
import { buildWireTransaction } from '@portico/contracts/transactions/transaction.factory';
import { describe, expect, it } from 'vitest';
import { readReportPage, readReportRow } from './report-row-parser';

// The hand parser must agree with the contracts schema on every input: same verdict, same output.

const fullRow: unknown = JSON.parse(
  JSON.stringify([
    '2026-11-08T23:40:26.123Z',
    {
      ...buildWireTransaction({
        action_mode: 'settle',
        payment_status: 'true',
        pro_pay_status: 'ACHInReturned',
        undone_by: [
          {
            id: '0b7e8f8e-4a44-4a5e-9d2c-9a1c5d2e7f10',
            type: 'refund',
            amount: '40.00',
            created_at: '2026-11-09T10:00:00.000Z',
          },
          {
            id: '1c8f9a9f-5b55-4b6f-8e3d-0b2d6e3f8a21',
            type: 'ach_refund',
            amount: '10.00',
            created_at: '2026-11-10T10:00:00Z',
          },
        ],
      }),
      client: {
        id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
        merchant: { name: 'Harbor Lane Coffee', parent_name: null },
      },
      data: {
        api_response: {
          token: 'VISA-4242-12-2027',
          meta: {
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: 'a@b.example',
            customFields: { Clinic: 'Pier 3' },
          },
          original_transaction: { anything: [1, 2] },
          original_transaction_id: 'not-even-a-uuid',
          sub_location: { name: 'Pier 3', custom_fields: { RD: 'R-7' } },
        },
        third_party_api_response: { AUTH_MASKED_ACCOUNT_NBR: 'XXXXXXXXXXXX4242' },
      },
    },
    'Harbor Lane Coffee',
    'Summit Merchant Services',
  ]),
);

const minimalRow: unknown = JSON.parse(
  JSON.stringify([
    '2026-11-08T23:40:26Z',
    {
      ...buildWireTransaction({ fee: undefined, surcharge: undefined, settlement: null, action_mode: null }),
      data: { api_response: null, third_party_api_response: null },
    },
    null,
    null,
  ]),
);

const replacements: readonly unknown[] = [
  undefined,
  null,
  0,
  1.5,
  true,
  false,
  '',
  'x',
  'true',
  '12.34',
  '2026-02-30',
  '2026-11-08',
  '2026-11-08T23:40:26+02:00',
  '00000000-0000-0000-0000-000000000000',
  '3f1c2b7e-8a4d-0e2f-9b6a-1c2d3e4f5a6b',
  'charge',
  'settle',
  'ACHInRejected',
  {},
  [],
  ['a'],
];

type Path = readonly (string | number)[];

function pathsOf(value: unknown, path: Path = []): Path[] {
  const here = path.length > 0 ? [path] : [];
  if (Array.isArray(value))
    return [...here, ...value.flatMap((item, index) => pathsOf(item, [...path, index]))];
  if (typeof value === 'object' && value !== null) {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))];
  }
  return here;
}

function withValueAt(root: unknown, path: Path, replacement: unknown): unknown {
  const copy: unknown = structuredClone(root);
  let node: unknown = copy;
  for (const step of path.slice(0, -1)) {
    node = (node as Record<string | number, unknown>)[step];
  }
  const last = path.at(-1);
  if (last === undefined) return replacement;
  const parent = node as Record<string | number, unknown>;
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childAt(node: unknown, step: string | number): unknown {
  if (Array.isArray(node)) return typeof step === 'number' ? node[step] : undefined;
  return isRecord(node) ? node[String(step)] : undefined;
}

function expectAgreement(input: unknown) {
  const parsed = reportRowSchema.safeParse(input);
  const read = readReportRow(input);
  if (parsed.success) expect(read).toEqual(parsed.data);
  else expect(read).toBeUndefined();
}

describe('readReportRow agrees with reportRowSchema', () => {
  it('reads valid rows exactly as the schema does', () => {
    for (const row of [fullRow, minimalRow]) {
      expect(reportRowSchema.safeParse(row).success).toBe(true);
      expectAgreement(row);
    }
  });

  it.each([
    ['the full row', fullRow],
    ['the minimal row', minimalRow],
  ])('agrees on every field of %s set to every kind of value', (_name, row) => {
    let checked = 0;
    for (const path of pathsOf(row)) {
      for (const replacement of replacements) {
        expectAgreement(withValueAt(row, path, replacement));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });

  it('drops unknown keys as the schema does, and refuses rows of another length', () => {
    expectAgreement(withValueAt(fullRow, [1, 'secret'], 'leak'));
    expectAgreement(withValueAt(fullRow, [1, 'data', 'third_party_api_response', 'AUTH_RESP'], '00'));
    expectAgreement([...(fullRow as unknown[]), 'extra']);
    expectAgreement((fullRow as unknown[]).slice(0, 3));
    expectAgreement('not a row');
    expect(readReportRow(withValueAt(fullRow, [1, 'secret'], 'leak'))?.[1]).not.toHaveProperty('secret');
  });

  it.each<[string, Path]>([
    ['the client', [1, 'client']],
    ['the merchant', [1, 'client', 'merchant']],
    ['the settlement', [1, 'settlement']],
    ['data', [1, 'data']],
    ['the api response', [1, 'data', 'api_response']],
    ['the meta', [1, 'data', 'api_response', 'meta']],
    ['the location', [1, 'data', 'api_response', 'sub_location']],
    ['a void or refund', [1, 'undone_by', 0]],
  ])('drops an unknown key of %s as the schema does', (_name, path) => {
    const row = withValueAt(fullRow, [...path, 'unknown'], 'leak');
    expectAgreement(row);
    let node: unknown = readReportRow(row);
    for (const step of path) node = childAt(node, step);
    expect(node).toBeDefined();
    expect(node).not.toHaveProperty('unknown');
  });

  it('keeps a row the server sent exactly as JSON.parse made it', () => {
    const row: unknown = JSON.parse(JSON.stringify(fullRow));
    expect(readReportRow(row)).toBe(row);
  });
});

describe('readReportPage agrees with reportPageResponse', () => {
  it.each<[string, unknown]>([
    ['a page', { status: true, message: [fullRow, minimalRow], total: 2 }],
    ['an empty page', { status: true, message: [], total: 0 }],
    ['a bad row', { status: true, message: [fullRow, 'x'], total: 2 }],
    ['a fractional total', { status: true, message: [], total: 1.5 }],
    ['a negative total', { status: true, message: [], total: -1 }],
    ['no total', { status: true, message: [] }],
    ['a failure', { status: false, error: { code: 'X', message: 'No' } }],
    ['rows elsewhere', { status: true, data: [fullRow], total: 1 }],
  ])('%s', (_name, value) => {
    const parsed = reportPageResponse.safeParse(value);
    const read = readReportPage(value);
    if (parsed.success) expect(read).toEqual({ message: parsed.data.message, total: parsed.data.total });
    else expect(read).toBeUndefined();
  });
});

import { reportRowSchema } from '@portico/contracts/transactions/report';
import {
  type ReportExportRow,
  reportExportFactsOfWire,
  reportExportRowOf,
} from '@portico/contracts/transactions/report-export-columns';
import { describe, expect, it } from 'vitest';
import type { AdvancedFields } from '../../access/report-access';
import { ReportExportFactsReader } from './report-export-facts';
import { reportLineFields, reportStreamLineFields } from './report-line-sql';
import { ReportRowWriter, type ReportUndo } from './report-row';

// The export reads its cells straight from the database's line; the grid reads the row writer's
// JSON. Row by row, over every kind of stored value, the two must give the same cells.

const clientId = '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e';
const base: Record<(typeof reportLineFields)[number], string> = {
  created_at: '2025-07-15 13:00:00.5',
  id: '3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b',
  has_follow_ups: 'false',
  client_id: clientId,
  amount_cents: '-2500',
  fee_cents: '0',
  surcharge_cents: '7',
  type: 'ach',
  action_mode: 'debit',
  payment_status: 'true',
  request_status: 'false',
  pro_pay_status: 'ACHInReturned',
  settlement_amount_cents: '',
  settlement_date: '',
  original_transaction_id: '',
  action: '=debit',
  status: `J${JSON.stringify('Returned\u001f "R01"')}`,
  card_brand: '',
  card_type: '',
  token: '=BANK-6789',
  merchant_name: '=Copper Kettle',
  merchant_dba_name: '',
  parent_name: '=Summit',
  masked_account_number: '',
  meta: '{"email": "a@b.example", "firstName": ["not", "a", "string"], "ssn": "x"}',
  sub_location: '"not an object"',
  is_test: 'false',
  is_disputed: 'false',
};

function lineOf(values: Record<string, string>): string {
  return reportLineFields.map((name) => values[name] ?? '').join('\u001f');
}

// A Load All line: the same fields but the merchant's names, which the writer is given beforehand.
function streamLineOf(values: Record<string, string>): string {
  return reportStreamLineFields.map((name) => values[name] ?? '').join('\u001f');
}

// A row as a card payment of the seeded data looks.
const card: Record<(typeof reportLineFields)[number], string> = {
  ...base,
  created_at: '2025-07-15 13:00:00.123456',
  amount_cents: '1999',
  fee_cents: '88',
  surcharge_cents: '0',
  type: 'charge',
  action_mode: 'charge',
  payment_status: 'true',
  request_status: 'true',
  pro_pay_status: '',
  settlement_amount_cents: '1911',
  settlement_date: '2025-07-16',
  action: '=sale',
  status: '=Approved',
  card_brand: '=VISA',
  card_type: '=credit',
  token: '=VISA-4242-12-2027',
  merchant_dba_name: '=Copper Kettle Café',
  masked_account_number: '"XXXXXXXXXXXX4242"',
  meta: '{"email": "ada@example.com", "lastName": "Lovelace", "firstName": "Ada", "customFields": {"Clinic": "Pier \\"3\\""}}',
  sub_location: '{"name": "Pier 3", "custom_fields": {"RD": "R-7"}}',
};

const merchant = { id: clientId, name: 'Copper Kettle', dbaName: 'Copper Kettle Café', parentName: 'Summit' };

const undoes: ReportUndo[] = [
  {
    originalId: card.id,
    id: '0b7e8f8e-4a44-4a5e-9d2c-9a1c5d2e7f10',
    type: 'refund',
    amountCents: '500',
    createdAt: '2025-07-16 09:00:00',
  },
  {
    originalId: card.id,
    id: '1c8f9a9f-5b55-4b6f-8e3d-0b2d6e3f8a21',
    type: 'refund',
    amountCents: '250',
    createdAt: '2025-07-17 09:00:00.25',
  },
];

const variants: Record<string, Record<string, string>> = {
  'a card sale': card,
  'a returned ACH item with escaped text and meta of other types': base,
  'a failed sale': { ...card, payment_status: 'false', status: '=Declined' },
  'a refund': { ...card, type: 'refund', action_mode: 'refund', action: '=refund', fee_cents: '12' },
  'a chargeback': { ...card, type: 'reversal', action_mode: 'reversal', fee_cents: '1500' },
  'a batch record without an action mode': { ...card, action_mode: '', type: 'void' },
  'a pending payment without meta, token or location': {
    ...card,
    payment_status: '',
    status: '',
    meta: '',
    token: '',
    sub_location: '',
    masked_account_number: '"XXXXXXXX1234"',
  },
  'a settlement without its date, and a whole second': {
    ...card,
    created_at: '2025-07-15 13:00:00',
    settlement_date: '',
  },
  'an opaque token and blank names': {
    ...card,
    token: '=tok_9f8e7d',
    masked_account_number: '',
    meta: '{"firstName": "  ", "lastName": " Lovelace ", "email": "  "}',
  },
  'text a spreadsheet would run, and a location without a name': {
    ...card,
    meta: '{"firstName": "=HYPERLINK(\\"x\\")", "lastName": "Lee, \\"Sam\\""}',
    status: '=Said "no"\\ \n\t',
    sub_location: '{"custom_fields": {"RD": "R-7"}}',
  },
};

// The cells as the grid gets them: the writer's JSON read with the contracts schema.
function rowThroughTheGrid(advanced: AdvancedFields, line: string): ReportExportRow {
  const writer = new ReportRowWriter(advanced);
  writer.setUndoes(undoes);
  return reportExportRowOf(
    reportExportFactsOfWire(reportRowSchema.parse(JSON.parse(writer.reportRow(line)))),
  );
}

function rowFromTheLine(advanced: AdvancedFields, line: string, merchants = false): ReportExportRow {
  const reader = new ReportExportFactsReader(advanced);
  reader.setUndoes(undoes);
  if (merchants) reader.addMerchants([merchant]);
  return reportExportRowOf(reader.facts(line));
}

const allAdvanced: AdvancedFields = { kind: 'all' };
const noAdvanced: AdvancedFields = { kind: 'merchants', clientIds: new Set(['someone-else']) };

describe('an export row read from the stored line', () => {
  for (const [name, values] of Object.entries(variants)) {
    it(`gives the cells the grid shows: ${name}`, () => {
      for (const advanced of [allAdvanced, noAdvanced]) {
        expect(rowFromTheLine(advanced, lineOf(values))).toEqual(rowThroughTheGrid(advanced, lineOf(values)));
      }
      // Load All's lines leave the merchant's names out: given beforehand, the same cells.
      const named = { ...values, merchant_name: '=Copper Kettle', merchant_dba_name: '=Copper Kettle Café' };
      expect(rowFromTheLine(allAdvanced, streamLineOf(named), true)).toEqual(
        rowThroughTheGrid(allAdvanced, lineOf(named)),
      );
    });
  }

  it('computes the money figures of the contracts rule once, and leaves out what the caller may not see', () => {
    const row = rowFromTheLine(allAdvanced, lineOf(card));
    expect(row).toMatchObject({
      amountCents: 1999,
      grossAmountCents: 1999,
      feeCents: 88,
      netAmountCents: 1911,
      stateText: 'Partially refunded',
      customerName: 'Ada Lovelace',
      lastFour: '4242',
      locationName: 'Pier 3',
      merchantName: 'Copper Kettle Café',
      parentName: 'Summit',
      createdAtMs: Date.parse('2025-07-15T13:00:00.123Z'),
    });
    const returned = rowFromTheLine(noAdvanced, lineOf(base));
    expect(returned).toMatchObject({
      grossAmountCents: -2500,
      feeCents: undefined,
      netAmountCents: undefined,
    });
    expect(returned.surchargeCents).toBeUndefined();
  });

  it('refuses a stream line of a merchant it was not given', () => {
    expect(() => rowFromTheLine(allAdvanced, streamLineOf(card))).toThrow(
      'A report row of a merchant not read before',
    );
  });
});

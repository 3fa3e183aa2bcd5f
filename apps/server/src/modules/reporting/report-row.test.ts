import { reportRowSchema } from '@portico/contracts/transactions/report';
import { searchRowSchema } from '@portico/contracts/transactions/search';
import { describe, expect, it } from 'vitest';
import { reportLineFields, reportStreamLineFields } from './report-line-sql';
import { ReportRowWriter, splitReportLine } from './report-row';

// The row writer on lines as the database sends them (report-line-sql.ts): every answer must parse
// with the contracts schemas, whatever the stored values.

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

// The bytes of that row: the report row format is a contract the browser's parser reads.
const cardJson =
  '["2025-07-15T13:00:00.123Z",{"id":"3f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b","amount":"19.99","fee":"0.88",' +
  '"surcharge":"0.00","type":"charge","action":"sale","action_mode":"charge","payment_status":true,' +
  '"request_status":true,"status":"Approved","created_at":"2025-07-15T13:00:00.123Z",' +
  `"client_id":"${clientId}","client":{"id":"${clientId}","merchant":{"name":"Copper Kettle",` +
  '"parent_name":"Summit"}},"card_brand":"VISA","card_type":"credit","pro_pay_status":null,' +
  '"settlement":{"amount":"19.11","date":"2025-07-16"},"data":{"api_response":{"token":"VISA-4242-12-2027",' +
  '"meta":{"email": "ada@example.com", "lastName": "Lovelace", "firstName": "Ada", "customFields": {"Clinic": "Pier \\"3\\""}},' +
  '"sub_location":{"name": "Pier 3", "custom_fields": {"RD": "R-7"}}},' +
  '"third_party_api_response":{"AUTH_MASKED_ACCOUNT_NBR":"XXXXXXXXXXXX4242"}}},"Copper Kettle Café","Summit"]';

const merchant = { id: clientId, name: 'Copper Kettle', dbaName: 'Copper Kettle Café', parentName: 'Summit' };

describe('ReportRowWriter', () => {
  it('adds undone_by to the rows a void or refund undid, and leaves every other row byte for byte', () => {
    const writer = new ReportRowWriter({ kind: 'all' });
    writer.setUndoes([
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
    ]);
    const undone = reportRowSchema.parse(JSON.parse(writer.reportRow(splitReportLine(lineOf(card)))));
    expect(undone[1].undone_by).toEqual([
      {
        id: '0b7e8f8e-4a44-4a5e-9d2c-9a1c5d2e7f10',
        type: 'refund',
        amount: '5.00',
        created_at: '2025-07-16T09:00:00.000Z',
      },
      {
        id: '1c8f9a9f-5b55-4b6f-8e3d-0b2d6e3f8a21',
        type: 'refund',
        amount: '2.50',
        created_at: '2025-07-17T09:00:00.250Z',
      },
    ]);
    const other = { ...card, id: '9d2a3b4c-5d6e-4f70-8a1b-2c3d4e5f6a7b' };
    expect(writer.reportRow(splitReportLine(lineOf(other)))).toBe(cardJson.replace(card.id, other.id));
  });

  it('marks a test payment with is_test and writes a live payment without it', () => {
    const writer = new ReportRowWriter({ kind: 'all' });
    const test = reportRowSchema.parse(
      JSON.parse(writer.reportRow(splitReportLine(lineOf({ ...card, is_test: 'true' })))),
    );
    expect(test[1].is_test).toBe(true);
    expect(writer.reportRow(splitReportLine(lineOf(card)))).toBe(cardJson);
  });

  it('marks a disputed payment with is_disputed and writes an undisputed one without it', () => {
    const writer = new ReportRowWriter({ kind: 'all' });
    const disputed = reportRowSchema.parse(
      JSON.parse(writer.reportRow(splitReportLine(lineOf({ ...card, is_disputed: 'true' })))),
    );
    expect(disputed[1].is_disputed).toBe(true);
    expect(writer.reportRow(splitReportLine(lineOf(card)))).toBe(cardJson);
  });

  it('writes a row the contracts schema reads, decoding every field kind', () => {
    const row = reportRowSchema.parse(
      JSON.parse(new ReportRowWriter({ kind: 'all' }).reportRow(splitReportLine(lineOf(base)))),
    );
    expect(row[0]).toBe('2025-07-15T13:00:00.500Z');
    expect(row[1]).toMatchObject({
      amount: '-25.00',
      fee: '0.00',
      surcharge: '0.07',
      status: 'Returned\u001f "R01"',
      action: 'debit',
      payment_status: true,
      request_status: false,
      pro_pay_status: 'ACHInReturned',
      settlement: null,
      client: { id: clientId, merchant: { name: 'Copper Kettle', parent_name: 'Summit' } },
    });
    // Only the known meta members of the right type; a location that is not an object is left out.
    expect(row[1].data).toEqual({
      api_response: { token: 'BANK-6789', meta: { email: 'a@b.example' } },
      third_party_api_response: null,
    });
    expect(row.slice(2)).toEqual([null, 'Summit']);
  });

  it('leaves out fee and surcharge on rows of merchants without REPORTS_ADVANCED', () => {
    const fields = splitReportLine(lineOf(base));
    const other = new ReportRowWriter({ kind: 'merchants', clientIds: new Set(['someone-else']) });
    const row = reportRowSchema.parse(JSON.parse(other.reportRow(fields)));
    expect(row[1]).not.toHaveProperty('fee');
    expect(row[1]).not.toHaveProperty('surcharge');
    const own = new ReportRowWriter({ kind: 'merchants', clientIds: new Set([clientId]) });
    expect(reportRowSchema.parse(JSON.parse(own.reportRow(fields)))[1].fee).toBe('0.00');
  });

  it('reads a whole second, a settlement and a masked account number', () => {
    const fields = splitReportLine(
      lineOf({
        ...base,
        created_at: '2025-07-15 13:00:00',
        settlement_amount_cents: '9680',
        settlement_date: '2025-07-16',
        masked_account_number: '"XXXXXXXX1234"',
        token: '',
        payment_status: '',
        meta: '',
      }),
    );
    const writer = new ReportRowWriter({ kind: 'all' });
    const row = reportRowSchema.parse(JSON.parse(writer.reportRow(fields)));
    expect(row[0]).toBe('2025-07-15T13:00:00.000Z');
    expect(row[1].settlement).toEqual({ amount: '96.80', date: '2025-07-16' });
    expect(row[1].payment_status).toBeNull();
    expect(row[1].data).toEqual({
      api_response: {},
      third_party_api_response: { AUTH_MASKED_ACCOUNT_NBR: 'XXXXXXXX1234' },
    });
    const found = searchRowSchema.parse(
      JSON.parse(
        writer.searchRow(fields, {
          customerFirstName: null,
          customerLastName: null,
          customerEmail: ' pat@example.com ',
          paymentMethod: 'check',
        }),
      ),
    );
    expect(found).toMatchObject({ customer: 'pat@example.com', payment_type: 'ACH', account: '1234' });
  });

  it('writes exactly the bytes of the report row format', () => {
    expect(new ReportRowWriter({ kind: 'all' }).reportRow(splitReportLine(lineOf(card)))).toBe(cardJson);
  });

  it("writes Load All's lines, which leave the names out, the same once given the merchants", () => {
    for (const values of [card, base]) {
      const full = new ReportRowWriter({ kind: 'all' }).reportRow(splitReportLine(lineOf(values)));
      const stream = new ReportRowWriter({ kind: 'all' });
      stream.addMerchants([{ ...merchant, dbaName: values === card ? merchant.dbaName : null }]);
      expect(stream.reportRow(streamLineOf(values))).toBe(full);
    }
    // A merchant it was not given cannot be written without its names.
    expect(() => new ReportRowWriter({ kind: 'all' }).reportRow(streamLineOf(card))).toThrow(
      'A report row of a merchant not read before',
    );
  });

  it('writes free text with characters JSON escapes, and meta it does not read at a glance, as before', () => {
    const writer = new ReportRowWriter({ kind: 'all' });
    const row = reportRowSchema.parse(
      JSON.parse(
        writer.reportRow(
          splitReportLine(
            lineOf({
              ...card,
              status: '=Said "no"\\ \n\t',
              card_brand: `J${JSON.stringify('VISA\u001f')}`,
              // A custom field that is not text: kept, as the schema reads any custom field.
              meta: '{"firstName": "Ada", "customFields": {"Visits": 3, "Tags": ["a"]}}',
            }),
          ),
        ),
      ),
    );
    expect(row[1]).toMatchObject({ status: 'Said "no"\\ \n\t', card_brand: 'VISA\u001f' });
    expect(row[1].data.api_response?.meta).toEqual({
      firstName: 'Ada',
      customFields: { Visits: 3, Tags: ['a'] },
    });
  });

  it("passes a payment link's options through with the meta", () => {
    const writer = new ReportRowWriter({ kind: 'all' });
    const linkOptions = {
      tip: '4.50',
      optIn: true,
      shippingAddress: { line1: '9 Quay Street', city: 'Portland', state: 'ME', postalCode: '04101' },
      levelThree: { lineItems: [{ description: 'Beans', quantity: 2, unitPrice: '10.00' }] },
    };
    const meta = JSON.stringify({ firstName: 'Ada', linkOptions })
      .replace(/":/g, '": ')
      .replace(/,"/g, ', "');
    const row = reportRowSchema.parse(
      JSON.parse(writer.reportRow(splitReportLine(lineOf({ ...card, meta })))),
    );
    expect(row[1].data.api_response?.meta).toEqual({ firstName: 'Ada', linkOptions });
  });

  it('refuses a line with the wrong number of fields', () => {
    expect(() => splitReportLine(`${lineOf(base)}\u001fextra`)).toThrow('29 fields, not 28');
  });
});

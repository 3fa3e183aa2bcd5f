import { excelColumnName, excelText } from '@portico/contracts/exports/xlsx-sheet-bytes';
import { formatCentsAsMoney } from '@portico/contracts/money/money';
import { reportExportColumns } from '@portico/contracts/transactions/report-export-columns';
import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CsvRowBuffer, csvFieldOf, csvLine, csvTextField, csvWrittenField } from './csv-writer';
import { cellTextOf, headerOf, moneyTextOfCents } from './export-cells';
import { createRowTester } from './export-filters';
import { XlsxStreamWriter } from './xlsx-writer';
import { createZonedFormatter } from './zoned-time';

const textOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('CSV fields', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvTextField('plain')).toBe('plain');
    expect(csvTextField('Lee, Sam')).toBe('"Lee, Sam"');
    expect(csvTextField('say "hi"')).toBe('"say ""hi"""');
    expect(csvTextField('two\nlines')).toBe('"two\nlines"');
    expect(csvTextField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n');
  });

  it('writes data text that a spreadsheet would run as a formula with a leading apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvTextField(`${start}SUM(A1)`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvTextField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvTextField('a=b')).toBe('a=b');
  });

  it('writes the texts Portico makes as the general rules would, column kind by kind', () => {
    const zoned = createZonedFormatter('America/New_York');
    const numberColumn = cellTextOf({ kind: 'number' }, zoned);
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.integer({ min: 0, max: 4e12 }), (cents, ms) => {
        const money = moneyTextOfCents(cents);
        expect(csvFieldOf('money')(money)).toBe(csvWrittenField(money));
        const count = numberColumn(cents / 100);
        expect(csvFieldOf('number')(count)).toBe(csvWrittenField(count));
        const time = zoned.dateTime(ms);
        expect(csvFieldOf('datetime')(time)).toBe(csvWrittenField(time));
      }),
    );
    expect(csvFieldOf('money')('-$1,234.56')).toBe('"-$1,234.56"');
    expect(csvFieldOf('text')('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvFieldOf('enum')('Lee, Sam')).toBe('"Lee, Sam"');
    expect(csvFieldOf('date')('2026-12-05')).toBe('2026-12-05');
  });

  it('writes rows into its buffer as the field rules write them, in UTF-8', () => {
    const cells: [string, boolean][] = [
      ['plain', true],
      ['', true],
      ['Lee, "Sam"', true],
      ['Customer, 3', true],
      ['$12,345.00', false],
      ['=HYPERLINK("x")', true],
      ['-12', true],
      ['@home', true],
      ['\tTab', true],
      ['-$1,234.56', false],
      ['-$12.00', false],
      ['Café Ünïcode ☕', true],
      ['two\r\nlines', true],
    ];
    const buffer = new CsvRowBuffer();
    for (let row = 0; row < 2; row++) {
      for (const [text, isDataText] of cells) {
        buffer.field(isDataText ? csvTextField(text) : csvWrittenField(text));
      }
      buffer.endRow();
    }
    const line = csvLine(
      cells.map(([text, isDataText]) => (isDataText ? csvTextField(text) : csvWrittenField(text))),
    );
    expect(buffer.isFull).toBe(false);
    const taken = buffer.take();
    expect(textOf(taken)).toBe(line + line);
    // The next rows go to the other buffer: the bytes taken stay as they were until the next take.
    buffer.field('next');
    buffer.endRow();
    expect(textOf(taken)).toBe(line + line);
    expect(textOf(buffer.take())).toBe('next\r\n');
    expect(buffer.take()).toHaveLength(0);
  });

  it('gathers a row longer than a chunk whole, after the rows before it, and then says it is full', () => {
    const buffer = new CsvRowBuffer();
    const long = 'é'.repeat(700_000);
    buffer.field('first');
    buffer.endRow();
    buffer.field(long);
    buffer.field(long);
    buffer.endRow();
    expect(buffer.isFull).toBe(true);
    expect(textOf(buffer.take())).toBe(`first\r\n${long},${long}\r\n`);
  });

  it('keeps the sign of an amount Portico wrote itself, quoting only its thousands separator', () => {
    expect(csvWrittenField('-$12.00')).toBe('-$12.00');
    expect(csvWrittenField('-$1,234.56')).toBe('"-$1,234.56"');
  });
});

describe('column formatting', () => {
  it('writes money signed with its currency sign, exactly as the contracts helper', () => {
    for (const cents of [0, 1, 5, 99, 100, 1_234_56, -1, -50, -1_234_567_89, 100_000_000_00]) {
      expect(moneyTextOfCents(cents)).toBe(formatCentsAsMoney(cents));
    }
  });

  it('writes times as the wall clock of the zone named in the header, across a daylight saving change', () => {
    const zoned = createZonedFormatter('America/New_York');
    // 2026-11-01 05:30 UTC is 01:30 EDT; an hour later it is 01:30 EST again.
    expect(zoned.dateTime(Date.parse('2026-11-01T05:30:00Z'))).toBe('2026-11-01 01:30:00');
    expect(zoned.dateTime(Date.parse('2026-11-01T06:30:00Z'))).toBe('2026-11-01 01:30:00');
    expect(zoned.dateTime(Date.parse('2026-07-04T16:00:05Z'))).toBe('2026-07-04 12:00:05');
    expect(createZonedFormatter('Asia/Kolkata').dateTime(Date.parse('2026-01-01T00:00:00Z'))).toBe(
      '2026-01-01 05:30:00',
    );
    expect(zoned.dayStart('2026-07-04')).toBe(Date.parse('2026-07-04T04:00:00Z'));
    const date = reportExportColumns.find((column) => column.id === 'created_at');
    expect(date && headerOf(date, 'America/New_York')).toBe('Date (America/New_York)');
  });

  it('writes enums by their label and empty values as empty cells', () => {
    const zoned = createZonedFormatter('UTC');
    const type = reportExportColumns.find((column) => column.id === 'type');
    if (!type) throw new Error('no type column');
    const text = cellTextOf(type, zoned);
    expect(text('card')).not.toBe('');
    expect(text(undefined)).toBe('');
  });

  it('writes counts as the grid shows a number: thousands separated', () => {
    const text = cellTextOf({ kind: 'number' }, createZonedFormatter('UTC'));
    expect(text(4)).toBe('4');
    expect(text(12_345)).toBe('12,345');
    expect(text(undefined)).toBe('');
  });
});

describe('grid filters on the server', () => {
  type Row = { name?: string; cents?: number };
  const zoned = createZonedFormatter('UTC');
  const columns = new Map([
    [
      'name',
      {
        definition: { id: 'name', header: 'Name', kind: 'text' as const, value: (row: Row) => row.name },
        text: (value: string | number | undefined) => String(value ?? ''),
      },
    ],
    [
      'amount',
      {
        definition: {
          id: 'amount',
          header: 'Amount',
          kind: 'money' as const,
          value: (row: Row) => row.cents,
        },
        text: (value: string | number | undefined) =>
          typeof value === 'number' ? moneyTextOfCents(value) : '',
      },
    ],
  ]);

  it('matches text in any case, money between bounds in dollars, and set keys with blanks', () => {
    const test = createRowTester<Row>(
      { name: { filterType: 'text', value: ' PAT ' }, amount: { filterType: 'number', min: 10, max: 20 } },
      columns,
      zoned,
    );
    expect(test?.({ name: 'Patricia', cents: 1_500 })).toBe(true);
    expect(test?.({ name: 'Patricia', cents: 2_001 })).toBe(false);
    expect(test?.({ name: 'Sam', cents: 1_500 })).toBe(false);
    const set = createRowTester<Row>({ name: { filterType: 'set', values: ['Sam', ''] } }, columns, zoned);
    expect(set?.({ name: 'Sam' })).toBe(true);
    expect(set?.({})).toBe(true);
    expect(set?.({ name: 'Pat' })).toBe(false);
    expect(createRowTester<Row>({ name: { filterType: 'text', value: '  ' } }, columns, zoned)).toBeNull();
  });
});

describe('the streaming xlsx writer', () => {
  it('writes a workbook whose sheet holds the header, text escaped, money and counts as numbers', () => {
    const writer = new XlsxStreamWriter([
      { header: 'Name', cellKind: 'text', width: 12 },
      { header: 'Amount', cellKind: 'money', width: 12 },
      { header: 'Days left', cellKind: 'number', width: 12 },
    ]);
    writer.row(['A & <B>', -1_234_56, 4]);
    writer.row([undefined, 5, undefined]);
    const bytes = [...writer.takeChunks(), ...writer.finish()];
    const joined = new Uint8Array(bytes.reduce((sum, chunk) => sum + chunk.length, 0));
    let at = 0;
    for (const chunk of bytes) {
      joined.set(chunk, at);
      at += chunk.length;
    }
    const sheet = strFromU8(unzipSync(joined)['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t>A &amp; &lt;B&gt;</t></is></c>');
    expect(sheet).toContain('<c r="B2" s="2"><v>-1234.56</v></c>');
    expect(sheet).toContain('<c r="C2"><v>4</v></c>');
    expect(sheet).toContain('<row r="3"><c r="B3" s="2"><v>0.05</v></c></row>');
    expect(writer.rowsWritten).toBe(2);
  });

  it('strips control characters and names columns past Z', () => {
    expect(excelText('a\u0001b\tc')).toBe('ab c');
    expect(excelColumnName(0)).toBe('A');
    expect(excelColumnName(26)).toBe('AA');
  });
});

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportCell, ExportColumn } from './export-types';
import { buildXlsx, EXCEL_CELL_MAX_CHARS, excelColumnName, toExcelText, XlsxBuilder } from './xlsx-writer';

async function readBack(columns: ExportColumn[], rows: ExportCell[][]) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buildXlsx(columns, rows).buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The workbook has no sheet');
  return sheet;
}

const text = (header: string): ExportColumn => ({ header, kind: 'text' });

describe('buildXlsx, read back with exceljs', () => {
  it('writes the headers in bold on the first row', async () => {
    const sheet = await readBack([text('Merchant'), { header: 'Amount', kind: 'money' }], [['Acme', 12.5]]);

    expect(sheet.getRow(1).values).toEqual([undefined, 'Merchant', 'Amount']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect(sheet.rowCount).toBe(2);
  });

  it('writes numbers as numbers, money with two decimals shown, and leaves non-finite numbers empty', async () => {
    const sheet = await readBack(
      [
        { header: 'Count', kind: 'number' },
        { header: 'Amount', kind: 'money' },
        { header: 'Rate', kind: 'number' },
        { header: 'Broken', kind: 'number' },
        { header: 'Infinite', kind: 'number' },
      ],
      [[42, 1234.5, -0.000125, Number.NaN, Number.POSITIVE_INFINITY]],
    );

    expect(sheet.getCell('A2').value).toBe(42);
    expect(sheet.getCell('B2').value).toBe(1234.5);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('C2').value).toBe(-0.000125);
    expect(sheet.getCell('D2').value).toBeNull();
    expect(sheet.getCell('E2').value).toBeNull();
  });

  it('writes booleans as Yes or No and dates as the text they arrive in', async () => {
    const sheet = await readBack(
      [
        { header: 'Settled', kind: 'boolean' },
        { header: 'Refunded', kind: 'boolean' },
        { header: 'Date', kind: 'date' },
        { header: 'Created', kind: 'datetime' },
      ],
      [[true, false, '2024-03-05', '2024-03-05 14:07:09']],
    );

    expect(sheet.getCell('A2').value).toBe('Yes');
    expect(sheet.getCell('B2').value).toBe('No');
    expect(sheet.getCell('C2').value).toBe('2024-03-05');
    expect(sheet.getCell('D2').value).toBe('2024-03-05 14:07:09');
  });

  it('strips control characters and turns line breaks and tabs into spaces', async () => {
    const sheet = await readBack(
      [text('Note'), text('Multi-line'), text('Header\u0007 with bell')],
      [['a\u0000b\u0007c\u001Fd\u007Fe\u0085f\uFFFEg', 'line one\r\nline two\tend', 'x']],
    );

    expect(sheet.getCell('A2').value).toBe('abcdefg');
    expect(sheet.getCell('B2').value).toBe('line one line two end');
    expect(sheet.getCell('C1').value).toBe('Header with bell');
  });

  it('cuts a 40,000-character cell to 32,767 characters', async () => {
    const long = 'x'.repeat(40_000);
    const sheet = await readBack([text('Long'), text('Fits')], [[long, 'y'.repeat(EXCEL_CELL_MAX_CHARS)]]);

    expect(sheet.getCell('A2').value).toBe('x'.repeat(32_767));
    expect(sheet.getCell('B2').value).toBe('y'.repeat(32_767));
  });

  it('round-trips XML special characters and edge spaces', async () => {
    const tricky = `<b>Tom & "Jerry's"</b> > 1 &amp; ]]>`;
    const sheet = await readBack([text('A & <B>')], [[tricky], ['  padded  '], ['&']]);

    expect(sheet.getCell('A1').value).toBe('A & <B>');
    expect(sheet.getCell('A2').value).toBe(tricky);
    expect(sheet.getCell('A3').value).toBe('  padded  ');
    expect(sheet.getCell('A4').value).toBe('&');
  });

  it('round-trips unicode text', async () => {
    const words = ['Zoë Ångström', '東京の支店', 'مرحبا', 'naïve café 😀👍🏽', 'Ünïcödé & <ok>'];
    const sheet = await readBack(
      [text('Name')],
      words.map((word) => [word]),
    );

    expect(words.map((_, index) => sheet.getCell(`A${index + 2}`).value)).toEqual(words);
  });

  it('writes empty rows, nulls, empty strings and short rows as empty cells', async () => {
    const sheet = await readBack(
      [text('First'), { header: 'Second', kind: 'number' }, text('Third')],
      [[], [null, null, null], ['', 5], ['last', null, 'row']],
    );

    expect(sheet.getCell('A2').value).toBeNull();
    expect(sheet.getCell('A3').value).toBeNull();
    expect(sheet.getCell('A4').value).toBeNull();
    expect(sheet.getCell('B4').value).toBe(5);
    expect(sheet.getCell('C4').value).toBeNull();
    expect(sheet.getRow(5).values).toEqual([undefined, 'last', undefined, 'row']);
  });

  it('writes a valid workbook with no rows, and with no columns at all', async () => {
    const headersOnly = await readBack([text('Only header')], []);
    expect(headersOnly.getCell('A1').value).toBe('Only header');
    expect(headersOnly.getCell('A2').value).toBeNull();

    const empty = await readBack([], []);
    expect(empty.getCell('A1').value).toBeNull();
  });

  it('keeps every row of a larger file in order and reports progress up to 1', async () => {
    const columns: ExportColumn[] = [
      { header: 'Id', kind: 'number' },
      text('Merchant'),
      { header: 'Amount', kind: 'money' },
      { header: 'Active', kind: 'boolean' },
    ];
    const rows: ExportCell[][] = Array.from({ length: 12_345 }, (_, index) => [
      index,
      `Merchant ${index} & Sons`,
      index / 100,
      index % 2 === 0,
    ]);
    const fractions: number[] = [];
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buildXlsx(columns, rows, (fraction) => fractions.push(fraction)).buffer);
    const sheet = workbook.worksheets[0];

    expect(sheet?.rowCount).toBe(12_346);
    expect(sheet?.getRow(12_346).values).toEqual([undefined, 12_344, 'Merchant 12344 & Sons', 123.44, 'Yes']);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.length).toBeGreaterThan(2);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });
});

describe('XlsxBuilder', () => {
  it('writes rows sent in batches in order, numbered after the header', async () => {
    const builder = new XlsxBuilder([text('Batch'), { header: 'Row', kind: 'number' }]);
    builder.addRows([['first', 1]]);
    builder.addRows(
      [
        ['skipped', 0],
        ['second', 2],
        ['third', 3],
      ],
      1,
    );
    expect(builder.rowsWritten).toBe(3);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(builder.finish().buffer);
    const sheet = workbook.worksheets[0];

    expect([2, 3, 4].map((row) => sheet?.getRow(row).values)).toEqual([
      [undefined, 'first', 1],
      [undefined, 'second', 2],
      [undefined, 'third', 3],
    ]);
  });

  it('refuses more rows than an Excel sheet holds', () => {
    const builder = new XlsxBuilder([text('Id')]);

    expect(() => builder.addRows([], 0, 1_048_576)).toThrow(
      'Excel holds at most 1048575 rows under the header.',
    );
  });
});

describe('toExcelText', () => {
  it('never cuts a surrogate pair in half', () => {
    const text = `${'a'.repeat(EXCEL_CELL_MAX_CHARS - 1)}😀tail`;

    expect(toExcelText(text)).toBe('a'.repeat(EXCEL_CELL_MAX_CHARS - 1));
  });
});

describe('excelColumnName', () => {
  it('names columns as Excel does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16_383].map(excelColumnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildCsv, withCsvExtension } from './csv-writer';

describe('buildCsv', () => {
  it('quotes what needs it, keeps money signed to two decimals and opens formulas as text', () => {
    const csv = buildCsv(
      [
        { header: 'Description', kind: 'text' },
        { header: 'Amount', kind: 'money' },
        { header: 'Count', kind: 'number' },
        { header: 'Paid', kind: 'boolean' },
      ],
      [
        ['Coffee, "large"', -3.2, 2, true],
        ['=HYPERLINK("x")', 1242.5, null, false],
      ],
    );
    expect(csv).toBe(
      '\uFEFFDescription,Amount,Count,Paid\r\n"Coffee, ""large""",-3.20,2,Yes\r\n"\'=HYPERLINK(""x"")",1242.50,,No\r\n',
    );
    expect(withCsvExtension('Payouts.xlsx')).toBe('Payouts.csv');
    expect(withCsvExtension('lines.csv')).toBe('lines.csv');
  });
});

import { describe, expect, it } from 'vitest';
import { receiptAddressLines, receiptTemplateOf } from './receipt';

const merchant = {
  name: 'Harbor Lane Coffee',
  address_line_1: '12 Harbor Lane',
  address_line_2: 'Suite 4',
  locality: 'Portland',
  region: 'ME',
  postal_code: '04101',
  phone: '207-555-0100',
};

describe('receiptAddressLines', () => {
  it('prints the street lines, then city, state and ZIP', () => {
    expect(receiptAddressLines(merchant)).toEqual(['12 Harbor Lane', 'Suite 4', 'Portland, ME 04101']);
  });

  it('leaves out empty parts without stray commas', () => {
    expect(receiptAddressLines({ ...merchant, address_line_2: ' ', locality: null })).toEqual([
      '12 Harbor Lane',
      'ME 04101',
    ]);
    expect(receiptAddressLines({ ...merchant, region: null, postal_code: '' })).toEqual([
      '12 Harbor Lane',
      'Suite 4',
      'Portland',
    ]);
    expect(
      receiptAddressLines({
        ...merchant,
        address_line_1: null,
        address_line_2: null,
        locality: null,
        region: null,
        postal_code: null,
      }),
    ).toEqual([]);
  });
});

describe('receiptTemplateOf', () => {
  it('keeps a known template and prints anything else as standard', () => {
    expect(receiptTemplateOf('healthcare')).toBe('healthcare');
    expect(receiptTemplateOf('fancy')).toBe('standard');
    expect(receiptTemplateOf(undefined)).toBe('standard');
  });
});

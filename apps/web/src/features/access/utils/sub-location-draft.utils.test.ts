import type { SubLocation } from '@portico/contracts/access/sub-locations';
import { describe, expect, it } from 'vitest';
import { editedLocationBody, locationDraftOf } from './sub-location-draft.utils';

const location: SubLocation = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Alberta Arts',
  merchant_id: '00000000-0000-4000-8000-0000000000aa',
  merchant: {
    id: '00000000-0000-4000-8000-0000000000aa',
    name: 'Harbor Lane',
    merchant_sub_entity_custom_fields: [{ name: 'Store Number', type: 'number' }],
  },
  phone: null,
  address: {
    address: '2915 NE Alberta St, Portland, OR 97211',
    address1: '2915 NE Alberta St',
    city: 'Portland',
  },
  custom_fields: { 'Store Number': 102 },
  mid_overrides: [{ payment_processor: 'fis', merchant_identifier: '123456' }],
};

describe('sub-location draft', () => {
  it('reads a location into strings and back into the same record', () => {
    const draft = locationDraftOf(location);
    expect(draft).toMatchObject({
      phone: '',
      customFields: { 'Store Number': '102' },
      mids: { fis: '123456' },
    });
    expect(editedLocationBody(draft, location)).toEqual({
      name: 'Alberta Arts',
      phone: '',
      address: {
        address: '2915 NE Alberta St, Portland, OR 97211',
        address1: '2915 NE Alberta St',
        address2: '',
        city: 'Portland',
        st: '',
        zip: '',
      },
      custom_fields: { 'Store Number': '102' },
      merchant: { id: location.merchant_id },
      mid_overrides: [{ payment_processor: 'fis', merchant_identifier: '123456' }],
    });
  });

  it('drops blank custom fields and blank MIDs, and trims what is typed', () => {
    const draft = {
      ...locationDraftOf(location),
      name: ' Alberta ',
      customFields: { 'Store Number': ' ' },
      mids: { fis: ' ', epx: ' 777 ' },
    };
    const body = editedLocationBody(draft, location);
    expect(body.name).toBe('Alberta');
    expect(body.custom_fields).toEqual({});
    expect(body.mid_overrides).toEqual([{ payment_processor: 'epx', merchant_identifier: '777' }]);
  });
});

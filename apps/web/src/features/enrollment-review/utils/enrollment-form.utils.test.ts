import { EnrollText } from '@portico/contracts/enrollment/enroll';
import { EnrollmentRecordText } from '@portico/contracts/enrollment/enrollment-record';
import { describe, expect, it } from 'vitest';
import { buildEnrollmentRecord, fixtureIds } from '../enrollment-record.fixtures';
import { buildEditDraft, draftErrors, formValuesOf } from './enrollment-form.utils';

const record = buildEnrollmentRecord();

describe('formValuesOf', () => {
  it('shows every editable field as text, masks included, and nothing read-only', () => {
    const values = formValuesOf(record);
    expect(values).toMatchObject({
      business_city: 'Mobile',
      principal_ssn: '***-**-6789',
      two_principal_ssn: '',
      card_p2c: 'false',
      card_swiped: '40',
      etf: '500.00',
    });
    expect(values).not.toHaveProperty('updated_at');
    expect(values).not.toHaveProperty('id');
  });
});

describe('buildEditDraft', () => {
  it('sends the id and the changed fields in their wire types, never an untouched mask', () => {
    const values = {
      ...formValuesOf(record),
      business_city: ' Biloxi ',
      website: '',
      card_p2c: 'true',
      internet: '35',
      account_number: '123456789012',
    };
    expect(buildEditDraft(record, values, { canSeeProcessing: true })).toEqual({
      id: fixtureIds.enrollment,
      business_city: 'Biloxi',
      website: null,
      card_p2c: true,
      internet: 35,
      account_number: '123456789012',
    });
  });

  it('leaves processing fields out for a parent even when their inputs differ', () => {
    const values = { ...formValuesOf(record), card_rate: '1.00+0.05', business_city: 'Biloxi' };
    expect(buildEditDraft(record, values, { canSeeProcessing: false })).toEqual({
      id: fixtureIds.enrollment,
      business_city: 'Biloxi',
    });
  });
});

describe('draftErrors', () => {
  it('names each invalid field with the shared texts', () => {
    expect(
      draftErrors({ id: fixtureIds.enrollment, business_postal_code: '1', email: '', internet: 'lots' }),
    ).toEqual([
      { name: 'business_postal_code', message: EnrollText.ZipInvalid },
      { name: 'email', message: EnrollText.EmailRequired },
      { name: 'internet', message: EnrollmentRecordText.MixInvalid },
    ]);
    expect(draftErrors({ id: fixtureIds.enrollment, business_city: 'Biloxi' })).toEqual([]);
  });
});

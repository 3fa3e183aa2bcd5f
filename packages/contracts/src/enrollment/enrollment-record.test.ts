import { describe, expect, it } from 'vitest';
import { EnrollText } from './enroll';
import {
  EnrollmentRecordText,
  enrollmentDisplayName,
  enrollmentEditBody,
  enrollmentEditMeta,
  enrollmentRecordSchema,
  isMaskedValue,
  isProcessingFieldName,
  maskedAccountNumber,
  maskedDateOfBirth,
  maskedRoutingNumber,
  maskedSsn,
  maskedTaxId,
  updateFailedText,
  welcomeEmailNotice,
} from './enrollment-record';

const id = '3f1c2b8e-1b7a-4c55-9a3e-0123456789ab';

function messagesOf(meta: unknown): string[] {
  const parsed = enrollmentEditMeta.safeParse(meta);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('masks', () => {
  it('show only the last four digits in the product shapes', () => {
    expect(maskedSsn('1234')).toBe('***-**-1234');
    expect(maskedTaxId('6789')).toBe('**-***6789');
    expect(maskedAccountNumber('6789')).toBe('****6789');
    expect(maskedRoutingNumber('0021')).toBe('*****0021');
    expect(maskedDateOfBirth).toBe('****-**-**');
  });

  it('recognise masks, and never a clear number, as masked', () => {
    for (const mask of ['***-**-1234', '**-***6789', '****6789', '*****0021', '****-**-**']) {
      expect(isMaskedValue(mask)).toBe(true);
    }
    for (const value of ['123-45-6789', '123456789', '1985-04-12', '', 'abc*']) {
      expect(isMaskedValue(value)).toBe(false);
    }
  });

  it('are enforced by the record schema: a clear SSN or account number cannot be answered', () => {
    const shape = enrollmentRecordSchema.shape;
    expect(shape.principal_ssn.safeParse('***-**-6789').success).toBe(true);
    expect(shape.principal_ssn.safeParse('123-45-6789').success).toBe(false);
    expect(shape.account_number.safeParse('000123456789').success).toBe(false);
    expect(shape.routing_number.safeParse('021000021').success).toBe(false);
    expect(shape.fed_tx_id.safeParse('12-3456789').success).toBe(false);
    expect(shape.principal_date_of_birth.safeParse('1985-04-12').success).toBe(false);
  });
});

describe('enrollmentEditMeta', () => {
  it('keeps a sent-back mask, clears a blank and replaces with a full clear value', () => {
    const parsed = enrollmentEditMeta.parse({
      id,
      principal_ssn: '***-**-6789',
      two_principal_ssn: '',
      three_principal_ssn: '987-65-4321',
      account_number: '****6789',
      routing_number: null,
      fed_tx_id: '12-3456789',
      principal_date_of_birth: '****-**-**',
      two_principal_date_of_birth: '1990-02-28',
    });
    expect(parsed).toMatchObject({
      principal_ssn: { kind: 'keep' },
      two_principal_ssn: { kind: 'clear' },
      three_principal_ssn: { kind: 'set', value: '987-65-4321' },
      account_number: { kind: 'keep' },
      routing_number: { kind: 'clear' },
      fed_tx_id: { kind: 'set', value: '12-3456789' },
      principal_date_of_birth: { kind: 'keep' },
      two_principal_date_of_birth: { kind: 'set', value: '1990-02-28' },
    });
  });

  it('turns blank text into null and leaves absent fields absent', () => {
    const parsed = enrollmentEditMeta.parse({ id, website: '  ', business_city: ' Boulder ' });
    expect(parsed).toEqual({ id, website: null, business_city: 'Boulder' });
  });

  it('refuses unknown fields, read-only record fields and a missing id', () => {
    expect(enrollmentEditMeta.safeParse({ id, client_id: id }).success).toBe(false);
    expect(enrollmentEditMeta.safeParse({ id, updated_at: '2026-01-01T00:00:00.000Z' }).success).toBe(false);
    expect(enrollmentEditMeta.safeParse({ business_city: 'Boulder' }).success).toBe(false);
  });

  it.each([
    [{ business_postal_code: '9720' }, EnrollText.ZipInvalid],
    [{ principal_postal_code: '9720' }, EnrollText.ZipInvalid],
    [{ email: '' }, EnrollText.EmailRequired],
    [{ email: 'not-an-address' }, EnrollText.EmailInvalid],
    [{ principal_ssn: '12-345' }, EnrollmentRecordText.SsnInvalid],
    [{ fed_tx_id: '1234' }, EnrollmentRecordText.TaxIdInvalid],
    [{ account_number: '12' }, EnrollmentRecordText.AccountNumberInvalid],
    [{ routing_number: '12345678' }, EnrollmentRecordText.RoutingNumberInvalid],
    [{ principal_date_of_birth: '1985-13-40' }, EnrollmentRecordText.DateOfBirthInvalid],
    [{ principal_state_province: 'co' }, EnrollmentRecordText.StateInvalid],
    [{ principal_ownership_percent: '100.5' }, EnrollmentRecordText.PercentInvalid],
    [{ card_rate: '2.9%' }, EnrollmentRecordText.RateInvalid],
    [{ ach_rate: 'IC+10bps+5c' }, EnrollmentRecordText.FlatRateInvalid],
    [{ etf: '12.345' }, EnrollmentRecordText.AmountInvalid],
    [{ internet: 12.5 }, EnrollmentRecordText.MixInvalid],
    [{ mcc_code: '58' }, EnrollmentRecordText.MccInvalid],
  ])('refuses %o with its text', (change, message) => {
    expect(messagesOf({ id, ...change })).toEqual([message]);
  });

  it('accepts both card rate forms of the enroll page', () => {
    expect(messagesOf({ id, card_rate: '2.90+0.30' })).toEqual([]);
    expect(messagesOf({ id, card_rate: 'IC+35bps+10c' })).toEqual([]);
  });
});

describe('enrollmentEditBody', () => {
  it('parses meta, the JSON string of the record', () => {
    const parsed = enrollmentEditBody.parse({ meta: JSON.stringify({ id, dba_name: 'Juniper' }) });
    expect(parsed.meta).toEqual({ id, dba_name: 'Juniper' });
  });

  it.each(['{not json', '[1,2]', '"text"', 'null'])('refuses meta %s', (meta) => {
    const parsed = enrollmentEditBody.safeParse({ meta });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([EnrollmentRecordText.MetaNotJson]);
  });
});

describe('page rules', () => {
  it('names the welcome e-mail state of the parent', () => {
    expect(welcomeEmailNotice('false', 'Hello')).toBe('The Welcome Email is Turned off at the Parent Level');
    expect(welcomeEmailNotice('true', null)).toBe(
      'Caution, the enrollment email is turned on at the parent level but the email has no content!',
    );
    expect(welcomeEmailNotice('custom', '  ')).toBe(EnrollmentRecordText.WelcomeEmailEmpty);
    expect(welcomeEmailNotice('true', '<p>Welcome</p>')).toBeNull();
    expect(welcomeEmailNotice(null, null)).toBeNull();
  });

  it('treats card, ACH, crypto, terminals, mix, risk and fees as processing, not the bank account', () => {
    for (const name of ['card_rate', 'ach', 'crypto_p2c', 'devices', 'internet', 'high_ticket', 'etf']) {
      expect(isProcessingFieldName(name)).toBe(true);
    }
    for (const name of ['account_number', 'routing_number', 'account_type', 'dba_name', 'principal_ssn']) {
      expect(isProcessingFieldName(name)).toBe(false);
    }
  });

  it('appends the server message to the failure toast', () => {
    expect(updateFailedText('Invalid ZIP code format.')).toBe(
      'An error occurred while updating data: Invalid ZIP code format.',
    );
    expect(updateFailedText('')).toBe('An error occurred while updating data:');
  });

  it('names an enrollment by DBA, else legal name, else the person', () => {
    const base = { dba_name: null, legal_name: null, first_name: 'Marcus', last_name: 'Webb' };
    expect(enrollmentDisplayName({ ...base, dba_name: 'Fern' })).toBe('Fern');
    expect(enrollmentDisplayName({ ...base, legal_name: 'Fern LLC' })).toBe('Fern LLC');
    expect(enrollmentDisplayName(base)).toBe('Marcus Webb');
  });
});

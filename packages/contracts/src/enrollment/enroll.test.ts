import { describe, expect, it } from 'vitest';
import {
  applicationStatuses,
  applicationStatusLabel,
  buildEnrollBody,
  EnrollText,
  emptyEnrollForm,
  enrollBody,
  enrollFailedText,
  enrollFormSchema,
  enrollmentStatuses,
  enrollmentStatusLabel,
  mccOptions,
  stripZipInput,
  usStates,
} from './enroll';

const parentId = '3f1c2b8e-1b7a-4c55-9a3e-0123456789ab';

function merchantForm() {
  return {
    ...emptyEnrollForm('Merchant'),
    dba_name: 'Juniper Bakery',
    legal_name: 'Juniper Bakery LLC',
    email: 'owner@juniper.example',
    mcc_code: '5812',
    parent: parentId,
  };
}

function messagesOf(values: unknown): string[] {
  const parsed = enrollFormSchema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('buildEnrollBody', () => {
  it('builds a flat-percent merchant body: rates, no commas, no $ and no empty values', () => {
    const body = buildEnrollBody({
      ...merchantForm(),
      monthly_volume: '12,500.00',
      card_percent: '2.75',
      card_per_transaction: '$0.25',
      ach_percent: '0.5',
      ach_per_transaction: '$0.30',
    });
    expect(body).toEqual({
      application_type: 'Merchant',
      is_from_portal: true,
      email: 'owner@juniper.example',
      parent: parentId,
      dba_name: 'Juniper Bakery',
      legal_name: 'Juniper Bakery LLC',
      mcc_code: '5812',
      level: 'Merchant',
      monthly_volume: '12500.00',
      card_rate: '2.75+0.25',
      ach_rate: '0.5+0.30',
    });
    expect(enrollBody.safeParse(body).success).toBe(true);
  });

  it('builds the interchange-plus card rate IC+{bps}bps+{cents}c', () => {
    const body = buildEnrollBody({
      ...merchantForm(),
      pricing_model: 'InterchangePlus',
      card_percent: '9.99',
      ic_bps: '35',
      ic_cents: '10',
    });
    expect(body.card_rate).toBe('IC+35bps+10c');
    expect(body.ach_rate).toBeUndefined();
    expect(enrollBody.safeParse(body).success).toBe(true);
  });

  it('sends agents as first and last name with isAgent and no business names', () => {
    const body = buildEnrollBody({
      ...emptyEnrollForm('Agent'),
      dba_name: 'left over',
      legal_name: 'left over',
      first_name: 'Rosa',
      last_name: 'Diaz',
      email: 'rosa@agents.example',
      parent: parentId,
    });
    expect(body).toEqual({
      application_type: 'Agent',
      is_from_portal: true,
      email: 'rosa@agents.example',
      parent: parentId,
      first_name: 'Rosa',
      last_name: 'Diaz',
      isAgent: true,
    });
    expect(enrollBody.safeParse(body).success).toBe(true);
  });

  it('sends a partner with its principal, address and agreement', () => {
    const document = { name: 'agreement.PDF', extension: 'pdf', content: 'JVBERi0xLjQ=' };
    const body = buildEnrollBody({
      ...emptyEnrollForm('Partner'),
      dba_name: 'Cascade Payments',
      legal_name: 'Cascade Payments Inc.',
      email: 'ceo@cascade.example',
      parent: parentId,
      principal_first_name: 'Ana',
      principal_last_name: 'Lind',
      principal_date_of_birth: '1980-02-03',
      business_state_province: 'OR',
      business_postal_code: '97201-1234',
      document,
    });
    expect(body).toMatchObject({
      application_type: 'Partner',
      level: 'Parent',
      principals: [{ first_name: 'Ana', last_name: 'Lind', date_of_birth: '1980-02-03' }],
      business_postal_code: '97201-1234',
      document,
    });
    expect(body.mcc_code).toBeUndefined();
    expect(enrollBody.safeParse(body).success).toBe(true);
  });
});

describe('enroll form rules', () => {
  it('accepts a complete merchant', () => {
    expect(messagesOf(merchantForm())).toEqual([]);
  });

  it('names each missing field with the exact text', () => {
    expect(messagesOf(emptyEnrollForm('Merchant'))).toEqual([
      EnrollText.EmailRequired,
      EnrollText.ParentRequired,
      EnrollText.DbaRequired,
      EnrollText.LegalNameRequired,
      EnrollText.MccRequired,
    ]);
    expect(messagesOf(emptyEnrollForm('Agent'))).toEqual([
      EnrollText.EmailRequired,
      EnrollText.ParentRequired,
      EnrollText.FirstNameRequired,
      EnrollText.LastNameRequired,
    ]);
    expect(messagesOf({ ...merchantForm(), email: 'not-an-email' })).toEqual(['Invalid email address.']);
  });

  it('checks the partner ZIP: 5 digits or 5+4', () => {
    const partner = { ...emptyEnrollForm('Partner'), ...merchantForm(), application_type: 'Partner' };
    expect(messagesOf({ ...partner, business_postal_code: '97201' })).toEqual([]);
    expect(messagesOf({ ...partner, business_postal_code: '97201-1234' })).toEqual([]);
    expect(messagesOf({ ...partner, business_postal_code: '9720' })).toEqual(['Invalid ZIP code format.']);
    expect(messagesOf({ ...partner, business_postal_code: '97201-12' })).toEqual([
      'Invalid ZIP code format.',
    ]);
    expect(stripZipInput('97a2 01-12x34')).toBe('97201-1234');
  });

  it('accepts PDF agreements only, whatever the case', () => {
    const pdf = { name: 'Agreement.Pdf', extension: 'pdf', content: 'JVBERi0=' };
    expect(messagesOf({ ...merchantForm(), document: pdf })).toEqual([]);
    expect(messagesOf({ ...merchantForm(), document: { ...pdf, name: 'agreement.docx' } })).toEqual([
      'Only PDF documents are allowed.',
    ]);
  });

  it('limits percents to 2 decimals and bps and cents to digits', () => {
    expect(messagesOf({ ...merchantForm(), card_percent: '2.755' })).toHaveLength(1);
    expect(messagesOf({ ...merchantForm(), ach_percent: '1.25' })).toEqual([]);
    expect(messagesOf({ ...merchantForm(), ic_bps: '3.5' })).toHaveLength(1);
  });

  it('rejects unknown keys and a non-uuid parent in the body', () => {
    const body = buildEnrollBody(merchantForm());
    expect(enrollBody.safeParse({ ...body, role: 'admin' }).success).toBe(false);
    const parsed = enrollBody.safeParse({ ...body, parent: 'summit' });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual([
      'Parent is required.',
    ]);
  });
});

describe('options and texts', () => {
  it("labels MCC options '{description} #{code}' sorted by label", () => {
    expect(mccOptions({ '5812': 'Restaurants', '5411': 'Grocery Stores' })).toEqual([
      { code: '5411', label: 'Grocery Stores #5411' },
      { code: '5812', label: 'Restaurants #5812' },
    ]);
  });

  it('lists the 50 states and the failure text', () => {
    expect(usStates).toHaveLength(50);
    expect(enrollFailedText('help@portico.example')).toBe(
      'Enrollment Failed - Please Retry Or Contact Us help@portico.example',
    );
  });
});

describe('status labels', () => {
  it('writes each status one way, as words, with New for none', () => {
    expect(applicationStatusLabel(null)).toBe('New');
    expect(applicationStatuses.map(applicationStatusLabel)).toEqual([
      'Link sent',
      'Pending',
      'Boarded',
      'Rejected',
    ]);
    expect(enrollmentStatusLabel(null)).toBe('New');
    expect(enrollmentStatuses.map(enrollmentStatusLabel)).toEqual([
      'CTA sent',
      'CTA signed',
      'In development',
      'Onboarding',
      'Active',
      'Inactive',
    ]);
  });
});

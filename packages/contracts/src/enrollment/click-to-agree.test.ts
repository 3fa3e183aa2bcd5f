import { describe, expect, it } from 'vitest';
import {
  CtaText,
  ctaApplicationPath,
  ctaApplicationSchema,
  ctaRecipientsOf,
  ctaSendBody,
  ctaTokenSchema,
  emptyCtaOwner,
  isCalendarDate,
  isValidRoutingNumber,
  transactionMixTotal,
} from './click-to-agree';
import { buildCtaApplication, buildCtaOwner } from './click-to-agree.factory';

const owner = buildCtaOwner();

function messagesAt(value: unknown): Record<string, string[]> {
  const result = ctaApplicationSchema.safeParse(value);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    byPath[path] = [...(byPath[path] ?? []), issue.message];
  }
  return byPath;
}

describe('ctaApplicationSchema', () => {
  it('accepts a complete application with two owners and a mix of 100%', () => {
    // A ZIP+4, a website with its scheme and no second address line are complete too.
    const complete = buildCtaApplication({
      business: { ...buildCtaApplication().business, website: 'https://fernfig.example' },
      address: {
        ...buildCtaApplication().address,
        business_address_two: '',
        business_postal_code: '80302-1234',
      },
    });
    expect(messagesAt(complete)).toEqual({});
  });

  it('says which fields are required', () => {
    const empty = buildCtaApplication({
      owners: [emptyCtaOwner()],
      business: { ...buildCtaApplication().business, dba_name: '  ', ownership_type: '' },
    });
    const messages = messagesAt(empty);
    expect(messages['business.dba_name']).toEqual([CtaText.Required]);
    expect(messages['business.ownership_type']).toEqual([CtaText.Required]);
    expect(messages['owners.0.first_name']).toEqual([CtaText.Required]);
    expect(messages['owners.0.ssn']).toEqual([CtaText.Required]);
    // Optional fields stay quiet.
    expect(messages['owners.0.address_line_two']).toBeUndefined();
  });

  it('applies the enroll form ZIP rule, two uppercase letters for a state and YYYY-MM-DD dates', () => {
    const messages = messagesAt(
      buildCtaApplication({
        address: {
          ...buildCtaApplication().address,
          business_postal_code: '8030',
          business_state_province: 'co',
        },
        owners: [{ ...owner, ownership_percent: '100', date_of_birth: '04/12/1985', state_province: 'Col' }],
      }),
    );
    expect(messages['address.business_postal_code']).toEqual(['Invalid ZIP code format.']);
    expect(messages['address.business_state_province']).toEqual(['State must be two uppercase letters.']);
    expect(messages['owners.0.date_of_birth']).toEqual(['Date must be YYYY-MM-DD.']);
    expect(messages['owners.0.state_province']).toEqual(['State must be two uppercase letters.']);
    expect(
      messagesAt(buildCtaApplication({ owners: [{ ...owner, date_of_birth: '1985-02-30' }] })),
    ).toHaveProperty(['owners.0.date_of_birth']);
  });

  it('needs the transaction mix to add up to 100%', () => {
    const mix = {
      card_swiped: '70',
      keyed_card_present_not_imprinted: '5',
      mail_or_phone_order: '5',
      internet: '10',
    };
    expect(messagesAt(buildCtaApplication({ transaction_mix: mix }))).toEqual({
      transaction_mix: [CtaText.MixTotal],
    });
    expect(messagesAt(buildCtaApplication({ transaction_mix: { ...mix, internet: '10.5' } }))).toEqual({
      'transaction_mix.internet': [CtaText.MixPercentInvalid],
    });
  });

  it('caps owners at 4 and their ownership at 100% in total', () => {
    expect(messagesAt(buildCtaApplication({ owners: [owner, owner, owner, owner, owner] }))).toHaveProperty([
      'owners',
    ]);
    expect(
      messagesAt(buildCtaApplication({ owners: [owner, { ...owner, ownership_percent: '40.01' }] })),
    ).toEqual({
      owners: [CtaText.OwnershipTotal],
    });
    expect(messagesAt(buildCtaApplication({ owners: [] }))).toHaveProperty(['owners']);
  });

  it('checks SSN, tax id, bank numbers, e-mail and phone', () => {
    const messages = messagesAt(
      buildCtaApplication({
        business: { ...buildCtaApplication().business, fed_tx_id: '12-345678' },
        contact: { ...buildCtaApplication().contact, email: 'june@', business_phone_number: '555-0100' },
        owners: [{ ...owner, ssn: '123-45-678', ownership_percent: '100' }],
        settlement: { account_number: '12', routing_number: '021000022', account_type: 'business' },
      }),
    );
    expect(messages).toEqual({
      'business.fed_tx_id': [CtaText.TaxIdInvalid],
      'contact.email': ['Invalid email address.'],
      'contact.business_phone_number': [CtaText.PhoneInvalid],
      'owners.0.ssn': [CtaText.SsnInvalid],
      'settlement.account_number': [CtaText.AccountNumberInvalid],
      'settlement.routing_number': [CtaText.RoutingNumberInvalid],
      'settlement.account_type': [CtaText.Required],
    });
  });

  it('refuses malformed sections without throwing', () => {
    for (const broken of [
      { ...buildCtaApplication(), owners: 'x' },
      { ...buildCtaApplication(), owners: [null] },
      { ...buildCtaApplication(), transaction_mix: null },
      { ...buildCtaApplication(), transaction_mix: { card_swiped: 100 } },
      null,
    ]) {
      expect(ctaApplicationSchema.safeParse(broken).success).toBe(false);
    }
  });

  it('needs the terms agreed to and refuses unknown fields', () => {
    expect(messagesAt(buildCtaApplication({ agreed: false }))).toEqual({ agreed: [CtaText.AgreeRequired] });
    expect(ctaApplicationSchema.safeParse({ ...buildCtaApplication(), status: 'BOARDED' }).success).toBe(
      false,
    );
    expect(
      ctaApplicationSchema.safeParse({ ...buildCtaApplication(), owners: [{ ...owner, ssn_enc: 'x' }] })
        .success,
    ).toBe(false);
  });
});

describe('rules', () => {
  it('validates ABA routing check digits', () => {
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('02100002')).toBe(false);
  });

  it('knows calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-9')).toBe(false);
  });

  it('totals the mix only when every category is a whole percentage', () => {
    expect(
      transactionMixTotal({
        card_swiped: '50',
        keyed_card_present_not_imprinted: '0',
        mail_or_phone_order: '0',
        internet: '50',
      }),
    ).toBe(100);
    expect(
      transactionMixTotal({
        card_swiped: '',
        keyed_card_present_not_imprinted: '0',
        mail_or_phone_order: '0',
        internet: '50',
      }),
    ).toBeNull();
  });

  it('builds the application path with and without a parent', () => {
    expect(ctaApplicationPath('e1', 'p1')).toBe('/enroll/p1/e1');
    expect(ctaApplicationPath('e1', null)).toBe('/enroll/e1');
  });

  it('accepts only tokens of the server shape', () => {
    expect(ctaTokenSchema.safeParse(`v1.1750000000.${'a'.repeat(43)}`).success).toBe(true);
    expect(ctaTokenSchema.safeParse(`v2.1750000000.${'a'.repeat(43)}`).success).toBe(false);
    expect(ctaTokenSchema.safeParse(`v1.1750000000.${'a'.repeat(42)}=`).success).toBe(false);
  });
});

describe('ctaRecipientsOf', () => {
  it('ignores empty entries, lowercases and drops duplicates', () => {
    expect(ctaRecipientsOf(['A@x.example', '', '  ', 'a@x.example', 'b@x.example'])).toEqual({
      kind: 'list',
      addresses: ['a@x.example', 'b@x.example'],
    });
  });

  it('is the quick send when nothing is filled in', () => {
    expect(ctaRecipientsOf(undefined)).toEqual({ kind: 'quick' });
    expect(ctaRecipientsOf(['', ' ', ''])).toEqual({ kind: 'quick' });
  });

  it('allows at most 3 recipients and only valid addresses', () => {
    expect(ctaRecipientsOf(['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example'])).toEqual({
      kind: 'invalid',
      reason: 'too_many',
    });
    expect(ctaRecipientsOf(['a@x.example', '', 'b@x.example', 'c@x.example'])).toMatchObject({
      kind: 'list',
    });
    expect(ctaRecipientsOf(['a@x.example', 'not-an-address'])).toEqual({
      kind: 'invalid',
      reason: 'invalid',
    });
  });

  it('is carried by a strict body', () => {
    const id = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    expect(ctaSendBody.safeParse({ id }).success).toBe(true);
    expect(ctaSendBody.safeParse({ id, recipients: ['a@x.example'], to: 'x' }).success).toBe(false);
    expect(ctaSendBody.safeParse({ id: 'nope' }).success).toBe(false);
  });
});

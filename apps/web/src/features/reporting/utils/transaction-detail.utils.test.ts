import { buildWireTransaction } from '@portico/contracts/transactions/transaction.factory';
import { describe, expect, it } from 'vitest';
import { formatMoneyText, transactionDetailSections } from './transaction-detail.utils';
import type { TransactionSubject } from './transaction-view.utils';

const formatDateTime = (iso: string) => `at ${iso}`;

const subject: TransactionSubject = {
  transaction: buildWireTransaction({
    amount: '1234.50',
    data: {
      api_response: {
        token: 'VISA-4242-12-2027',
        meta: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          customFields: { 'Clinic Location': 'Harbor', Empty: '' },
        },
        sub_location: {
          name: 'Pier 3',
          custom_fields: { RD: 'R-7', VPCO: 'V-2', 'Sub-Account Number': 1042 },
        },
      },
      third_party_api_response: null,
    },
  }),
  merchantName: 'Harbor Lane Coffee',
  parentName: null,
};

function fieldsOf(sections: ReturnType<typeof transactionDetailSections>, title: string) {
  return Object.fromEntries(
    (sections.find((section) => section.title === title)?.fields ?? []).map((f) => [f.label, f.value]),
  );
}

describe('formatMoneyText', () => {
  it('groups thousands and keeps the sign', () => {
    expect(formatMoneyText('1234567.50')).toBe('$1,234,567.50');
    expect(formatMoneyText('-40.00')).toBe('-$40.00');
    expect(formatMoneyText('0.05')).toBe('$0.05');
    expect(formatMoneyText(undefined)).toBe('—');
  });
});

describe('transactionDetailSections', () => {
  it('shows the transaction, its customer with custom fields, its location and settlement', () => {
    const sections = transactionDetailSections(subject, { canSeeAdvancedFields: false, formatDateTime });
    expect(sections.map((section) => section.title)).toEqual([
      'Transaction',
      'Customer',
      'Location',
      'Settlement',
    ]);
    expect(fieldsOf(sections, 'Transaction')).toMatchObject({
      Merchant: 'Harbor Lane Coffee',
      Parent: '—',
      Amount: '$1,234.50',
      'Last 4': '4242',
      Date: 'at 2025-07-15T13:00:00.000Z',
    });
    expect(fieldsOf(sections, 'Customer')).toEqual({
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      Email: 'ada@example.com',
      'Clinic Location': 'Harbor',
    });
    expect(fieldsOf(sections, 'Location')).toEqual({
      'Sub-location': 'Pier 3',
      RD: 'R-7',
      VPCO: 'V-2',
      'Sub-Account Number': '1042',
    });
    expect(fieldsOf(sections, 'Settlement')).toEqual({
      'Settlement Amount': '$96.80',
      'Settlement Date': '2025-07-16',
    });
  });

  it('adds Advanced Details only with REPORTS_ADVANCED', () => {
    const sections = transactionDetailSections(subject, { canSeeAdvancedFields: true, formatDateTime });
    expect(fieldsOf(sections, 'Advanced Details')).toMatchObject({
      Fee: '$3.20',
      Surcharge: '$0.00',
      'Gross Amount': '$1,234.50',
      'Net Amount': '$1,231.30',
    });
  });
});

describe("a payment link's options in the detail", () => {
  it('shows the tip, opt-in, shipping address, saved card and purchase data, after the customer', () => {
    const withOptions: TransactionSubject = {
      ...subject,
      transaction: buildWireTransaction({
        amount: '29.50',
        data: {
          api_response: {
            meta: {
              firstName: 'Robin',
              linkOptions: {
                tip: '4.50',
                optIn: false,
                shippingAddress: {
                  line1: '9 Quay Street',
                  city: 'Portland',
                  state: 'ME',
                  postalCode: '04101',
                },
                savedToVault: true,
                levelTwo: { poNumber: 'PO-7781', taxAmount: '1.50' },
                levelThree: {
                  lineItems: [{ description: 'Beans', productCode: 'EB-1', quantity: 2, unitPrice: '10.00' }],
                },
              },
            },
          },
          third_party_api_response: null,
        },
      }),
    };
    const sections = transactionDetailSections(withOptions, { canSeeAdvancedFields: false, formatDateTime });
    expect(sections.map((section) => section.title)).toEqual([
      'Transaction',
      'Customer',
      'Payment Link',
      'Settlement',
    ]);
    expect(fieldsOf(sections, 'Payment Link')).toEqual({
      Tip: '$4.50',
      'Opted In': 'No',
      'Shipping Address': '9 Quay Street, Portland, ME 04101',
      'Card Saved': 'Saved to the customer vault',
      'PO Number': 'PO-7781',
      'Tax Amount': '$1.50',
      'Line Item 1': 'Beans (EB-1): 2 × $10.00',
    });
    expect(
      transactionDetailSections(subject, { canSeeAdvancedFields: false, formatDateTime }),
    ).not.toContainEqual(expect.objectContaining({ title: 'Payment Link' }));
  });
});

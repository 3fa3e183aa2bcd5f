import { describe, expect, it } from 'vitest';
import {
  type ChargeNoticeFacts,
  calendarDateLabel,
  declineNoticeMessage,
  firstReceiptTermsOf,
  paymentMethodLabel,
  receiptMessage,
} from './subscription-emails';

const facts: ChargeNoticeFacts = {
  email: 'payer@example.com',
  merchantName: 'Corner Coffee',
  amountCents: 123_456,
  token: 'AMEX-0005-07-2031',
  description: 'Coffee club',
  scheduledFor: '2026-02-28',
  nextChargeDate: '2026-03-31',
  nextAttemptOn: null,
  endReason: null,
  unsubscribeUrl: 'https://portal.example/app/unsubscribe/tok+Corner%20Coffee+1234.56',
  terms: null,
};

describe('payment method label', () => {
  it('names the brand and last four only', () => {
    expect(paymentMethodLabel('VISA-1111-12-2030')).toBe('VISA card ending in 1111');
    expect(paymentMethodLabel('BANK-6789')).toBe('Bank account ending in 6789');
    expect(paymentMethodLabel('sbx_tok_abc.def')).toBe('Saved payment method');
  });
});

describe('receipt', () => {
  it('says what was charged, when, to which method, the next date and how to cancel', () => {
    const message = receiptMessage(facts);
    expect(message.to).toEqual(['payer@example.com']);
    expect(message.subject).toBe('Receipt for your payment to Corner Coffee');
    expect(message.text.split('\n')).toEqual([
      'Payment was successful. Thank you for your recurring payment to Corner Coffee.',
      '',
      'Amount: $1,234.56',
      'Date: February 28, 2026',
      'Payment method: AMEX card ending in 0005',
      'Description: Coffee club',
      'Next charge: March 31, 2026',
      '',
      `To cancel this subscription: ${facts.unsubscribeUrl}`,
    ]);
    // The token's expiry is not the customer's e-mail's business.
    expect(message.text).not.toContain('2031');
  });

  it('says the last charge was the last, without a link when nothing is left to cancel', () => {
    const text = receiptMessage({ ...facts, nextChargeDate: null, unsubscribeUrl: null }).text;
    expect(text).toContain('This was the last charge of this subscription.');
    expect(text).not.toContain('To cancel');
  });
});

describe('decline notice', () => {
  it('gives the next try, or the end and its reason', () => {
    const retry = declineNoticeMessage({ ...facts, nextAttemptOn: '2026-03-03' });
    expect(retry.subject).toBe('Payment failed: your subscription with Corner Coffee');
    expect(retry.text).toContain('Payment failed. Your recurring payment to Corner Coffee was declined.');
    expect(retry.text).toContain('We will try again on March 3, 2026.');
    const ended = declineNoticeMessage({
      ...facts,
      endReason: 'Payment failed 3 times',
      unsubscribeUrl: null,
    });
    expect(ended.text).toContain('The subscription has ended (Payment failed 3 times).');
    expect(ended.text).not.toContain('To cancel');
  });

  it('reads a calendar date as the merchant wrote it, whatever the server zone', () => {
    expect(calendarDateLabel('2026-01-01')).toBe('January 1, 2026');
  });
});

describe('the first receipt of a series', () => {
  const series = {
    amountCents: 1200,
    interval: 'monthly',
    frequency: 1,
    cycles: null,
    trialDays: 14,
    startDate: '2026-01-01',
  } as const;

  it('repeats the terms on the first charge only, after the trial', () => {
    expect(firstReceiptTermsOf(series, { scheduledFor: '2026-01-15', status: 'succeeded' })).toEqual([
      'Amount: $12.00 every month',
      'Free trial: 14 days',
      'First charge: January 15, 2026 (Eastern Time)',
      'Charges: until you cancel',
      'To cancel: use the unsubscribe link in any receipt e-mail we send you.',
    ]);
    expect(firstReceiptTermsOf(series, { scheduledFor: '2026-02-15', status: 'succeeded' })).toBeNull();
    expect(firstReceiptTermsOf(series, { scheduledFor: '2026-01-15', status: 'failed' })).toBeNull();
  });

  it('prints them under their heading', () => {
    const text = receiptMessage({ ...facts, terms: ['Amount: $12.00 every month'] }).text;
    expect(text).toContain('Subscription terms:\nAmount: $12.00 every month');
  });
});

import { parseDecimalToCents } from '../money/money';
import type { PageDesign } from '../payment-frame/params';
import { subscriptionEndDate as seriesEndDate } from '../subscriptions/schedule';

// The payment link builder's rules, pure so
// the page and the tests share them.

export const LinkBuilderText = {
  // Validation texts (the misspelling is the product's).
  PaymentOptionsRequired: 'Plese select available payment options',
  FieldRequired: 'Field is required',
  AmountInvalid: 'Amount is not valid',
  StartDateInPast: 'Start date can not be in past',
  FrequencyInvalid: 'Frequency is not valid',
  EmailInvalid: 'Email is not valid',
  // Where a method or terminal cannot be offered.
  NotForSubscriptions: 'Not available for subscriptions.',
  NoPaymentMethods: 'No payment methods available',
  NoTerminals: 'No available terminals',
  // Labels of the page.
  OneTimeCharge: 'One-Time Charge',
  Subscription: 'Subscription (Recurring Charge)',
  GetLink: 'Get Link',
  OpenPaymentPage: 'Open Payment Page',
  ViewIframeCode: 'view iframe code',
  // Ours: addresses carry the publishable key only.
  SecretKeyInAddress: 'A secret API key cannot be used in an address. Use the publishable key.',
  InvalidApiKey: 'The API key must be a UUID.',
  // Signed in: the merchant the link is for (names, never ids), when the user has several.
  Merchant: 'Merchant',
  ChooseMerchant: 'Choose the merchant this link is for.',
} as const;

export const linkPaymentMethods = ['credit_card', 'bank', 'crypto', 'terminal', 'cash', 'swipe'] as const;
export type LinkPaymentMethod = (typeof linkPaymentMethods)[number];
export const linkPaymentTypes = ['charge', 'subscription'] as const;
export type LinkPaymentType = (typeof linkPaymentTypes)[number];
export const linkIntervals = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type LinkInterval = (typeof linkIntervals)[number];
export const contactOptions = ['off', 'optional', 'required'] as const;
export type ContactOption = (typeof contactOptions)[number];

// No bank, crypto or terminal on a subscription.
export const methodsNotForSubscriptions: readonly LinkPaymentMethod[] = ['bank', 'crypto', 'terminal'];

export type MerchantLinkConfiguration = {
  payment: boolean;
  ach: boolean;
  crypto: boolean;
};

// Methods the merchant has not configured (card, ACH, crypto) are removed; terminal only
// with open terminals; cash and swipe always removed.
export function offeredLinkMethods(
  configuration: MerchantLinkConfiguration,
  hasOpenTerminals: boolean,
): LinkPaymentMethod[] {
  return linkPaymentMethods.filter((method) => {
    if (method === 'credit_card') return configuration.payment;
    if (method === 'bank') return configuration.ach;
    if (method === 'crypto') return configuration.crypto;
    if (method === 'terminal') return hasOpenTerminals;
    return false;
  });
}

export type PaymentTypeState = {
  paymentType: LinkPaymentType;
  paymentOptions: LinkPaymentMethod[];
  emailOption: ContactOption;
};

// Switching to subscription forces e-mail to required and unticks bank, crypto and
// terminal; switching back leaves the choices as they are (only the disabling goes).
export function switchPaymentType<T extends PaymentTypeState>(state: T, paymentType: LinkPaymentType): T {
  if (paymentType === 'charge') return { ...state, paymentType };
  return {
    ...state,
    paymentType,
    emailOption: 'required',
    paymentOptions: state.paymentOptions.filter((method) => !methodsNotForSubscriptions.includes(method)),
  };
}

export function isMethodDisabledFor(paymentType: LinkPaymentType, method: LinkPaymentMethod): boolean {
  return paymentType === 'subscription' && methodsNotForSubscriptions.includes(method);
}

export function isContactOptionDisabledFor(paymentType: LinkPaymentType, option: ContactOption): boolean {
  return paymentType === 'subscription' && option !== 'required';
}

// Ticking crypto makes the e-mail optional (unless a subscription, which has no crypto).
export function toggleLinkMethod<T extends PaymentTypeState>(
  state: T,
  method: LinkPaymentMethod,
  on: boolean,
): T {
  if (isMethodDisabledFor(state.paymentType, method)) return state;
  const paymentOptions = on
    ? linkPaymentMethods.filter(
        (candidate) => candidate === method || state.paymentOptions.includes(candidate),
      )
    : state.paymentOptions.filter((candidate) => candidate !== method);
  return { ...state, paymentOptions, ...(on && method === 'crypto' ? { emailOption: 'optional' } : {}) };
}

// Sandbox mode appends TEST to both button labels.
export function linkButtonLabel(label: string, isSandbox: boolean): string {
  return isSandbox ? `${label} TEST` : label;
}

// A key taken from the address must be a UUID of versions 1 to 5.
export function isUuidV1To5(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(text);
}

// Amount: required, numeric, two decimals at most, minimum 0. Gives the message or null.
export function linkAmountMessage(text: string): string | null {
  if (text.trim() === '') return LinkBuilderText.FieldRequired;
  const cents = parseDecimalToCents(text);
  return cents === null || cents < 0 ? LinkBuilderText.AmountInvalid : null;
}

// Cycles minimum 1, blank is until cancelled (null), a non-number becomes 0.
export function parseCycles(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) ? value : 0;
}

// Trial period minimum 0; a non-number becomes 0.
export function parseTrialDays(text: string): number {
  const value = Number(text);
  return text.trim() === '' || !Number.isInteger(value) ? 0 : value;
}

// End date: the series' own rule (subscriptions/schedule.ts), in the link builder's terms.
export function subscriptionEndDate(input: {
  start: string;
  cycles: number | null;
  interval: LinkInterval;
  frequency: number;
  trialDays: number;
}): string | null {
  return seriesEndDate({
    startDate: input.start,
    cycles: input.cycles,
    interval: input.interval,
    frequency: input.frequency,
    trialDays: input.trialDays,
  });
}

export type SubscriptionInput = {
  timing: 'trial' | 'start';
  start: string;
  today: string;
  interval: LinkInterval | '';
  frequency: string;
  email: string;
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Subscription fields: field -> message, only the failing ones.
export function subscriptionMessages(
  input: SubscriptionInput,
): Partial<Record<'start' | 'interval' | 'frequency' | 'email', string>> {
  const messages: Partial<Record<'start' | 'interval' | 'frequency' | 'email', string>> = {};
  if (input.timing === 'start') {
    if (input.start === '') messages.start = LinkBuilderText.FieldRequired;
    else if (input.start < input.today) messages.start = LinkBuilderText.StartDateInPast;
  }
  if (input.interval === '') messages.interval = LinkBuilderText.FieldRequired;
  const frequency = Number(input.frequency);
  if (input.frequency.trim() === '' || !Number.isInteger(frequency) || frequency < 1) {
    messages.frequency = LinkBuilderText.FrequencyInvalid;
  }
  if (!emailPattern.test(input.email.trim())) messages.email = LinkBuilderText.EmailInvalid;
  return messages;
}

export function paymentOptionsMessage(paymentOptions: readonly LinkPaymentMethod[]): string | null {
  return paymentOptions.length === 0 ? LinkBuilderText.PaymentOptionsRequired : null;
}

// Page design defaults: focus border #f6951e, submit button #000000 with text #ffffff (keys
// of the frame's page design schema).
export const defaultPageDesign = {
  inputStyle: { appearance: 'default', mode: 'simple', focusBorderColor: '#f6951e' },
  paymentMethodStyle: {
    appearance: 'default',
    selectedBackgroundColor: '#fff4e6',
    selectedTextColor: '#000000',
    selectedBorderColor: '#f6951e',
    hoverBackgroundColor: '#f8f9fa',
    hoverTextColor: '#000000',
    hoverBorderColor: '#f6951e',
    backgroundColor: '#ffffff',
    textColor: '#000000',
    borderColor: '#dee2e6',
  },
  submitButtonStyle: {
    appearance: 'default',
    backgroundColor: '#000000',
    textColor: '#ffffff',
    hoverBackgroundColor: '#333333',
    hoverTextColor: '#ffffff',
  },
} satisfies PageDesign;

// Link builder defaults.
export const linkBuilderDefaults = {
  interval: 'monthly',
  frequency: 1,
  showEmail: true,
  allowTip: false,
} as const;

import type { SaveMode } from '@portico/contracts/payment-frame/link-options';
import { LinkTermsText } from '@portico/contracts/payment-frame/link-terms';
import type { PageDesign, PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { richDescriptionProblem } from '@portico/contracts/payment-frame/rich-description';
import {
  type ContactOption,
  defaultPageDesign,
  type LinkInterval,
  type LinkPaymentMethod,
  type LinkPaymentType,
  linkAmountMessage,
  linkBuilderDefaults,
  linkPaymentMethods,
  parseCycles,
  parseTrialDays,
  paymentOptionsMessage,
  subscriptionEndDate,
  subscriptionMessages,
} from '@portico/contracts/payment-links/link-builder';

export type LinkBuilderState = {
  paymentType: LinkPaymentType;
  amount: string;
  description: string;
  paymentOptions: LinkPaymentMethod[];
  emailOption: ContactOption;
  phoneOption: ContactOption;
  terminal: string | null;
  timing: 'trial' | 'start';
  start: string;
  trial: string;
  cycles: string;
  interval: LinkInterval;
  frequency: string;
  email: string;
  allowTip: boolean;
  zipMode: ContactOption;
  fullName: boolean;
  billingAddress: boolean;
  address: boolean;
  optIn: boolean;
  showDescription: boolean;
  // savePaymentToken and saveMode: the payer's card saved to the vault, always or when they ask.
  savePaymentToken: boolean;
  saveMode: SaveMode;
  isLevelTwoDataEnabled: boolean;
  isLevelThreeDataEnabled: boolean;
  isSandbox: boolean;
  styles: PageDesign;
  // A one-time charge's optional expiry as the date-time field holds it (YYYY-MM-DDTHH:mm, in the
  // browser's time zone); '' for none.
  expiresAt: string;
};

// The description and the payment options are remembered in local storage.
export const storageKeys = {
  description: 'saved-link-description',
  paymentOptions: 'saved-payment-options',
} as const;

function isLinkMethod(value: unknown): value is LinkPaymentMethod {
  return linkPaymentMethods.some((method) => method === value);
}

export function savedPaymentOptions(stored: string | null): LinkPaymentMethod[] | null {
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter(isLinkMethod) : null;
  } catch {
    return null;
  }
}

// The builder's defaults: monthly, frequency 1, zipMode the first option, e-mail shown, no tip.
export function initialLinkState(
  today: string,
  saved: { description: string | null; paymentOptions: LinkPaymentMethod[] | null },
): LinkBuilderState {
  return {
    paymentType: 'charge',
    amount: '',
    description: saved.description ?? '',
    paymentOptions: saved.paymentOptions ?? ['credit_card'],
    emailOption: linkBuilderDefaults.showEmail ? 'optional' : 'off',
    phoneOption: 'off',
    terminal: null,
    timing: 'start',
    start: today,
    trial: '',
    cycles: '',
    interval: linkBuilderDefaults.interval,
    frequency: String(linkBuilderDefaults.frequency),
    email: '',
    allowTip: linkBuilderDefaults.allowTip,
    zipMode: 'off',
    fullName: true,
    billingAddress: false,
    address: false,
    optIn: false,
    showDescription: true,
    savePaymentToken: false,
    saveMode: 'ask',
    isLevelTwoDataEnabled: false,
    isLevelThreeDataEnabled: false,
    isSandbox: false,
    styles: defaultPageDesign,
    expiresAt: '',
  };
}

export type LinkMessages = Partial<
  Record<
    'amount' | 'paymentOptions' | 'start' | 'interval' | 'frequency' | 'email' | 'expiresAt' | 'description',
    string
  >
>;

// The time zone the expiry field is read in: the browser's own.
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

// The expiry field's local date-time as the instant the link carries; null when blank or unreadable.
export function expiryInstantOf(local: string): string | null {
  if (local.trim() === '') return null;
  const instant = new Date(local);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

// An expiry is optional; one given must be ahead (the server refuses a past one too).
function expiryMessage(local: string, now: Date): string | null {
  if (local.trim() === '') return null;
  const instant = expiryInstantOf(local);
  return instant === null || Date.parse(instant) <= now.getTime() ? LinkTermsText.ExpiryInPast : null;
}

// The form's validation: every message of the form at once.
export function linkMessages(state: LinkBuilderState, today: string, now: Date = new Date()): LinkMessages {
  const messages: LinkMessages = {};
  if (state.paymentType === 'charge') {
    const expiry = expiryMessage(state.expiresAt, now);
    if (expiry) messages.expiresAt = expiry;
  }
  const amount = linkAmountMessage(state.amount);
  if (amount) messages.amount = amount;
  const description = richDescriptionProblem(state.description);
  if (description) messages.description = description;
  const options = paymentOptionsMessage(state.paymentOptions);
  if (options) messages.paymentOptions = options;
  if (state.paymentType === 'subscription') {
    Object.assign(
      messages,
      subscriptionMessages({
        timing: state.timing,
        start: state.start,
        today,
        interval: state.interval,
        frequency: state.frequency,
        email: state.email,
      }),
    );
  }
  return messages;
}

// The start of the series: the start date, or today when a trial decides.
function seriesStart(state: LinkBuilderState, today: string): string {
  return state.timing === 'start' ? state.start : today;
}

export function linkEndDate(state: LinkBuilderState, today: string): string | null {
  return subscriptionEndDate({
    start: seriesStart(state, today),
    cycles: parseCycles(state.cycles),
    interval: state.interval,
    frequency: Number(state.frequency) || 1,
    trialDays: state.timing === 'trial' ? parseTrialDays(state.trial) : 0,
  });
}

// The frame params of the link (contracts payment-frame/params.ts); subscription fields only on a
// subscription, from which the charge path creates the series; the expiry only on a one-time charge
// (the server gives it its linkId when signing: payment-frame/link-terms.ts).
export function linkParamsOf(
  state: LinkBuilderState,
  publishableKey: string,
  today: string,
): PaymentFrameParams {
  const common: PaymentFrameParams = {
    publishableKey,
    paymentType: state.paymentType,
    amount: state.amount.trim(),
    description: state.description,
    paymentOptions: state.paymentOptions,
    emailOption: state.emailOption,
    phoneOption: state.phoneOption,
    allowTip: state.allowTip,
    zipMode: state.zipMode,
    fullName: state.fullName,
    billingAddress: state.billingAddress,
    address: state.address,
    optIn: state.optIn,
    showDescription: state.showDescription,
    ...(state.savePaymentToken ? { savePaymentToken: true, saveMode: state.saveMode } : {}),
    ...(state.isLevelTwoDataEnabled ? { isLevelTwoDataEnabled: true } : {}),
    ...(state.isLevelThreeDataEnabled ? { isLevelThreeDataEnabled: true } : {}),
    source: 'link-builder',
    styles: state.styles,
    ...(state.isSandbox ? { isSandbox: true } : {}),
    ...(state.terminal !== null && state.paymentOptions.includes('terminal')
      ? { terminal: state.terminal }
      : {}),
  };
  if (state.paymentType === 'charge') {
    const expiresAt = expiryInstantOf(state.expiresAt);
    return expiresAt === null ? common : { ...common, expiresAt };
  }
  const cycles = parseCycles(state.cycles);
  const end = linkEndDate(state, today);
  return {
    ...common,
    start: seriesStart(state, today),
    ...(end === null ? {} : { end }),
    ...(cycles === null ? {} : { cycles }),
    interval: state.interval,
    frequency: Number(state.frequency),
    ...(state.timing === 'trial' ? { trial: parseTrialDays(state.trial) } : {}),
    email: state.email.trim(),
  };
}

// Developer Options 'view iframe code'.
export function iframeCode(url: string): string {
  return `<iframe src="${url.replace(/"/g, '&quot;')}" width="100%" height="800" style="border:0" allow="payment"></iframe>`;
}

export function todayIso(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

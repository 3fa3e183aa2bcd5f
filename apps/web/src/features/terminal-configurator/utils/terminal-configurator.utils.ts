import {
  decodePaymentFrameParams,
  encodePaymentFrameParams,
  type PaymentFrameParams,
  paymentFrameAddress,
  paymentFrameParamsQueryName,
} from '@portico/contracts/payment-frame/params';
import type { LinkConfig } from '@portico/contracts/payment-links/payment-links';
import type { VirtualTerminalUrl } from '@portico/contracts/virtual-terminals/virtual-terminal-urls';

// The terminal's payment options, by their permission names, with the configurator's defaults.
export const terminalPaymentMethods = [
  'credit_card',
  'bank',
  'crypto',
  'cash',
  'apple_pay',
  'google_pay',
  'swipe',
  'terminal',
  'pax',
  'newpos',
] as const;
export type TerminalPaymentMethod = (typeof terminalPaymentMethods)[number];

export const paymentMethodLabels: Record<TerminalPaymentMethod, string> = {
  credit_card: 'Credit Card',
  bank: 'Bank (ACH)',
  crypto: 'Crypto',
  cash: 'Cash',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  swipe: 'Swipe',
  terminal: 'Terminal',
  pax: 'PAX',
  newpos: 'NEWPOS',
};

// The virtual terminal configuration: the keys of the frame params the configurator sets.
export type TerminalParams = {
  paymentOptions: TerminalPaymentMethod[];
  amount: string;
  showFeeValue: boolean;
  showBillingDetails: boolean;
  feeMessage: string;
  customerMessage: string;
  hasSubscriptionAccess: boolean;
  description: string;
  freeFormAmount: boolean;
  buttonTopPosition: boolean;
  showLocationsDropdown: boolean;
  showLogoUrl: boolean;
};

export function isTerminalMethod(option: string): option is TerminalPaymentMethod {
  return terminalPaymentMethods.some((method) => method === option);
}

// The offered methods: apple_pay, google_pay, swipe and cash always; card, bank and crypto as the merchant is
// configured; pax and newpos by the terminals setting: pax for a PAX merchant, newpos (and the
// linked-device 'terminal' method) for any merchant with card-present terminals. The frame offers a
// device method only while the merchant has an open terminal.
export function availableTerminalMethods(configuration: LinkConfig['merchant']['configuration'] | undefined) {
  const terminals = configuration?.terminals ?? null;
  return terminalPaymentMethods.filter((method) => {
    if (method === 'credit_card') return configuration?.payment === true;
    if (method === 'bank') return configuration?.ach === true;
    if (method === 'crypto') return configuration?.crypto === true;
    if (method === 'pax') return terminals === 'pax';
    if (method === 'terminal' || method === 'newpos') return terminals !== null;
    return true;
  });
}

// The configurator's defaults: free-form amount, locations dropdown, subscription access, no logo.
export function defaultTerminalParams(available: readonly TerminalPaymentMethod[]): TerminalParams {
  return {
    paymentOptions: [...available],
    amount: '',
    showFeeValue: false,
    showBillingDetails: false,
    feeMessage: '',
    customerMessage: '',
    hasSubscriptionAccess: true,
    description: '',
    freeFormAmount: true,
    buttonTopPosition: false,
    showLocationsDropdown: true,
    showLogoUrl: false,
  };
}

// The frame params of a terminal (contracts payment-frame/params.ts); a free-form amount carries none.
export function frameParamsOf(
  publishableKey: string,
  settings: TerminalParams,
  terminalId?: string,
): PaymentFrameParams {
  const { amount, ...rest } = settings;
  return {
    publishableKey,
    ...rest,
    ...(settings.freeFormAmount || amount.trim() === '' ? {} : { amount: amount.trim() }),
    ...(terminalId === undefined ? {} : { terminalId }),
  };
}

// The unsigned frame address the configurator sends; the server signs it when it saves.
export function terminalFrameUrl(origin: string, params: PaymentFrameParams): string {
  return paymentFrameAddress(origin, encodePaymentFrameParams(params));
}

// A saved terminal's settings from its url; keys it lacks take the defaults.
export function terminalParamsFromUrl(url: string, defaults: TerminalParams): TerminalParams {
  let encoded: string | null = null;
  try {
    encoded = new URL(url, 'http://portal.invalid').searchParams.get(paymentFrameParamsQueryName);
  } catch {
    return defaults;
  }
  if (encoded === null) return defaults;
  const decoded = decodePaymentFrameParams(encoded);
  if (!decoded.ok) return defaults;
  const { params } = decoded;
  return {
    paymentOptions: (params.paymentOptions ?? defaults.paymentOptions).filter(isTerminalMethod),
    amount: params.amount ?? '',
    showFeeValue: params.showFeeValue ?? defaults.showFeeValue,
    showBillingDetails: params.showBillingDetails ?? defaults.showBillingDetails,
    feeMessage: params.feeMessage ?? '',
    customerMessage: params.customerMessage ?? '',
    hasSubscriptionAccess: params.hasSubscriptionAccess ?? defaults.hasSubscriptionAccess,
    description: params.description ?? '',
    freeFormAmount: params.freeFormAmount ?? defaults.freeFormAmount,
    buttonTopPosition: params.buttonTopPosition ?? defaults.buttonTopPosition,
    showLocationsDropdown: params.showLocationsDropdown ?? defaults.showLocationsDropdown,
    showLogoUrl: params.showLogoUrl ?? defaults.showLogoUrl,
  };
}

// The picker names the first terminal 'Default Terminal' when it has no name of its own
// and marks inactive ones.
export function terminalOptionLabel(terminal: Pick<VirtualTerminalUrl, 'name' | 'is_active'>, index: number) {
  const name = terminal.name.trim() === '' && index === 0 ? 'Default Terminal' : terminal.name;
  return terminal.is_active ? name : `${name} (Inactive)`;
}

// The short public address of a saved terminal: the server's /url/{url_id} (short-links module).
export function shortTerminalUrl(origin: string, urlId: string): string {
  return `${origin}/url/${encodeURIComponent(urlId)}`;
}

// The fall-back link when the configuration cannot be loaded: the key and a
// virtual-terminal flag.
export function fallbackIframeUrl(origin: string, publishableKey: string): string {
  return paymentFrameAddress(origin, encodePaymentFrameParams({ publishableKey, isVirtualTerminal: true }));
}

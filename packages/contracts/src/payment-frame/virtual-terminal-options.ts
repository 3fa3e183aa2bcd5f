import { Permission, type PermissionName } from '../access/permission-names';
import type { PaymentFrameParams, PaymentOption } from './params';

// On the virtual terminal a payment option is kept only when its permission is held on the
// merchant. Options the product names no permission for (crypto, terminal, pax) are kept as configured.
const permissionOfOption: Record<PaymentOption, PermissionName | null> = {
  credit_card: Permission.TransactionCharge,
  bank: Permission.DebitAchCharge,
  cash: Permission.TransactionCash,
  newpos: Permission.Swipe,
  swipe: Permission.Swipe,
  apple_pay: Permission.TransactionApplePay,
  google_pay: Permission.TransactionGooglePay,
  crypto: null,
  terminal: null,
  pax: null,
};

export function paymentOptionsKeptForPermissions(
  options: readonly PaymentOption[],
  granted: ReadonlySet<string>,
): PaymentOption[] {
  return options.filter((option) => {
    const needed = permissionOfOption[option];
    return needed === null || granted.has(needed);
  });
}

// Swipe-only mode (isSwipeOnly) needs TRANSACTION_SWIPE.
export function canUseSwipeOnly(granted: ReadonlySet<string>): boolean {
  return granted.has(Permission.Swipe);
}

// OMIT_CC_ZIP removes the card ZIP requirement.
export function isCardZipOmitted(granted: ReadonlySet<string>): boolean {
  return granted.has(Permission.OmitCcZip);
}

// What the virtual terminal offers when its configuration names none (the basic frame): keyed card,
// bank and the card reader.
export const basicPaymentOptions: readonly PaymentOption[] = ['credit_card', 'bank', 'swipe'];

// The virtual terminal's defaults, under whatever its configuration sets: a free-form charge (monthly,
// every 1, when made recurring), ZIP required, e-mail optional, full name and billing address on,
// phone and tip off, no saved token, source link.
export const virtualTerminalDefaults = {
  freeFormAmount: true,
  paymentType: 'charge',
  frequency: 1,
  interval: 'monthly',
  paymentOptions: [...basicPaymentOptions],
  zipMode: 'required',
  emailOption: 'optional',
  fullName: true,
  billingAddress: true,
  phoneOption: 'off',
  allowTip: false,
  savePaymentToken: false,
  source: 'link',
} as const satisfies Partial<PaymentFrameParams>;

// A terminal's own params over the defaults (the basic frame is the defaults alone).
export function withVirtualTerminalDefaults(params: PaymentFrameParams): PaymentFrameParams {
  const defaults: Partial<PaymentFrameParams> = {
    ...virtualTerminalDefaults,
    paymentOptions: [...virtualTerminalDefaults.paymentOptions],
  };
  return { ...defaults, ...params };
}

// Texts of the virtual terminal page.
export const VirtualTerminalPageText = {
  TerminalNotFound: 'Terminal not found with that ID',
  NoTerminals: 'No virtual terminals found. Please configure one.',
  ConfigureTerminal: 'Please configure your virtual terminal',
  MerchantLoadFailed: 'Failed to load merchant information',
  // Ours: addresses carry the publishable key only.
  RoutingKeyRemoved:
    'The routing key was taken out of this address: addresses carry only the publishable key.',
} as const;

export type VirtualTerminalQuery = {
  terminalId: string | null;
  isSwipeAndCNP: boolean;
  isSwipeOnly: boolean;
  customerId: string | null;
  paymentMethodId: string | null;
};

const uuidPattern = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const uuidOrNull = (value: string | null) => (value !== null && uuidPattern.test(value) ? value : null);

export function virtualTerminalQueryOf(search: URLSearchParams): VirtualTerminalQuery {
  return {
    terminalId: uuidOrNull(search.get('terminalId')),
    isSwipeAndCNP: search.get('isSwipeAndCNP') === 'true',
    isSwipeOnly: search.get('isSwipeOnly') === 'true',
    customerId: uuidOrNull(search.get('customerId')),
    paymentMethodId: uuidOrNull(search.get('paymentMethodId')),
  };
}

// The frame params of the virtual terminal: the terminal's own (or the basic frame's; its terminalId
// is the terminal actually chosen, never an unknown one the address named), the options
// the user's permissions keep, and the forced defaults (ZIP required unless OMIT_CC_ZIP;
// swipe-and-CNP forces credit_card, newpos and the saved token). null: no option is left.
export function virtualTerminalFrameParams(
  base: PaymentFrameParams,
  query: VirtualTerminalQuery,
  permitted: { paymentOptions: readonly string[]; omitZip: boolean },
): PaymentFrameParams | null {
  // Swipe-and-CNP: the keyed card, the card reader field (swipe) and the linked reader (newpos).
  const configured: PaymentOption[] = query.isSwipeAndCNP
    ? ['credit_card', 'swipe', 'newpos']
    : query.isSwipeOnly
      ? ['swipe']
      : (base.paymentOptions ?? [...basicPaymentOptions]);
  const kept = configured.filter((option) => permitted.paymentOptions.includes(option));
  const hasSavedMethod = query.customerId !== null && query.paymentMethodId !== null;
  if (kept.length === 0 && !hasSavedMethod) return null;
  return {
    ...base,
    paymentOptions: kept,
    isVirtualTerminal: true,
    zipMode: permitted.omitZip ? 'off' : 'required',
    ...(query.customerId ? { customerId: query.customerId } : {}),
    ...(query.paymentMethodId ? { paymentMethodId: query.paymentMethodId } : {}),
  };
}

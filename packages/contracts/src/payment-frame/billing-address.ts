import type { PaymentFrameParams } from './params';

// The payer's billing address on the payment frame (the payment link's billingAddress, the virtual
// terminal configuration's showBillingDetails 'Billing Information'). No zod: the frame bundle uses it.

export const billingAddressParts = ['line1', 'city', 'state', 'postalCode'] as const;
export type BillingAddressPart = (typeof billingAddressParts)[number];
export type BillingAddressInput = Partial<Record<BillingAddressPart, string>>;

// The label each part has on the frame; a refusal names the part by it ('City is required').
export const billingAddressLabels: Record<BillingAddressPart, string> = {
  line1: 'Billing address',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
};

// Shown when the link or the terminal asks for it. Required of a payer on a link (the address is
// what the link asks for); optional for staff keying a payment on the virtual terminal.
export function billingAddressRuleOf(
  params: PaymentFrameParams,
  isVirtualTerminal: boolean,
): { isShown: boolean; isRequired: boolean } {
  const isShown = params.billingAddress === true || params.showBillingDetails === true;
  return { isShown, isRequired: isShown && !isVirtualTerminal };
}

// The trimmed parts given, and the first required one missing (null when none is).
export function billingAddressOf(
  input: BillingAddressInput | undefined,
  isRequired: boolean,
): { address: BillingAddressInput; missing: BillingAddressPart | null } {
  const address: BillingAddressInput = {};
  let missing: BillingAddressPart | null = null;
  for (const part of billingAddressParts) {
    const value = input?.[part]?.trim() ?? '';
    if (value !== '') address[part] = value;
    else if (isRequired && missing === null) missing = part;
  }
  return { address, missing };
}

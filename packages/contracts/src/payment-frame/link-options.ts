import { formatCentsAsDecimal, parseDecimalToCents } from '../money/decimal';
import type { PaymentFrameParams } from './params';

// What a payment link's options ask of its payer and keep with the payment: a tip, the opt-in
// answer, the full name, a shipping address, saving the card to the vault, and level 2 / level 3
// purchase data. No zod: the frame bundle imports this file; the server checks the same rules.

export const LinkOptionsText = {
  Tip: 'Tip',
  TipHint: 'Optional. Added to the total charged.',
  TipInvalid: 'The tip must be an amount with at most 2 decimals.',
  TipTooLarge: 'The tip cannot be more than the amount.',
  TipNotOffered: 'This payment link takes no tip.',
  Total: (total: string) => `Total: ${total}`,
  OptIn: 'Keep me informed about offers and news from this merchant.',
  FullNameRequired: 'Full name is required: enter your first and last name.',
  ShippingHeading: 'Shipping address',
  SaveCard: 'Save this card for future payments',
  SaveCardAlways: 'Your card will be saved with this merchant for future payments.',
  SaveNeedsEmail: 'An e-mail address is needed to save your card.',
  SaveNeedsCard: 'Only a card can be saved for future payments.',
  LevelTwoHeading: 'Purchase details (level 2)',
  LevelThreeHeading: 'Line items (level 3)',
  PoNumber: 'PO number',
  TaxAmount: 'Tax amount',
  TaxInvalid: 'The tax amount must be an amount with at most 2 decimals, no more than the amount.',
  LineItemDescription: 'Item description',
  LineItemProductCode: 'Product code',
  LineItemQuantity: 'Quantity',
  LineItemUnitPrice: 'Unit price',
  AddLineItem: 'Add line item',
  RemoveLineItem: 'Remove line item',
  LineItemInvalid: (index: number) =>
    `Line item ${index}: give a description, a whole quantity of at least 1 and a unit price.`,
  LevelDataNotOffered: 'This payment link takes no purchase details.',
  OptionNotOffered: 'This payment link does not offer that option.',
} as const;

// saveMode: 'always' saves the card of every payment on the link (the link says so to the payer);
// 'ask' (the default) saves it only when the payer ticks the box.
export const saveModes = ['always', 'ask'] as const;
export type SaveMode = (typeof saveModes)[number];
export const saveModeLabels: Record<SaveMode, string> = {
  always: 'Always save the card',
  ask: 'Ask the payer',
};

// The shipping address, collected when the link's address option is set. Required of a payer: goods
// cannot be shipped to half an address.
export const shippingAddressParts = ['line1', 'city', 'state', 'postalCode'] as const;
export type ShippingAddressPart = (typeof shippingAddressParts)[number];
export type ShippingAddressInput = Partial<Record<ShippingAddressPart, string>>;
export const shippingAddressLabels: Record<ShippingAddressPart, string> = {
  line1: 'Shipping street address',
  city: 'Shipping city',
  state: 'Shipping state',
  postalCode: 'Shipping postal code',
};

export function shippingAddressOf(input: ShippingAddressInput | undefined): {
  address: ShippingAddressInput;
  missing: ShippingAddressPart | null;
} {
  const address: ShippingAddressInput = {};
  let missing: ShippingAddressPart | null = null;
  for (const part of shippingAddressParts) {
    const value = input?.[part]?.trim() ?? '';
    if (value !== '') address[part] = value;
    else if (missing === null) missing = part;
  }
  return { address, missing };
}

// The address as printed: street, then 'City, ST 12345'.
export function shippingAddressLines(address: ShippingAddressInput): string[] {
  const regionAndPostal = [address.state, address.postalCode].filter(Boolean).join(' ');
  const cityLine = [address.city, regionAndPostal || null].filter(Boolean).join(', ');
  return [address.line1 ?? null, cityLine || null].filter((line): line is string => line !== null);
}

// The tip in cents: blank is none; more than the amount is refused (a slip of the finger).
export type TipResult = { ok: true; cents: number } | { ok: false; message: string };
export function tipCentsOf(text: string | undefined, amountCents: number): TipResult {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return { ok: true, cents: 0 };
  const cents = parseDecimalToCents(trimmed);
  if (cents === null || cents < 0) return { ok: false, message: LinkOptionsText.TipInvalid };
  if (cents > amountCents) return { ok: false, message: LinkOptionsText.TipTooLarge };
  return { ok: true, cents };
}

// fullName: the payer must give a first and a last name.
export function isFullNameGiven(firstName: string | undefined, lastName: string | undefined): boolean {
  return (firstName?.trim() ?? '') !== '' && (lastName?.trim() ?? '') !== '';
}

// Whether the payer's card is saved: only where the link offers it; 'always' saves, 'ask' saves when
// the payer ticked the box.
export function saveModeOf(params: PaymentFrameParams): SaveMode | null {
  if (params.savePaymentToken !== true) return null;
  return params.saveMode === 'always' ? 'always' : 'ask';
}
export function isCardToBeSaved(params: PaymentFrameParams, payerAsked: boolean | undefined): boolean {
  const mode = saveModeOf(params);
  return mode === 'always' || (mode === 'ask' && payerAsked === true);
}

export type LineItemInput = {
  description?: string;
  productCode?: string;
  quantity?: string;
  unitPrice?: string;
};
export type LevelTwoInput = { poNumber?: string; taxAmount?: string };

// Level 2 / level 3 data as kept with the payment (amounts as decimal texts of 2 places, like every
// amount the API speaks).
export type LevelTwoData = { poNumber?: string; taxAmount?: string };
export type LineItem = { description: string; productCode?: string; quantity: number; unitPrice: string };

export function levelTwoDataOf(
  input: LevelTwoInput | undefined,
  amountCents: number,
): { ok: true; data: LevelTwoData | null } | { ok: false; message: string } {
  const poNumber = input?.poNumber?.trim() ?? '';
  const taxText = input?.taxAmount?.trim() ?? '';
  const data: LevelTwoData = {};
  if (poNumber !== '') data.poNumber = poNumber;
  if (taxText !== '') {
    const cents = parseDecimalToCents(taxText);
    if (cents === null || cents < 0 || cents > amountCents) {
      return { ok: false, message: LinkOptionsText.TaxInvalid };
    }
    data.taxAmount = formatCentsAsDecimal(cents);
  }
  return { ok: true, data: Object.keys(data).length === 0 ? null : data };
}

// Line items: each needs a description, a whole quantity of at least 1 and a unit price; rows left
// wholly blank are dropped.
export function lineItemsOf(
  input: readonly LineItemInput[] | undefined,
): { ok: true; items: LineItem[] } | { ok: false; message: string } {
  const items: LineItem[] = [];
  let index = 0;
  for (const row of input ?? []) {
    index += 1;
    const description = row.description?.trim() ?? '';
    const productCode = row.productCode?.trim() ?? '';
    const quantityText = row.quantity?.trim() ?? '';
    const priceText = row.unitPrice?.trim() ?? '';
    if (description === '' && productCode === '' && quantityText === '' && priceText === '') continue;
    const quantity = Number(quantityText);
    const priceCents = parseDecimalToCents(priceText);
    if (
      description === '' ||
      !/^\d{1,6}$/.test(quantityText) ||
      quantity < 1 ||
      priceCents === null ||
      priceCents < 0
    ) {
      return { ok: false, message: LinkOptionsText.LineItemInvalid(index) };
    }
    items.push({
      description,
      ...(productCode === '' ? {} : { productCode }),
      quantity,
      unitPrice: formatCentsAsDecimal(priceCents),
    });
  }
  return { ok: true, items };
}

// What the payment keeps of the link's options (transactions.meta.linkOptions).
export type LinkOptionsRecord = {
  tip?: string;
  optIn?: boolean;
  shippingAddress?: ShippingAddressInput;
  savedToVault?: boolean;
  levelTwo?: LevelTwoData;
  levelThree?: { lineItems: LineItem[] };
};

export const LinkOptionsErrorCode = {
  NotOffered: 'LINK_OPTION_NOT_OFFERED',
  Invalid: 'LINK_OPTION_INVALID',
} as const;

import * as z from 'zod/mini';

// The payment frame's parameters: /app/responsive-iframe/payment?params={base64 JSON}&sig={signature}
// (the payment link settings, page design, virtual terminal configuration and custom fields).
// zod/mini, not zod: this module is in the frame's own small bundle.
//
// Tamper protection (every producer of frame addresses follows it):
// - The params are built on the client (configurator, link builder, virtual terminal), but only the
//   server signs them: `sig` is HMAC-SHA256 over the exact `params` text, keyed by a sub-key of the
//   data key (apps/server/src/lib/payment-frame-signature.ts, signPaymentFrameParams). The server
//   signs when a terminal is saved (POST/PATCH /api/virtualterminalurl rewrites its url with `sig`),
//   when a link is shortened (GET /api/urls signs the params of the address it shortens) and on
//   POST /api/payment-frame/sign for a link builder's 'Get Link' / 'Open Payment Page'.
//   Use paymentFrameAddress(origin, params, sig) to build the address.
// - At charge time the server re-validates everything against the merchant's stored state anyway:
//   the publishable key names an active, unfrozen merchant; the method is one the merchant may take;
//   the amount has 2 decimals, is above zero and within the high-ticket limit. A valid `sig` makes the
//   signed amount binding (no free-form amount: the charge must be exactly `amount`).
// - Without a valid `sig` only a signed-in user holding Virtual Terminal on that merchant may charge
//   (the virtual terminal page); a payer gets 'This payment link is not valid.'.
// - Only the publishable key ever appears in params or addresses; a secret API key is refused.

export const paymentFrameSignatureQueryName = 'sig';
export const paymentFrameParamsQueryName = 'params';
// The product's /responsive-iframe/payment under the portal's /app base, like every product route;
// the bare public address redirects here.
export const paymentFramePath = '/app/responsive-iframe/payment';
// The message a framed payment page posts its parent with its height, { type, height } (a host fits
// the frame to it).
export const paymentFrameHeightMessageType = 'portico:height';
// The message the portal posts a frame it shows, { type, colorScheme }, when the portal's look changes
// (the user switches theme, or the device does while the user's choice is 'System'). The scheme goes in
// the params only once, when the frame is opened: a new address would reload the frame and lose the
// card data typed so far, so later changes travel by this message (payment-frame/frame-dom.ts).
export const paymentFrameColorSchemeMessageType = 'portico:color-scheme';
export const specPaymentFramePath = '/responsive-iframe/payment';

// Payment option enumerations; newpos, apple_pay and google_pay come from the permission table,
// pax from the list of payment options.
export const paymentOptions = [
  'credit_card',
  'bank',
  'crypto',
  'terminal',
  'cash',
  'swipe',
  'newpos',
  'pax',
  'apple_pay',
  'google_pay',
] as const;
export type PaymentOption = (typeof paymentOptions)[number];

export const paymentTypes = ['charge', 'subscription'] as const;
export const subscriptionIntervals = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export const contactFieldOptions = ['off', 'optional', 'required'] as const;
export const zipModes = ['off', 'optional', 'required'] as const;
export const customFieldTypes = ['text', 'checkbox', 'radio', 'dropdown', 'date'] as const;
// The frame's palettes; light is the default.
export const frameColorSchemes = ['light', 'dark'] as const;
export type FrameColorScheme = (typeof frameColorSchemes)[number];

const shortText = z.string().check(z.maxLength(200));
const longText = z.string().check(z.maxLength(5000));
const colour = z
  .string()
  .check(z.maxLength(40), z.regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([\d\s.,%]+\))$/));
const uuid = z
  .string()
  .check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/));
// A publishable key as issued: 'pk_live_' (an approved account) or 'pk_test_' (a sandbox account) and
// 256 random bits in base64url; the demo accounts carry UUIDs.
export const publishableKeyPattern =
  /^(pk_(live|test)_[A-Za-z0-9_-]{43}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
const publishableKey = z.string().check(z.regex(publishableKeyPattern));
// A decimal amount as typed: the charge path parses it to cents with contracts money helpers.
const decimalAmount = z.string().check(z.maxLength(20), z.regex(/^\d{1,13}(\.\d{1,2})?$/));
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
// An instant with its offset (2027-03-01T17:00:00.000Z, 2027-03-01T12:00:00-05:00).
const isoInstant = z.iso.datetime({ offset: true });

const appearance = z.enum(['default', 'custom']);

// The page design: input, payment method and submit button styles.
export const pageDesignSchema = z.strictObject({
  inputStyle: z.optional(
    z.strictObject({
      appearance: z.optional(appearance),
      mode: z.optional(z.enum(['simple', 'boxed'])),
      focusBorderColor: z.optional(colour),
    }),
  ),
  paymentMethodStyle: z.optional(
    z.strictObject({
      appearance: z.optional(appearance),
      selectedBackgroundColor: z.optional(colour),
      selectedTextColor: z.optional(colour),
      selectedBorderColor: z.optional(colour),
      hoverBackgroundColor: z.optional(colour),
      hoverTextColor: z.optional(colour),
      hoverBorderColor: z.optional(colour),
      backgroundColor: z.optional(colour),
      textColor: z.optional(colour),
      borderColor: z.optional(colour),
    }),
  ),
  submitButtonStyle: z.optional(
    z.strictObject({
      appearance: z.optional(appearance),
      backgroundColor: z.optional(colour),
      textColor: z.optional(colour),
      hoverBackgroundColor: z.optional(colour),
      hoverTextColor: z.optional(colour),
    }),
  ),
});
export type PageDesign = z.infer<typeof pageDesignSchema>;

// A custom field (the editor's valid/message flags never travel).
export const frameCustomFieldSchema = z.strictObject({
  id: z.optional(shortText),
  name: shortText,
  type: z.enum(customFieldTypes),
  values: z.optional(z.array(shortText).check(z.maxLength(100))),
  required: z.optional(z.boolean()),
  requireForGuest: z.optional(z.boolean()),
});
export type FrameCustomField = z.infer<typeof frameCustomFieldSchema>;

// One schema for every producer: the virtual terminal configuration's keys and the
// payment link settings' keys. Strict: an unknown key is a tampered or broken link.
export const paymentFrameParamsSchema = z.strictObject({
  // The merchant, by its publishable key only.
  publishableKey,
  // Virtual terminal configuration.
  paymentOptions: z.optional(z.array(z.enum(paymentOptions)).check(z.maxLength(paymentOptions.length))),
  amount: z.optional(decimalAmount),
  freeFormAmount: z.optional(z.boolean()),
  showFeeValue: z.optional(z.boolean()),
  showBillingDetails: z.optional(z.boolean()),
  feeMessage: z.optional(longText),
  customerMessage: z.optional(longText),
  hasSubscriptionAccess: z.optional(z.boolean()),
  description: z.optional(longText),
  buttonTopPosition: z.optional(z.boolean()),
  showLocationsDropdown: z.optional(z.boolean()),
  showLogoUrl: z.optional(z.boolean()),
  customFields: z.optional(z.array(frameCustomFieldSchema).check(z.maxLength(50))),
  // The configured terminal (virtual_terminal_urls.id) the page stands for.
  terminalId: z.optional(uuid),
  // Set by the virtual terminal page and its basic fall-back frame.
  isVirtualTerminal: z.optional(z.boolean()),
  // Vault prefill (query customerId, paymentMethodId).
  customerId: z.optional(uuid),
  paymentMethodId: z.optional(uuid),
  // Payment link settings.
  paymentType: z.optional(z.enum(paymentTypes)),
  start: z.optional(isoDate),
  end: z.optional(isoDate),
  cycles: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
  frequency: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
  interval: z.optional(z.enum(subscriptionIntervals)),
  trial: z.optional(z.int().check(z.minimum(0), z.maximum(3650))),
  email: z.optional(shortText),
  emailOption: z.optional(z.enum(contactFieldOptions)),
  phoneOption: z.optional(z.enum(contactFieldOptions)),
  terminal: z.optional(shortText),
  allowTip: z.optional(z.boolean()),
  zipMode: z.optional(z.enum(zipModes)),
  fullName: z.optional(z.boolean()),
  billingAddress: z.optional(z.boolean()),
  address: z.optional(z.boolean()),
  optIn: z.optional(z.boolean()),
  showDescription: z.optional(z.boolean()),
  savePaymentToken: z.optional(z.boolean()),
  // 'always' or 'ask' (payment-frame/link-options.ts).
  saveMode: z.optional(z.enum(['always', 'ask'])),
  isLevelTwoDataEnabled: z.optional(z.boolean()),
  isLevelThreeDataEnabled: z.optional(z.boolean()),
  source: z.optional(shortText),
  // A one-time link's identity: a fresh UUID the server puts in the params when it signs a link
  // builder's one-time charge (payment-frame/link-terms.ts).
  linkId: z.optional(uuid),
  // The moment after which the signed link takes no payment (chosen in the link builder; absent: none).
  expiresAt: z.optional(isoInstant),
  // Sandbox links label their buttons TEST.
  isSandbox: z.optional(z.boolean()),
  styles: z.optional(pageDesignSchema),
  // The frame's palette, chosen by its host (the portal passes its own scheme to the frames it shows; a
  // merchant may choose it for a link). Absent is light, so a link made before the choice existed
  // decodes and looks as it did.
  colorScheme: z.optional(z.enum(frameColorSchemes)),
});
export type PaymentFrameParams = z.infer<typeof paymentFrameParamsSchema>;

// The params with a host's colour scheme. Light, the default, is left out rather than written, so a
// light frame's params stay the very text they were before the choice existed (and any signature over
// that text still holds). A signed link's scheme is signed with it: changing it needs a new signature.
export function withFrameColorScheme(
  params: PaymentFrameParams,
  colorScheme: FrameColorScheme,
): PaymentFrameParams {
  const { colorScheme: _previous, ...rest } = params;
  return colorScheme === 'dark' ? { ...rest, colorScheme } : rest;
}

// Base64 of the UTF-8 JSON. Browser and Node alike (no Buffer): the frame bundle uses it too.
export function encodePaymentFrameParams(params: PaymentFrameParams): string {
  const bytes = new TextEncoder().encode(JSON.stringify(params));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

// Largest params text accepted: a page design and 50 custom fields fit well within it.
export const maxEncodedParamsLength = 32_000;

export type DecodedParams = { ok: true; params: PaymentFrameParams } | { ok: false };

// Never throws: a broken or tampered link is { ok: false } and the frame says so.
export function decodePaymentFrameParams(encoded: string): DecodedParams {
  if (encoded.length === 0 || encoded.length > maxEncodedParamsLength) return { ok: false };
  try {
    // Accepts base64url too: a link may have passed through a URL-safe encoder.
    const standard = encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
    const binary = atob(standard);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const parsed = paymentFrameParamsSchema.safeParse(json);
    return parsed.success ? { ok: true, params: parsed.data } : { ok: false };
  } catch {
    return { ok: false };
  }
}

// The frame address; `sig` only when the server signed these exact params.
export function paymentFrameAddress(origin: string, encodedParams: string, sig?: string): string {
  const query = new URLSearchParams({ [paymentFrameParamsQueryName]: encodedParams });
  if (sig !== undefined) query.set(paymentFrameSignatureQueryName, sig);
  return `${origin.replace(/\/$/, '')}${paymentFramePath}?${query.toString()}`;
}

import { z } from 'zod';
import { customFieldAccessSchema } from '../access/rbac-admin';
import { successEnvelope } from '../common/envelope';
import { linkStates } from './link-terms';
import { maxEncodedParamsLength } from './params';
import { walletMethods } from './wallet';

// The payment frame's calls. The frame's bundle imports only the types of this file;
// the server validates with the schemas.

// POST /api/payment-frame/tokenize: the sandbox gateway's tokenisation call, the only call that
// carries a card number or CVV (or a bank account number). It answers the token, never the number.
export const tokenizeBody = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('card'),
    number: z.string().max(30),
    expMonth: z.string().max(4),
    expYear: z.string().max(4),
    cvv: z.string().max(4),
  }),
  z.strictObject({
    kind: z.literal('bank'),
    routingNumber: z.string().max(20),
    accountNumber: z.string().max(30),
    accountType: z.enum(['checking', 'savings']),
  }),
  // The card reader field: the number and expiry the browser read from the stripe (swipe.ts); never
  // the track text. A swiped card has no CVV.
  z.strictObject({
    kind: z.literal('swipe'),
    number: z.string().max(30),
    expMonth: z.string().max(4),
    expYear: z.string().max(4),
  }),
  // The sandbox wallet sheet (wallet.ts): the wallet and the test card the payer confirmed.
  z.strictObject({
    kind: z.literal('wallet'),
    wallet: z.enum(walletMethods),
    issuer: z.enum(['VISA', 'MC']),
  }),
]);
export type TokenizeBody = z.infer<typeof tokenizeBody>;

export const paymentTokenSchema = z.object({
  token: z.string(),
  issuer: z.enum(['VISA', 'MC', 'DISC', 'AMEX', 'BANK']),
  last4: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
});
export type PaymentTokenView = z.infer<typeof paymentTokenSchema>;
export const tokenizeResponse = successEnvelope(paymentTokenSchema);

// swipe, apple_pay and google_pay take the token of their own /tokenize kind (swipe, wallet).
export const chargeMethods = [
  'credit_card',
  'bank',
  'cash',
  'saved',
  'swipe',
  'apple_pay',
  'google_pay',
  // A linked device (terminal_id): the card is read and charged on the device.
  'newpos',
  'pax',
  'terminal',
] as const;
export type ChargeMethod = (typeof chargeMethods)[number];

// POST /api/payment-frame/charge (Idempotency-Key header). Amounts travel as the payer typed them:
// the server gives the payer the exact reason a bad one is refused.
export const chargeBody = z.strictObject({
  params: z.string().max(maxEncodedParamsLength),
  sig: z.string().max(100).optional(),
  amount: z.string().max(30),
  method: z.enum(chargeMethods),
  // credit_card, bank, swipe and the wallets: the token of /tokenize.
  token: z.string().max(1000).optional(),
  zip: z.string().max(10).optional(),
  // saved: a method of the params' vault customer.
  paymentMethodId: z.uuid().optional(),
  // newpos, pax, terminal: the merchant's own open linked terminal (virtual_terminal.devices).
  terminal_id: z.uuid().optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(40).optional(),
  // billingAddress / showBillingDetails (billing-address.ts).
  billingAddress: z
    .strictObject({
      line1: z.string().max(200).optional(),
      city: z.string().max(100).optional(),
      state: z.string().max(100).optional(),
      postalCode: z.string().max(20).optional(),
    })
    .optional(),
  customFields: z.record(z.string().max(200), z.union([z.string().max(1000), z.boolean()])).optional(),
  // The link's options (link-options.ts), each refused where the link does not offer it.
  // allowTip: the tip as typed, added to the total charged.
  tip: z.string().max(30).optional(),
  // optIn: the payer's answer to the opt-in checkbox.
  optIn: z.boolean().optional(),
  // address: the shipping address.
  shippingAddress: z
    .strictObject({
      line1: z.string().max(200).optional(),
      city: z.string().max(100).optional(),
      state: z.string().max(100).optional(),
      postalCode: z.string().max(20).optional(),
    })
    .optional(),
  // savePaymentToken with saveMode 'ask': the payer ticked 'Save this card'.
  saveCard: z.boolean().optional(),
  // isLevelTwoDataEnabled / isLevelThreeDataEnabled: purchase data kept with the payment.
  levelTwo: z
    .strictObject({ poNumber: z.string().max(50).optional(), taxAmount: z.string().max(30).optional() })
    .optional(),
  lineItems: z
    .array(
      z.strictObject({
        description: z.string().max(200).optional(),
        productCode: z.string().max(50).optional(),
        quantity: z.string().max(10).optional(),
        unitPrice: z.string().max(30).optional(),
      }),
    )
    .max(50)
    .optional(),
  // showLocationsDropdown: the merchant's sub-location the payment is for.
  locationId: z.uuid().optional(),
});
export type ChargeBody = z.infer<typeof chargeBody>;

export const chargeResultSchema = z.object({
  id: z.uuid(),
  // The total charged: the amount plus the fee passed on (fee.ts).
  amount: z.string(),
  fee: z.string(),
  // The tip inside the total; absent when none was given.
  tip: z.string().optional(),
  status: z.string(),
  message: z.string(),
  issuer: z.string().nullable(),
  last4: z.string().nullable(),
  created_at: z.string(),
});
export type ChargeResult = z.infer<typeof chargeResultSchema>;
export const chargeResponse = successEnvelope(chargeResultSchema);

// GET /api/payment-frame/merchant?key={publishable key}: what the frame shows of the merchant and
// which methods it can take. A secret key is refused.
// params and sig: the frame's own, so the merchant's locations are listed only where the signed
// params (or a virtual terminal user) ask for the dropdown.
export const frameMerchantQuery = z.object({
  key: z.string().max(100),
  params: z.string().max(maxEncodedParamsLength).optional(),
  sig: z.string().max(100).optional(),
});
// GET /api/payment-frame/logo?key={publishable key}: the merchant's logo image (PNG or JPEG), else
// its parent's; 404 when neither has one. Public and read-only: nothing but the image.
export const frameLogoQuery = z.object({ key: z.string().max(100) });
export const frameLocationSchema = z.object({ id: z.uuid(), name: z.string() });
export type FrameLocation = z.infer<typeof frameLocationSchema>;
export const frameMerchantSchema = z.object({
  name: z.string(),
  can_take_card: z.boolean(),
  can_take_ach: z.boolean(),
  high_ticket: z.string().nullable(),
  // The pricing strings the merchant passes on to the payer per method (card_p2c, ach_p2c),
  // null where it does not; the frame shows the fee before paying when showFeeValue is set.
  passed_on_rates: z.object({ credit_card: z.string().nullable(), bank: z.string().nullable() }),
  // showLocationsDropdown: the sub-locations the payer may choose (empty: no dropdown).
  locations: z.array(frameLocationSchema),
  // The signed link's own state (payment-frame/link-terms.ts): a paid one-time link or an expired
  // link shows its message instead of the form; absent: open.
  link_state: z.enum(linkStates).optional(),
  // The white label of the merchant's hierarchy: the frame's accent and its 'Payments by' line;
  // absent or null: Portico's look.
  brand: z.object({ entity_name: z.string(), color: z.string().nullable() }).nullable().optional(),
  // A signed-in user with Virtual Terminal on the merchant: what they may take.
  virtual_terminal: z
    .object({
      payment_options: z.array(z.string()),
      omit_zip: z.boolean(),
      // The role's custom-field access per terminal id (applyCustomFieldAccess); null
      // where roles do not restrict: every field as the terminal configures it.
      custom_field_access: customFieldAccessSchema.nullable(),
      // A user tied to locations of this merchant must choose one of them (locations lists them);
      // absent: false.
      location_required: z.boolean().optional(),
      // The merchant's open linked terminals the user may pay on (newpos, pax, terminal); absent: none.
      devices: z
        .array(
          z.object({
            id: z.uuid(),
            name: z.string().nullable(),
            lane_id: z.string(),
            terminal_type: z.enum(['PAX', 'NEWPOS', 'Dejavoo']),
          }),
        )
        .optional(),
    })
    .nullable(),
});
export type FrameMerchant = z.infer<typeof frameMerchantSchema>;
export const frameMerchantResponse = successEnvelope(frameMerchantSchema);

// POST /api/payment-frame/sign (bearer: the merchant's publishable key is in the params; the caller
// is a signed-in user with Virtual Terminal on it): the signature of params (see params.ts).
export const signBody = z.strictObject({ params: z.string().max(maxEncodedParamsLength) });
// url: the frame's path with params and sig, without origin.
export const signResponse = successEnvelope(z.object({ sig: z.string(), url: z.string() }));

// What the payment frame and the charge path tell a payer (the product's texts for the outcome;
// the others are ours, each naming what to fix). No zod here: the frame bundle imports this file.

export const PaymentFrameText = {
  // The white label of the merchant's hierarchy, under the merchant's name.
  paymentsBy: (entityName: string) => `Payments by ${entityName}`,
  // The product's texts.
  PaymentSuccessful: 'Payment was successful.',
  PaymentFailed: 'Payment failed.',
  PaymentFailedToProcess: 'Payment failed to process. Please try again.',
  FieldRequired: 'Field is required',
  AmountNotValid: 'Amount is not valid',
  NoPaymentMethodPermissions: 'User does not have permissions to use any payment methods.',
  // Ours.
  InvalidLink: 'This payment link is not valid. Please ask the merchant for a new one.',
  SecretKeyInAddress:
    'This address carries a secret API key. Payment links must carry only the publishable key; ask the merchant to rotate the secret key.',
  AmountTooManyDecimals: 'Amount can have at most 2 decimals.',
  AmountNotPositive: 'Amount must be greater than zero.',
  AmountOverLimit: "Amount is over this merchant's limit for one payment.",
  AmountMustMatchLink: 'Amount must be the amount of this payment link.',
  CardNumberNotValid: 'The card number is not valid.',
  SandboxCardOnly: 'This is a sandbox merchant: use a test card number (test card numbers begin with 1).',
  CardExpired: 'The card has expired.',
  ExpiryNotValid: 'The expiry date is not valid.',
  CvvNotValid: 'The security code is not valid.',
  ZipRequired: 'Billing ZIP code is required.',
  CardTokenNotValid: 'The card details have expired. Please enter them again.',
  RoutingNumberNotValid: 'The routing number is not valid.',
  AccountNumberNotValid: 'The account number is not valid.',
  MethodNotAvailable: 'This payment method is not available.',
  SavedMethodNotFound: 'The saved payment method was not found.',
  // A frozen or disabled merchant, in the same words: the payer is never told the risk state.
  MerchantCannotTakePayments: 'This merchant cannot take payments right now.',
  CustomFieldRequired: (name: string) => `${name} is required`,
  // Portico's own text: a location the merchant does not have, or one the user is not tied to.
  LocationNotValid: 'The chosen location is not valid.',
  // Portico's own text: a virtual terminal user tied to locations of the merchant chose none.
  LocationRequired: 'Please select one of your locations.',
  LogoNotFound: 'This merchant has no logo.',
  // Ours: the card reader field and the sandbox wallet sheet.
  SwipeNotRead: 'The card could not be read. Please swipe it again.',
  SwipeFirst: 'Swipe the card first.',
  WalletCancelled: 'The wallet payment was cancelled.',
} as const;

export const PaymentFrameErrorCode = {
  InvalidLink: 'PAYMENT_LINK_INVALID',
  SecretKeyInAddress: 'SECRET_KEY_IN_ADDRESS',
  AmountInvalid: 'AMOUNT_INVALID',
  CardInvalid: 'CARD_INVALID',
  BankInvalid: 'BANK_ACCOUNT_INVALID',
  MethodNotAvailable: 'PAYMENT_METHOD_NOT_AVAILABLE',
  MerchantCannotTakePayments: 'MERCHANT_CANNOT_TAKE_PAYMENTS',
  Declined: 'PAYMENT_DECLINED',
  ProcessorUnavailable: 'PROCESSOR_UNAVAILABLE',
  CustomFieldRequired: 'CUSTOM_FIELD_REQUIRED',
  LocationNotValid: 'LOCATION_NOT_VALID',
  LocationRequired: 'LOCATION_REQUIRED',
  LogoNotFound: 'LOGO_NOT_FOUND',
} as const;

import { LinkOptionsErrorCode } from '@portico/contracts/payment-frame/link-options';
import { LinkTermsErrorCode } from '@portico/contracts/payment-frame/link-terms';
import { PaymentFrameErrorCode } from '@portico/contracts/payment-frame/texts';
import { defineErrors } from '../../lib/app-error';

// The payment frame's errors: the frame shows each with the product's text.
export const ChargeError = defineErrors({
  InvalidLink: [PaymentFrameErrorCode.InvalidLink, 'validation'],
  SecretKeyInAddress: [PaymentFrameErrorCode.SecretKeyInAddress, 'validation'],
  AmountInvalid: [PaymentFrameErrorCode.AmountInvalid, 'validation'],
  CardInvalid: [PaymentFrameErrorCode.CardInvalid, 'validation'],
  BankInvalid: [PaymentFrameErrorCode.BankInvalid, 'validation'],
  MethodNotAvailable: [PaymentFrameErrorCode.MethodNotAvailable, 'business_rule'],
  CustomFieldRequired: [PaymentFrameErrorCode.CustomFieldRequired, 'validation'],
  MerchantCannotTakePayments: [PaymentFrameErrorCode.MerchantCannotTakePayments, 'business_rule'],
  Declined: [PaymentFrameErrorCode.Declined, 'business_rule'],
  ProcessorUnavailable: [PaymentFrameErrorCode.ProcessorUnavailable, 'unavailable'],
  LocationNotValid: [PaymentFrameErrorCode.LocationNotValid, 'validation'],
  LocationRequired: [PaymentFrameErrorCode.LocationRequired, 'validation'],
  LogoNotFound: [PaymentFrameErrorCode.LogoNotFound, 'not_found'],
  LinkAlreadyPaid: [LinkTermsErrorCode.AlreadyPaid, 'conflict'],
  LinkPaymentInProgress: [LinkTermsErrorCode.PaymentInProgress, 'conflict'],
  LinkExpired: [LinkTermsErrorCode.Expired, 'business_rule'],
  LinkOptionNotOffered: [LinkOptionsErrorCode.NotOffered, 'business_rule'],
  LinkOptionInvalid: [LinkOptionsErrorCode.Invalid, 'validation'],
});

import { Permission, type PermissionName } from '../access/permission-names';
import type { PaymentOption } from './params';

// Spec 3 §6: on the virtual terminal a payment option is kept only when its permission is held on the
// merchant. Options the spec names no permission for (crypto, terminal) are kept as configured.
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

// What the virtual terminal offers when its configuration names none (the basic frame, spec 3 §8).
export const basicPaymentOptions: readonly PaymentOption[] = ['credit_card', 'bank', 'cash'];

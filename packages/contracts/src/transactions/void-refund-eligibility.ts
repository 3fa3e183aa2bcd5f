import { Permission, type PermissionName } from '../access/permission-names';
import { isSameEasternCalendarDay } from './eastern-time';
import { isFailedPayment } from './gross-net';
import {
  type PaymentRail,
  type PaymentStatusValue,
  paymentRailOfTransactionType,
  type TransactionType,
  undoTransactionTypes,
} from './transaction-enums';

// Void and refund eligibility. The browser uses it to show the Void and Refund actions,
// the server to refuse POST /api/void and /api/refund with the same answer.

export type VoidRefundCandidate = {
  type: TransactionType;
  paymentStatus: PaymentStatusValue;
  requestStatus: boolean;
  createdAt: Date;
  // A cardholder opened a dispute on it: the money is with the card network now.
  isDisputed?: boolean;
};

// What the caller may do on the transaction's merchant. hasMerchantLevelPermissions false: the
// merchant does not restrict by permissions (RBAC off: every permission check passes
// when role-based access is not enabled), or the caller is staff who bypass them. An empty granted set
// with hasMerchantLevelPermissions true is a role that grants nothing: no free refund there.
export type MerchantPermissionGrants =
  | { hasMerchantLevelPermissions: false }
  | { hasMerchantLevelPermissions: true; granted: ReadonlySet<PermissionName> };

export const voidRefundRefusals = [
  // "payment status is not false"
  'payment_failed',
  // "request_status is true"
  'request_failed',
  // "type is not already void, refund, ach_refund, credit, blind_refund or reversal"
  'already_an_undo',
  // A dispute is open or was decided on it: its money is settled through the dispute, never refunded.
  'disputed',
  // A batch-close record: no card, ACH or cash rights apply to it.
  'not_a_payment',
  // "Void is allowed only while the transaction is on the same Eastern-time calendar day as now."
  'void_window_passed',
  // "Refund is shown only when the transaction is not voidable."
  'still_voidable',
  'missing_permission',
] as const;
export type VoidRefundRefusal = (typeof voidRefundRefusals)[number];

const undoTypes: ReadonlySet<TransactionType> = new Set(undoTransactionTypes);

// The clauses void and refund share.
export function basicVoidRefundRefusal(transaction: VoidRefundCandidate): VoidRefundRefusal | null {
  if (isFailedPayment(transaction.paymentStatus)) return 'payment_failed';
  if (transaction.requestStatus !== true) return 'request_failed';
  if (undoTypes.has(transaction.type)) return 'already_an_undo';
  if (transaction.isDisputed === true) return 'disputed';
  if (paymentRailOfTransactionType(transaction.type) === null) return 'not_a_payment';
  return null;
}

export function isWithinVoidWindow(createdAt: Date, now: Date): boolean {
  return isSameEasternCalendarDay(createdAt, now);
}

// "Voidable" is the transaction's state, whoever looks at it: a same-day transaction is settled by
// voiding, never by refunding, even for a user without void rights.
export function isTransactionVoidable(transaction: VoidRefundCandidate, now: Date): boolean {
  return basicVoidRefundRefusal(transaction) === null && isWithinVoidWindow(transaction.createdAt, now);
}

// "Void needs the void permission, with card or ACH void rights on that merchant according to type.
// Cash follows the card rights." Both names are needed.
const voidPermissionsByRail: Record<PaymentRail, readonly PermissionName[]> = {
  card: [Permission.TransactionVoid, Permission.VoidCard],
  ach: [Permission.TransactionVoid, Permission.VoidAch],
  cash: [Permission.TransactionVoid, Permission.VoidCard],
};

// "It needs a refund permission on that merchant according to type": the refund right of the rail.
// 'Refund' and 'Credit (ACH Refund)' are the charge-side operations, not these rights.
const refundPermissionsByRail: Record<PaymentRail, readonly PermissionName[]> = {
  card: [Permission.RefundCard],
  ach: [Permission.RefundAch],
  cash: [Permission.RefundCard],
};

// [] for a type that cannot be voided at all.
export function permissionsRequiredToVoid(type: TransactionType): readonly PermissionName[] {
  const rail = paymentRailOfTransactionType(type);
  return rail === null ? [] : voidPermissionsByRail[rail];
}

export function permissionsRequiredToRefund(type: TransactionType): readonly PermissionName[] {
  const rail = paymentRailOfTransactionType(type);
  return rail === null ? [] : refundPermissionsByRail[rail];
}

export function missingPermissions(
  required: readonly PermissionName[],
  grants: MerchantPermissionGrants,
): PermissionName[] {
  if (!grants.hasMerchantLevelPermissions) return [];
  return required.filter((name) => !grants.granted.has(name));
}

export function voidRefusalReason(
  transaction: VoidRefundCandidate,
  now: Date,
  grants: MerchantPermissionGrants,
): VoidRefundRefusal | null {
  const basic = basicVoidRefundRefusal(transaction);
  if (basic !== null) return basic;
  if (!isWithinVoidWindow(transaction.createdAt, now)) return 'void_window_passed';
  if (missingPermissions(permissionsRequiredToVoid(transaction.type), grants).length > 0)
    return 'missing_permission';
  return null;
}

// "If the merchant has no merchant-level permissions, refund is offered freely once the void window
// has passed": missingPermissions answers [] for such a merchant.
export function refundRefusalReason(
  transaction: VoidRefundCandidate,
  now: Date,
  grants: MerchantPermissionGrants,
): VoidRefundRefusal | null {
  const basic = basicVoidRefundRefusal(transaction);
  if (basic !== null) return basic;
  if (isWithinVoidWindow(transaction.createdAt, now)) return 'still_voidable';
  if (missingPermissions(permissionsRequiredToRefund(transaction.type), grants).length > 0) {
    return 'missing_permission';
  }
  return null;
}

export function canVoidTransaction(
  transaction: VoidRefundCandidate,
  now: Date,
  grants: MerchantPermissionGrants,
): boolean {
  return voidRefusalReason(transaction, now, grants) === null;
}

export function canRefundTransaction(
  transaction: VoidRefundCandidate,
  now: Date,
  grants: MerchantPermissionGrants,
): boolean {
  return refundRefusalReason(transaction, now, grants) === null;
}

// A same-day payment the caller could refund once its day has closed: the detail says when Refund
// becomes available instead of leaving it unexplained.
export function refundOpensAfterVoidWindow(
  transaction: VoidRefundCandidate,
  now: Date,
  grants: MerchantPermissionGrants,
): boolean {
  return (
    refundRefusalReason(transaction, now, grants) === 'still_voidable' &&
    missingPermissions(permissionsRequiredToRefund(transaction.type), grants).length === 0
  );
}

import { formatCentsAsDecimal, parseDecimalToCents } from '@portico/contracts/money/money';
import { unreadableLastFour } from '@portico/contracts/transactions/last-four';
import { type Receipt, receiptAddressLines } from '@portico/contracts/transactions/receipt';
import { TestPaymentText } from '@portico/contracts/transactions/transaction';
import { formatDateTime } from '../../../lib/time-zone/date-time-format';

export type ReceiptLine = { label: string; value: string };

const none = '—';

// '1234.5' style text to '$1,234.50'; string and integer work only (no float arithmetic on money).
export function formatReceiptAmount(amount: string): string {
  const cents = parseDecimalToCents(amount);
  if (cents === null) return amount;
  const decimal = formatCentsAsDecimal(cents);
  const isNegative = decimal.startsWith('-');
  const [whole = '0', fraction = '00'] = (isNegative ? decimal.slice(1) : decimal).split('.');
  return `${isNegative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

// 'ach_refund' -> 'ACH Refund', with the action beside it when the gateway named one.
export function receiptTypeText(receipt: Pick<Receipt, 'type' | 'action'>): string {
  const label = receipt.type
    .split('_')
    .map((word) =>
      word === 'ach' || word === 'cc' ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
  const action = receipt.action?.trim();
  return action && action.toLowerCase() !== receipt.type ? `${label} (${action})` : label;
}

export function receiptCardText(receipt: Pick<Receipt, 'card_brand' | 'last4'>): string {
  if (receipt.last4 === unreadableLastFour) return receipt.card_brand ?? unreadableLastFour;
  return [receipt.card_brand, `•••• ${receipt.last4}`].filter(Boolean).join(' ');
}

// The lines under the amount, in print order; a healthcare template speaks of patients.
export function receiptLines(receipt: Receipt, timeZone: string): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    ...(receipt.is_test ? [{ label: 'Mode', value: TestPaymentText.Description }] : []),
    { label: 'Date', value: formatDateTime(receipt.created_at, timeZone) },
    { label: 'Type', value: receiptTypeText(receipt) },
    { label: 'Card', value: receiptCardText(receipt) },
    { label: 'Auth Code', value: receipt.auth_code ?? none },
    { label: 'Status', value: receipt.status ?? none },
    { label: 'Transaction ID', value: receipt.id },
  ];
  if (receipt.original_transaction_id) {
    lines.push({ label: 'Original Transaction', value: receipt.original_transaction_id });
  }
  if (receipt.customer_name) {
    lines.push({
      label: receipt.template === 'healthcare' ? 'Patient' : 'Customer',
      value: receipt.customer_name,
    });
  }
  if (receipt.location) lines.push({ label: 'Location', value: receipt.location });
  // A payment link's tip is inside the amount; the shipping address is where the goods go.
  if (receipt.tip !== undefined) lines.push({ label: 'Tip', value: formatReceiptAmount(receipt.tip) });
  if (receipt.shipping_address !== undefined) {
    lines.push({ label: 'Ship To', value: receipt.shipping_address.join(', ') });
  }
  if (receipt.surcharge !== undefined) {
    lines.push({ label: 'Surcharge', value: formatReceiptAmount(receipt.surcharge) });
  }
  return lines;
}

export function merchantAddressLines(receipt: Receipt): string[] {
  return [
    ...receiptAddressLines(receipt.merchant),
    ...(receipt.merchant.phone ? [receipt.merchant.phone] : []),
  ];
}

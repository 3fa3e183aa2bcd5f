import { formatCentsAsMoney } from '@portico/contracts/money/money';
import { shippingAddressLines } from '@portico/contracts/payment-frame/link-options';
import {
  centsOfMoneyText,
  type LinkOptionsRecordView,
  lastFourDigitsOfWireTransaction,
  TestPaymentText,
} from '@portico/contracts/transactions/transaction';
import { transactionTypeLabel } from '@portico/contracts/transactions/transaction-labels';
import {
  customFieldText,
  grossAmountOf,
  netAmountOf,
  paymentStatusText,
  signedAmountOf,
  type TransactionSubject,
  transactionStateText,
} from './transaction-view.utils';

// The detail viewer's sections: the transaction, its customer (meta
// fields and custom fields), its location with the location's custom fields, the settlement, and the
// Advanced Details that need REPORTS_ADVANCED.

export type DetailField = { label: string; value: string };
export type DetailSection = { title: string; fields: DetailField[] };

const none = '—';

// '-1234.5' style text to '-$1,234.50' (contracts formatCentsAsMoney).
export function formatMoneyText(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) return none;
  return formatCentsAsMoney(centsOfMoneyText(amount));
}

function textOr(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? none : value;
}

function customFieldsOf(fields: Record<string, unknown> | undefined): DetailField[] {
  return Object.entries(fields ?? {})
    .map(([label, value]) => ({ label, value: customFieldText(value) }))
    .filter((field) => field.value.trim() !== '');
}

// What the payer gave on a payment link's options: tip, opt-in, shipping address, the card saved,
// and level 2 / level 3 purchase data. null when the payment has none.
function paymentLinkSection(options: LinkOptionsRecordView | undefined): DetailSection | null {
  if (!options) return null;
  const fields: DetailField[] = [];
  if (options.tip !== undefined) fields.push({ label: 'Tip', value: formatMoneyText(options.tip) });
  if (options.optIn !== undefined) fields.push({ label: 'Opted In', value: options.optIn ? 'Yes' : 'No' });
  if (options.shippingAddress) {
    fields.push({
      label: 'Shipping Address',
      value: shippingAddressLines(options.shippingAddress).join(', '),
    });
  }
  if (options.savedToVault) fields.push({ label: 'Card Saved', value: 'Saved to the customer vault' });
  if (options.levelTwo?.poNumber) fields.push({ label: 'PO Number', value: options.levelTwo.poNumber });
  if (options.levelTwo?.taxAmount !== undefined) {
    fields.push({ label: 'Tax Amount', value: formatMoneyText(options.levelTwo.taxAmount) });
  }
  options.levelThree?.lineItems.forEach((item, index) => {
    const code = item.productCode ? ` (${item.productCode})` : '';
    fields.push({
      label: `Line Item ${index + 1}`,
      value: `${item.description}${code}: ${item.quantity} × ${formatMoneyText(item.unitPrice)}`,
    });
  });
  return fields.length === 0 ? null : { title: 'Payment Link', fields };
}

export type DetailOptions = {
  canSeeAdvancedFields: boolean;
  formatDateTime: (iso: string) => string;
};

export function transactionDetailSections(
  { transaction, merchantName, parentName }: TransactionSubject,
  { canSeeAdvancedFields, formatDateTime }: DetailOptions,
): DetailSection[] {
  const meta = transaction.data.api_response?.meta;
  const location = transaction.data.api_response?.sub_location;
  const sections: DetailSection[] = [
    {
      title: 'Transaction',
      fields: [
        { label: 'Transaction ID', value: transaction.id },
        ...(transaction.is_test === true ? [{ label: 'Mode', value: TestPaymentText.Description }] : []),
        { label: 'Date', value: formatDateTime(transaction.created_at) },
        { label: 'Merchant', value: textOr(merchantName) },
        { label: 'Parent', value: textOr(parentName) },
        { label: 'Amount', value: formatMoneyText(signedAmountOf(transaction)) },
        { label: 'Type', value: transactionTypeLabel(transaction.type) },
        { label: 'Action', value: textOr(transaction.action) },
        { label: 'Status', value: transactionStateText(transaction) },
        { label: 'Payment Status', value: paymentStatusText(transaction) },
        { label: 'Card Brand', value: textOr(transaction.card_brand) },
        { label: 'Card Type', value: textOr(transaction.card_type) },
        { label: 'Last 4', value: lastFourDigitsOfWireTransaction(transaction) },
      ],
    },
    {
      title: 'Customer',
      fields: [
        { label: 'First Name', value: textOr(meta?.firstName) },
        { label: 'Last Name', value: textOr(meta?.lastName) },
        { label: 'Email', value: textOr(meta?.email) },
        ...customFieldsOf(meta?.customFields),
      ],
    },
  ];
  const payment = paymentLinkSection(meta?.linkOptions);
  if (payment) sections.push(payment);
  if (location) {
    sections.push({
      title: 'Location',
      fields: [
        { label: 'Sub-location', value: textOr(location.name) },
        ...customFieldsOf(location.custom_fields),
      ],
    });
  }
  sections.push({
    title: 'Settlement',
    fields: transaction.settlement
      ? [
          { label: 'Settlement Amount', value: formatMoneyText(transaction.settlement.amount) },
          { label: 'Settlement Date', value: transaction.settlement.date },
        ]
      : [{ label: 'Settlement', value: 'Not settled' }],
  });
  if (canSeeAdvancedFields) {
    sections.push({
      title: 'Advanced Details',
      fields: [
        { label: 'Fee', value: formatMoneyText(transaction.fee) },
        { label: 'Surcharge', value: formatMoneyText(transaction.surcharge) },
        { label: 'Gross Amount', value: formatMoneyText(grossAmountOf(transaction)) },
        { label: 'Net Amount', value: formatMoneyText(netAmountOf(transaction)) },
        { label: 'Action Mode', value: textOr(transaction.action_mode) },
        { label: 'Request Status', value: transaction.request_status ? 'Success' : 'Failed' },
        { label: 'ProPay Status', value: textOr(transaction.pro_pay_status) },
      ],
    });
  }
  return sections;
}

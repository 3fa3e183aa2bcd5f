import { portalBasePath } from '@portico/contracts/access/routes';
import { formatCentsAsMoney, parseDecimalToCents } from '@portico/contracts/money/decimal';
import type { ChargeResult } from '@portico/contracts/payment-frame/charge';
import { el } from './frame-dom';

// An approved payment as the frame shows it: the amount charged with its currency, the card (brand
// and last four, never more), the transaction id and, on the virtual terminal, a link to the receipt
// (the receipt page is the portal's, for its signed-in users; a payer on a link has no portal
// session to open it with).

export const ApprovalText = {
  Amount: 'Amount',
  Tip: 'Tip included',
  Card: 'Card',
  BankAccount: 'Bank account',
  TransactionId: 'Transaction ID',
  ViewReceipt: 'View receipt',
} as const;

const brandNames: Record<string, string> = {
  VISA: 'Visa',
  MC: 'Mastercard',
  DISC: 'Discover',
  AMEX: 'American Express',
};

export type ApprovalLine = { label: string; value: string };

// 'Visa •••• 1117', 'Bank account •••• 6789'; null when no card or account paid (cash).
function paidWithOf(result: Pick<ChargeResult, 'issuer' | 'last4'>): ApprovalLine | null {
  if (result.last4 === null) return null;
  const masked = `•••• ${result.last4}`;
  if (result.issuer === 'BANK') return { label: ApprovalText.BankAccount, value: masked };
  const brand = result.issuer === null ? null : (brandNames[result.issuer] ?? result.issuer);
  return { label: ApprovalText.Card, value: brand === null ? masked : `${brand} ${masked}` };
}

export function receiptAddressOf(transactionId: string): string {
  return `${portalBasePath}/receipt?${new URLSearchParams({ id: transactionId }).toString()}`;
}

function moneyOf(decimal: string): string {
  const cents = parseDecimalToCents(decimal);
  return cents === null ? decimal : formatCentsAsMoney(cents);
}

export function approvalLinesOf(result: ChargeResult): ApprovalLine[] {
  const amount = moneyOf(result.amount);
  const paidWith = paidWithOf(result);
  return [
    { label: ApprovalText.Amount, value: amount },
    ...(result.tip === undefined ? [] : [{ label: ApprovalText.Tip, value: moneyOf(result.tip) }]),
    ...(paidWith === null ? [] : [paidWith]),
    { label: ApprovalText.TransactionId, value: result.id },
  ];
}

export function showApproval(target: HTMLElement, result: ChargeResult, withReceipt: boolean): void {
  const lines = approvalLinesOf(result).flatMap((line) => [
    el('dt', {}, [line.label]),
    el('dd', {}, [line.value]),
  ]);
  const receipt = withReceipt
    ? [
        el('a', { href: receiptAddressOf(result.id), target: '_blank', rel: 'noopener' }, [
          ApprovalText.ViewReceipt,
        ]),
      ]
    : [];
  target.replaceChildren(
    el('div', { class: 'message success approval' }, [
      el('p', {}, [result.message]),
      el('dl', {}, lines),
      ...receipt,
    ]),
  );
}

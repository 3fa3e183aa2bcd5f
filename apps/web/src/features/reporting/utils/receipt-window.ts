import type { Receipt } from './transaction-detail.utils';

// The route table has no /receipt page (contracts access/routes.ts), so the receipt opens in a new
// tab of its own: an empty document of this origin, filled through the DOM (text only, so nothing in
// a transaction can become markup) and styled for print.

const receiptStyles = `
  body { font: 14px/1.5 system-ui, sans-serif; color: #111; margin: 0; padding: 32px; }
  main { max-width: 420px; margin: 0 auto; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .merchant { color: #555; margin: 0 0 16px; }
  .amount { font-size: 32px; font-weight: 700; margin: 16px 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { color: #555; }
  dd { margin: 0; overflow-wrap: anywhere; }
  button { margin-top: 24px; padding: 8px 16px; background: #000; color: #fff; border: 0; border-radius: 4px; }
  @media print { body { padding: 0; } button { display: none; } }
`;

export function writeReceiptDocument(doc: Document, receipt: Receipt, onPrint: () => void): void {
  doc.title = `${receipt.title} - ${receipt.merchantName}`;
  const style = doc.createElement('style');
  style.textContent = receiptStyles;
  doc.head.append(style);

  const main = doc.createElement('main');
  const heading = doc.createElement('h1');
  heading.textContent = receipt.title;
  const merchant = doc.createElement('p');
  merchant.className = 'merchant';
  merchant.textContent = receipt.merchantName;
  const amount = doc.createElement('p');
  amount.className = 'amount';
  amount.textContent = receipt.amount;
  const list = doc.createElement('dl');
  for (const line of receipt.lines) {
    const term = doc.createElement('dt');
    term.textContent = line.label;
    const value = doc.createElement('dd');
    value.textContent = line.value;
    list.append(term, value);
  }
  const print = doc.createElement('button');
  print.type = 'button';
  print.textContent = 'Print';
  // A listener from this page, not an inline handler: the CSP allows no inline script.
  print.addEventListener('click', onPrint);
  main.append(heading, merchant, amount, list, print);
  doc.body.replaceChildren(main);
}

// false: the browser blocked the new tab.
export function openReceiptWindow(receipt: Receipt): boolean {
  const receiptWindow = window.open('', '_blank');
  if (!receiptWindow) return false;
  writeReceiptDocument(receiptWindow.document, receipt, () => receiptWindow.print());
  // The receipt has no business with the portal's window.
  receiptWindow.opener = null;
  return true;
}

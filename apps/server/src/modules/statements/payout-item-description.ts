import { codeInWords } from '@portico/contracts/common/words';
import { actionModeSchema, transactionTypeSchema } from '@portico/contracts/transactions/transaction-enums';
import { actionModeLabels, transactionTypeLabels } from '@portico/contracts/transactions/transaction-labels';

// A settlement group's transaction as people name it: the method, the card's or account's last four and
// how the amount moved, in words ('VISA ending 1111 (terminal refund)').
export function describeItem(item: {
  type: string | null;
  card_brand: string | null;
  last4: string | null;
  action_mode: string | null;
}) {
  const method = item.type === 'check' ? 'ACH' : (item.card_brand ?? typeInWords(item.type));
  const ending = item.last4 ? ` ending ${item.last4}` : '';
  return `${method}${ending}${item.action_mode ? ` (${actionModeInWords(item.action_mode)})` : ''}`;
}

// 'terminal_refund' -> 'terminal refund': the payout's line says how the amount moved in words.
function actionModeInWords(mode: string): string {
  const known = actionModeSchema.safeParse(mode);
  return (known.success ? actionModeLabels[known.data] : codeInWords(mode)).toLowerCase();
}

function typeInWords(type: string | null): string {
  if (type === null) return 'Payment';
  const known = transactionTypeSchema.safeParse(type);
  return known.success ? transactionTypeLabels[known.data] : codeInWords(type);
}

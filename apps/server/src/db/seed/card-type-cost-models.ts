import type { processorCostModels } from '../schema/costing';

type CostModelRow = typeof processorCostModels.$inferInsert;

// Regulated debit interchange is far below credit: a debit row per card processor and brand, the
// 'any' row's other terms kept. Costing prefers a card type's row over the brand's 'any' row. AMEX
// issues no debit cards.
const debitInterchangeBps: Readonly<Record<string, string>> = { VISA: '80', MC: '85', DISC: '85' };

export function withDebitCostModels(rows: readonly CostModelRow[]): CostModelRow[] {
  const debit = rows.flatMap((row) => {
    const interchangeBps = debitInterchangeBps[row.cardBrand];
    const isAnyCardType = row.cardType === undefined || row.cardType === 'any';
    return interchangeBps && isAnyCardType ? [{ ...row, cardType: 'debit', interchangeBps }] : [];
  });
  return [...rows, ...debit];
}

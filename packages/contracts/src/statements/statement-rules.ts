import { formatScaledDecimal, parseScaledDecimal } from '../costing/cost-rules';
import {
  grossAmountCentsOfTransaction,
  isChargebackTransaction,
  isFailedPayment,
  isGrossAddition,
  isReturnedOrRejectedAchItem,
  netAmountCentsOfTransaction,
  type TransactionMoneyFacts,
} from '../transactions/gross-net';

// The books of the Statements page (statement rows, payouts), in integer cents. A
// transaction belongs to the statement of the UTC month it was made in and to the settlement group of
// its settlement day, processor and statement month. Signs: sales add; refunds, adjustments (returned
// ACH items, -25.00 each) and chargebacks (reversals) are negative; fees are kept positive in the lines
// and subtracted. The figures of a statement (statementFiguresOf) are each defined once:
//   gross = sales + refunds and voids + chargebacks and reversals + adjustments (the report's gross)
//   net = gross - per-transaction fees - item fees (the report's net)
//   net deposited = net - cash recorded = the month's payouts + what is pending
// The flat fees (PCI, regulatory) and monthly fees (monthly fee, monthly minimum shortfall) are billed
// on the statement, never withheld from a payout, so they are in no net.

export type StatementTransactionFacts = TransactionMoneyFacts & {
  // yyyy-mm-dd, UTC day the transaction was made.
  day: string;
  paymentMethod: string | null;
  cardBrand: string | null;
  processor: string | null;
  // yyyy-mm-dd, null while not settled (cash never is).
  settlementDate: string | null;
};

// What one transaction does to the books.
export type LedgerEffect = {
  salesCents: number;
  refundsCents: number;
  feesCents: number;
  adjustmentsCents: number;
  chargebacksCents: number;
  // A sale that paid a per-item fee (pricing '2.90+0.30' charges 0.30 on each).
  feeItems: number;
};

export function ledgerEffectOf(t: TransactionMoneyFacts): LedgerEffect {
  const gross = grossAmountCentsOfTransaction(t);
  const isAddition = isGrossAddition(t);
  const isReturned = isReturnedOrRejectedAchItem(t.proPayStatus);
  const isChargeback = !isReturned && t.actionMode === 'reversal';
  return {
    salesCents: isAddition ? gross : 0,
    refundsCents: !isAddition && !isReturned && !isChargeback ? gross : 0,
    // A sale's processing fee, and a chargeback's chargeback fee: both withheld.
    feesCents: isAddition || isChargebackTransaction(t) ? t.feeCents : 0,
    adjustmentsCents: isReturned ? gross : 0,
    chargebacksCents: isChargeback ? gross : 0,
    feeItems: isAddition && t.feeCents > 0 ? 1 : 0,
  };
}

// Whether the transaction is one of the statement's counted transactions (failed payments are not).
export function isCountedOnStatement(t: TransactionMoneyFacts): boolean {
  return isReturnedOrRejectedAchItem(t.proPayStatus) || !isFailedPayment(t.paymentStatus);
}

// The statement line a transaction is summed on: its card brand, ACH, Crypto or Cash.
export function statementLineTypeOf(paymentMethod: string | null, cardBrand: string | null): string {
  if (paymentMethod === 'check') return 'ACH';
  if (paymentMethod === 'crypto') return 'Crypto';
  if (paymentMethod === 'cash') return 'Cash';
  const brand = cardBrand?.trim().toUpperCase();
  return brand ? brand : 'Card';
}

// The account's pricing (client_pricing): rate strings and Schedule A fees in cents.
export type StatementPricing = {
  cardRate: string | null;
  achRate: string | null;
  cryptoRate: string | null;
  monthlyFeeCents: number | null;
  pciFeeCents: number | null;
  regFeeCents: number | null;
  monthlyMinCents: number | null;
};

export function pricingOfLineType(pricing: StatementPricing, lineType: string): string | null {
  if (lineType === 'ACH') return pricing.achRate;
  if (lineType === 'Crypto') return pricing.cryptoRate;
  if (lineType === 'Cash') return null;
  return pricing.cardRate;
}

// A pricing string: '2.90+0.30' (percent + dollars per item) or interchange-plus 'IC+10bps+5c'.
export type ParsedPricing =
  | { kind: 'flat'; percentMilliBps: number; itemCents: number }
  | { kind: 'interchange_plus'; markupMilliBps: number; itemCents: number };

export function parsePricingString(rate: string | null): ParsedPricing | null {
  if (rate === null) return null;
  const text = rate.trim();
  const flat = /^(\d+(?:\.\d+)?)%?\+\$?(\d+(?:\.\d+)?)$/.exec(text);
  if (flat?.[1] !== undefined && flat[2] !== undefined) {
    // Percent with 5 decimals is milli-basis-points (1 % = 100 bps = 100,000 milli-bps).
    const percentMilliBps = parseScaledDecimal(flat[1], 5);
    const itemCents = parseScaledDecimal(flat[2], 2);
    if (percentMilliBps === null || itemCents === null) return null;
    return { kind: 'flat', percentMilliBps, itemCents };
  }
  const icPlus = /^IC\+(\d+(?:\.\d+)?)bps\+(\d+)c$/i.exec(text);
  if (icPlus?.[1] !== undefined && icPlus[2] !== undefined) {
    const markupMilliBps = parseScaledDecimal(icPlus[1], 3);
    if (markupMilliBps === null) return null;
    return { kind: 'interchange_plus', markupMilliBps, itemCents: Number(icPlus[2]) };
  }
  return null;
}

// The fees of a line split into the per-item part (items × the pricing's item fee) and the rest
// (percentage, or interchange plus markup). The item part never exceeds what was charged.
export function splitLineFees(
  feesCents: number,
  feeItems: number,
  pricing: ParsedPricing | null,
): { itemFeeCents: number; rateFeeCents: number } {
  const itemFeeCents = Math.min(feesCents, feeItems * (pricing?.itemCents ?? 0));
  return { itemFeeCents, rateFeeCents: feesCents - itemFeeCents };
}

export type StatementLine = {
  type: string;
  pricing: string | null;
  transactionCount: number;
  grossCents: number;
  feesCents: number;
  flatFeeCents: number;
  itemFeeCents: number;
  netCents: number;
};

// Spec wording of the flat lines, in the order they are printed.
export const FlatFeeLineType = {
  MonthlyFee: 'Monthly Fee',
  PciFee: 'PCI Fee',
  RegulatoryFee: 'Regulatory Fee',
  MonthlyMinimum: 'Monthly Minimum',
} as const;

// Schedule A fees, and the shortfall when the month's processing fees stay under the monthly
// minimum (a month without processing fees owes the whole minimum). They are billed, not withheld
// from a payout: their lines carry the fee in Flat Fee and nothing in Net.
export function flatFeeLinesOf(pricing: StatementPricing, processingFeesCents: number): StatementLine[] {
  const shortfall = Math.max(0, (pricing.monthlyMinCents ?? 0) - processingFeesCents);
  const fees: [string, number][] = [
    [FlatFeeLineType.MonthlyFee, pricing.monthlyFeeCents ?? 0],
    [FlatFeeLineType.PciFee, pricing.pciFeeCents ?? 0],
    [FlatFeeLineType.RegulatoryFee, pricing.regFeeCents ?? 0],
    [FlatFeeLineType.MonthlyMinimum, shortfall],
  ];
  return fees
    .filter(([, cents]) => cents > 0)
    .map(([type, cents]) => ({
      type,
      pricing: null,
      transactionCount: 0,
      grossCents: 0,
      feesCents: 0,
      flatFeeCents: cents,
      itemFeeCents: 0,
      netCents: 0,
    }));
}

export type StatementTotals = {
  totalTransactions: number;
  // The gross (StatementFigures.grossCents).
  totalAmountCents: number;
  // Every fee of the month, positive: per-transaction, item, flat and monthly.
  totalFeesCents: number;
  totalAdjustmentsCents: number;
  chargebacksAndReversalsCents: number;
  refundsAndVoidsCents: number;
  // The net (StatementFigures.netCents).
  netCents: number;
};

export type DailyStatementRow = {
  day: string;
  totalTransactions: number;
  totalProcessedCents: number;
  totalFeesCents: number;
  totalAdjustmentsCents: number;
  totalChargebacksCents: number;
};

export type ComputedStatement = {
  lines: StatementLine[];
  totals: StatementTotals;
  daily: DailyStatementRow[];
  // Processing fees withheld from payouts (flat fees excluded).
  processingFeesCents: number;
  flatFeesCents: number;
};

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// What the transactions of one line type add up to: the one aggregate both the pure rule and the
// server's posting (one SQL GROUP BY) produce.
export type LineSums = {
  type: string;
  transactionCount: number;
  salesCents: number;
  refundsCents: number;
  feesCents: number;
  feeItems: number;
  adjustmentsCents: number;
  chargebacksCents: number;
};

export function emptyLineSums(type: string): LineSums {
  return {
    type,
    transactionCount: 0,
    salesCents: 0,
    refundsCents: 0,
    feesCents: 0,
    feeItems: 0,
    adjustmentsCents: 0,
    chargebacksCents: 0,
  };
}

export function addToLineSums(sums: LineSums, effect: LedgerEffect): void {
  sums.transactionCount += 1;
  sums.salesCents += effect.salesCents;
  sums.refundsCents += effect.refundsCents;
  sums.feesCents += effect.feesCents;
  sums.feeItems += effect.feeItems;
  sums.adjustmentsCents += effect.adjustmentsCents;
  sums.chargebacksCents += effect.chargebacksCents;
}

export type PostedStatement = Omit<ComputedStatement, 'daily'>;

// The statement of one merchant's month from its line sums: transaction lines sorted by type, then
// the flat fee lines; totals from the same sums.
export function statementOfLineSums(sums: readonly LineSums[], pricing: StatementPricing): PostedStatement {
  const transactionLines = [...sums]
    .sort((a, b) => byText(a.type, b.type))
    .map((s) => {
      const pricingText = pricingOfLineType(pricing, s.type);
      const split = splitLineFees(s.feesCents, s.feeItems, parsePricingString(pricingText));
      const gross = s.salesCents + s.refundsCents + s.adjustmentsCents + s.chargebacksCents;
      return {
        type: s.type,
        pricing: pricingText,
        transactionCount: s.transactionCount,
        grossCents: gross,
        feesCents: split.rateFeeCents,
        flatFeeCents: 0,
        itemFeeCents: split.itemFeeCents,
        netCents: gross - s.feesCents,
      };
    });
  const total = (pick: (s: LineSums) => number) => sums.reduce((sum, s) => sum + pick(s), 0);
  const processingFeesCents = total((s) => s.feesCents);
  const flatLines = flatFeeLinesOf(pricing, processingFeesCents);
  const flatFeesCents = flatLines.reduce((sum, line) => sum + line.flatFeeCents, 0);
  const lines = [...transactionLines, ...flatLines];
  const split: GrossSplit = {
    refundsAndVoidsCents: total((s) => s.refundsCents),
    chargebacksAndReversalsCents: total((s) => s.chargebacksCents),
    adjustmentsCents: total((s) => s.adjustmentsCents),
  };
  const figures = statementFiguresOf(lines, split);
  return {
    lines,
    totals: {
      totalTransactions: total((s) => s.transactionCount),
      totalAmountCents: figures.grossCents,
      totalFeesCents: processingFeesCents + flatFeesCents,
      totalAdjustmentsCents: split.adjustmentsCents,
      chargebacksAndReversalsCents: split.chargebacksAndReversalsCents,
      refundsAndVoidsCents: split.refundsAndVoidsCents,
      netCents: figures.netCents,
    },
    processingFeesCents,
    flatFeesCents,
  };
}

// One merchant's month from its transactions.
export function computeStatement(
  transactions: readonly StatementTransactionFacts[],
  pricing: StatementPricing,
): ComputedStatement {
  const lines = new Map<string, LineSums>();
  const daily = new Map<string, DailyStatementRow>();
  for (const t of transactions) {
    if (!isCountedOnStatement(t)) continue;
    const effect = ledgerEffectOf(t);
    const type = statementLineTypeOf(t.paymentMethod, t.cardBrand);
    const line = lines.get(type) ?? emptyLineSums(type);
    addToLineSums(line, effect);
    lines.set(type, line);
    const day = daily.get(t.day) ?? {
      day: t.day,
      totalTransactions: 0,
      totalProcessedCents: 0,
      totalFeesCents: 0,
      totalAdjustmentsCents: 0,
      totalChargebacksCents: 0,
    };
    day.totalTransactions += 1;
    day.totalProcessedCents += effect.salesCents + effect.refundsCents;
    day.totalFeesCents += effect.feesCents;
    day.totalAdjustmentsCents += effect.adjustmentsCents;
    day.totalChargebacksCents += effect.chargebacksCents;
    daily.set(t.day, day);
  }
  return {
    ...statementOfLineSums([...lines.values()], pricing),
    daily: [...daily.values()].sort((a, b) => byText(a.day, b.day)),
  };
}

// The parts of the gross a statement line does not keep apart (a line's gross is all of them).
export type GrossSplit = {
  refundsAndVoidsCents: number;
  chargebacksAndReversalsCents: number;
  adjustmentsCents: number;
};

// The figures of a statement, each defined once; every amount is signed as the merchant feels it
// (fees negative). The page's Summary and Month totals, the PDF and the reconciliation with the
// payouts all read these.
export type StatementFigures = {
  // Sales of every payment method, cash included.
  grossSalesCents: number;
  refundsAndVoidsCents: number;
  chargebacksAndReversalsCents: number;
  // Returned or rejected ACH items, -25.00 each.
  adjustmentsCents: number;
  // Gross sales + refunds and voids + chargebacks and reversals + adjustments: the report's gross.
  grossCents: number;
  // The percentage (or interchange-plus) part of the processing fees, withheld from payouts.
  perTransactionFeesCents: number;
  // The per-item part of the processing fees, withheld from payouts.
  itemFeesCents: number;
  // PCI and regulatory fees, billed.
  flatFeesCents: number;
  // Monthly fee and monthly minimum shortfall, billed.
  monthlyFeesCents: number;
  // Gross + per-transaction fees + item fees: the report's net.
  netCents: number;
  // The net of cash payments: recorded, never deposited.
  cashRecordedCents: number;
  // Net - cash recorded: the month's payouts + what is still pending.
  netDepositedCents: number;
};

// The parts of the gross as a statement's totals keep them.
export function grossSplitOf(
  totals: Pick<
    StatementTotals,
    'refundsAndVoidsCents' | 'chargebacksAndReversalsCents' | 'totalAdjustmentsCents'
  >,
): GrossSplit {
  return {
    refundsAndVoidsCents: totals.refundsAndVoidsCents,
    chargebacksAndReversalsCents: totals.chargebacksAndReversalsCents,
    adjustmentsCents: totals.totalAdjustmentsCents,
  };
}

export const CashLineType = 'Cash';
const monthlyFeeLineTypes: ReadonlySet<string> = new Set([
  FlatFeeLineType.MonthlyFee,
  FlatFeeLineType.MonthlyMinimum,
]);
const flatFeeLineTypes: ReadonlySet<string> = new Set([
  FlatFeeLineType.PciFee,
  FlatFeeLineType.RegulatoryFee,
]);

// The figures of a statement from its lines (as posted) and the parts of its gross.
export function statementFiguresOf(lines: readonly StatementLine[], split: GrossSplit): StatementFigures {
  let grossCents = 0;
  let rateFees = 0;
  let itemFees = 0;
  let flatFees = 0;
  let monthlyFees = 0;
  let cashRecordedCents = 0;
  for (const line of lines) {
    if (monthlyFeeLineTypes.has(line.type)) monthlyFees += line.flatFeeCents;
    else if (flatFeeLineTypes.has(line.type)) flatFees += line.flatFeeCents;
    else {
      grossCents += line.grossCents;
      rateFees += line.feesCents;
      itemFees += line.itemFeeCents;
      if (line.type === CashLineType)
        cashRecordedCents += line.grossCents - line.feesCents - line.itemFeeCents;
    }
  }
  const netCents = grossCents - rateFees - itemFees;
  return {
    grossSalesCents:
      grossCents - split.refundsAndVoidsCents - split.chargebacksAndReversalsCents - split.adjustmentsCents,
    refundsAndVoidsCents: split.refundsAndVoidsCents,
    chargebacksAndReversalsCents: split.chargebacksAndReversalsCents,
    adjustmentsCents: split.adjustmentsCents,
    grossCents,
    perTransactionFeesCents: -rateFees,
    itemFeesCents: -itemFees,
    flatFeesCents: -flatFees,
    monthlyFeesCents: -monthlyFees,
    netCents,
    cashRecordedCents,
    netDepositedCents: netCents - cashRecordedCents,
  };
}

// Whether a counted transaction's net reaches the merchant's bank account: every payment method but
// cash, which the merchant already holds.
export function isDepositedTransaction(t: Pick<StatementTransactionFacts, 'paymentMethod'>): boolean {
  return t.paymentMethod !== 'cash';
}

// The reconciliation of net deposited with the payouts: the month's payouts, then what is still
// pending (deposited transactions in no payout yet); their total is net deposited.
export type PayoutReconciliation = {
  payouts: { payoutDate: string; processor: string; amountCents: number }[];
  pendingCents: number;
  totalCents: number;
};

export function reconcilePayouts(
  payouts: readonly { payoutDate: string; processor: string; amountCents: number }[],
  pendingCents: number,
): PayoutReconciliation {
  const sorted = [...payouts].sort(
    (a, b) => byText(a.payoutDate, b.payoutDate) || byText(a.processor, b.processor),
  );
  return {
    payouts: sorted,
    pendingCents,
    totalCents: sorted.reduce((sum, p) => sum + p.amountCents, 0) + pendingCents,
  };
}

// Sum of a column over the statement lines, as the grid's and the PDF's total row show it.
export function statementLineTotals(
  lines: readonly StatementLine[],
): Omit<StatementLine, 'type' | 'pricing'> {
  const total = {
    transactionCount: 0,
    grossCents: 0,
    feesCents: 0,
    flatFeeCents: 0,
    itemFeeCents: 0,
    netCents: 0,
  };
  for (const line of lines) {
    total.transactionCount += line.transactionCount;
    total.grossCents += line.grossCents;
    total.feesCents += line.feesCents;
    total.flatFeeCents += line.flatFeeCents;
    total.itemFeeCents += line.itemFeeCents;
    total.netCents += line.netCents;
  }
  return total;
}

export type SettlementGroup = {
  settlementDate: string;
  processor: string;
  // yyyy-mm of the transactions it pays: a payout belongs to one statement.
  statementMonth: string;
  transactionCount: number;
  grossCents: number;
  feeCents: number;
  adjustmentsCents: number;
  chargebacksCents: number;
  netCents: number;
};

// Whether a transaction is in a settlement group: counted, deposited (not cash) and settled by a
// processor.
export function isSettledTransaction(t: StatementTransactionFacts): boolean {
  return (
    t.settlementDate !== null && t.processor !== null && isCountedOnStatement(t) && isDepositedTransaction(t)
  );
}

// Settlement groups (payouts): what one processor settled on one day of the transactions of one
// statement month; each is one payout of its net. Unsettled transactions (cash, not yet settled) are
// in no group. settledThrough (yyyy-mm-dd): only the days posted so far.
export function groupSettlements(
  transactions: readonly StatementTransactionFacts[],
  settledThrough: string | null = null,
): SettlementGroup[] {
  const groups = new Map<string, SettlementGroup>();
  for (const t of transactions) {
    if (!isSettledTransaction(t) || t.settlementDate === null || t.processor === null) continue;
    if (settledThrough !== null && t.settlementDate > settledThrough) continue;
    const statementMonth = t.day.slice(0, 7);
    const key = `${t.settlementDate}\u0001${t.processor}\u0001${statementMonth}`;
    const group = groups.get(key) ?? {
      settlementDate: t.settlementDate,
      processor: t.processor,
      statementMonth,
      transactionCount: 0,
      grossCents: 0,
      feeCents: 0,
      adjustmentsCents: 0,
      chargebacksCents: 0,
      netCents: 0,
    };
    const effect = ledgerEffectOf(t);
    group.transactionCount += 1;
    group.grossCents += effect.salesCents + effect.refundsCents;
    group.feeCents += effect.feesCents;
    group.adjustmentsCents += effect.adjustmentsCents;
    group.chargebacksCents += effect.chargebacksCents;
    group.netCents += netAmountCentsOfTransaction(t);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      byText(a.settlementDate, b.settlementDate) ||
      byText(a.processor, b.processor) ||
      byText(a.statementMonth, b.statementMonth),
  );
}

// Processor fee detail of a statement (STATEMENT_DATE, DETAIL_DESCRIPTION, ITEM_COUNT,
// VOLUME, R_RATE1, R_RATE2, R_TOTAL): the month's processing fees by processor and line type, with the
// pricing's percent (or interchange-plus markup) and item fee. They add up to the processing fees.
export type ProcessorFeeSums = {
  processor: string;
  type: string;
  salesCount: number;
  salesCents: number;
  feesCents: number;
};

export type ProcessorFeeRow = {
  processor: string;
  statementDate: string;
  detailDescription: string;
  itemCount: number;
  volumeCents: number;
  // Percent with 4 decimals, as text ('2.9000').
  ratePercent: string;
  perItemCents: number;
  totalCents: number;
};

export function processorFeeRowsOf(
  sums: readonly ProcessorFeeSums[],
  pricing: StatementPricing,
  statementDate: string,
): ProcessorFeeRow[] {
  return sums
    .filter((s) => s.feesCents !== 0)
    .sort((a, b) => byText(a.processor, b.processor) || byText(a.type, b.type))
    .map((s) => {
      const parsed = parsePricingString(pricingOfLineType(pricing, s.type));
      const rateMilliBps =
        parsed === null ? 0 : parsed.kind === 'flat' ? parsed.percentMilliBps : parsed.markupMilliBps;
      const kind = parsed?.kind === 'interchange_plus' ? 'Interchange Plus' : 'Discount';
      return {
        processor: s.processor,
        statementDate,
        detailDescription: `${s.processor.toUpperCase()} ${s.type} ${kind}`,
        itemCount: s.salesCount,
        volumeCents: s.salesCents,
        // milli-bps / 10 is the percent with 4 decimals (2.9 % = 290,000 milli-bps = 2.9000).
        ratePercent: formatScaledDecimal(Math.round(rateMilliBps / 10), 4),
        perItemCents: parsed?.itemCents ?? 0,
        totalCents: s.feesCents,
      };
    });
}

// A group of transactions that share every fact the rules read but the amount and fee (what one SQL
// GROUP BY returns): its effect is the rule applied to the summed amount and fee, the -25.00 of a
// returned item once per item, and one fee item per sale that paid a fee.
export type TransactionGroupFacts = Omit<TransactionMoneyFacts, 'amountCents' | 'feeCents'> & {
  count: number;
  amountCents: number;
  feeCents: number;
  feeItemCount: number;
};

export function ledgerEffectOfGroup(group: TransactionGroupFacts): LedgerEffect {
  const effect = ledgerEffectOf(group);
  return {
    ...effect,
    adjustmentsCents: effect.adjustmentsCents * group.count,
    feeItems: isGrossAddition(group) ? group.feeItemCount : 0,
  };
}

// Sums a group into line sums: count it as its number of transactions.
export function addGroupToLineSums(sums: LineSums, group: TransactionGroupFacts): void {
  if (!isCountedOnStatement(group)) return;
  const effect = ledgerEffectOfGroup(group);
  sums.transactionCount += group.count;
  sums.salesCents += effect.salesCents;
  sums.refundsCents += effect.refundsCents;
  sums.feesCents += effect.feesCents;
  sums.feeItems += effect.feeItems;
  sums.adjustmentsCents += effect.adjustmentsCents;
  sums.chargebacksCents += effect.chargebacksCents;
}

// Line sums of grouped transactions: a line exists once one of its transactions counts.
export function lineSumsOfGroups(groups: readonly (TransactionGroupFacts & { type: string })[]): LineSums[] {
  const lines = new Map<string, LineSums>();
  for (const group of groups) {
    if (!isCountedOnStatement(group)) continue;
    const sums = lines.get(group.type) ?? emptyLineSums(group.type);
    addGroupToLineSums(sums, group);
    lines.set(group.type, sums);
  }
  return [...lines.values()];
}

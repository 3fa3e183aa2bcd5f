import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { parseScaledDecimal, shareOfCents } from '../costing/cost-rules';
import { moneyOutput } from '../money/money';

// Revenue share: GET /api/revshare and /api/report/revshare_all. A parent's share of what the
// provider earned on its sub-merchants' payments in a month: the fees collected minus what the
// processors cost (modules/costing), shared at the parent's rev_share_percentage by its
// rev_share_formula (both in its config).

export const revShareFileName = 'RevShare.xlsx';
// The months a revenue share page covers: the running month and the ones before it.
export const revShareMonths = 3;

export const RevShareText = {
  AdminTitle: 'Revenue Sharing Admin',
  PageTitle: 'Rev Share',
  MerchantGroup: 'Merchant',
  PerformanceGroup: 'Performance',
} as const;

// The bases a formula may share. The seed and the account page write
// 'profit * rev_share_percentage / 100'; 'fees * ...' shares the fees collected before costs.
export const revShareBases = ['profit', 'fees'] as const;
export type RevShareBasis = (typeof revShareBases)[number];

// The basis a formula names; null for a formula this build does not know (the row then shares the
// profit, the default, and says so in its basis).
export function revShareBasisOf(formula: string | null): RevShareBasis | null {
  const text = (formula ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return 'profit';
  const match = /^(profit|fees) \* rev_share_percentage \/ 100$/.exec(text);
  if (!match) return null;
  return match[1] === 'fees' ? 'fees' : 'profit';
}

// '12.50' → 1250 (hundredths of a percent), kept within 0 to 100 %; anything unreadable shares nothing.
export function revSharePercentHundredths(percentage: string): number {
  const value = parseScaledDecimal(percentage, 2);
  if (value === null) return 0;
  return Math.min(10_000, Math.max(0, value));
}

export type RevShareFacts = {
  feesCollectedCents: number;
  costingCents: number;
  percentage: string;
  formula: string | null;
};

export type RevShareParts = {
  revenueCollectedCents: number;
  costingCents: number;
  // revenue collected - costing.
  profitCents: number;
  payoutCents: number;
  // profit - payout.
  postPayoutProfitCents: number;
  basis: RevShareBasis;
  isFormulaKnown: boolean;
};

// The parts always add up: profit = revenue - costing and payout + post-payout profit = profit.
// A loss is not shared: the payout is never negative.
export function revShareOf(facts: RevShareFacts): RevShareParts {
  const known = revShareBasisOf(facts.formula);
  const basis = known ?? 'profit';
  const profitCents = facts.feesCollectedCents - facts.costingCents;
  const basisCents = basis === 'fees' ? facts.feesCollectedCents : profitCents;
  const payoutCents = Math.max(
    0,
    shareOfCents(basisCents, revSharePercentHundredths(facts.percentage), 10_000),
  );
  return {
    revenueCollectedCents: facts.feesCollectedCents,
    costingCents: facts.costingCents,
    profitCents,
    payoutCents,
    postPayoutProfitCents: profitCents - payoutCents,
    basis,
    isFormulaKnown: known !== null,
  };
}

// What the provider owes the parent for a merchant's month: its payout less the merchant's bills of
// that month still unpaid (the parent answers for its merchants' fees). Negative: the parent owes.
export function owedToParentCents(payoutCents: number, unpaidClientFeesCents: number): number {
  return payoutCents - unpaidClientFeesCents;
}

// The average ticket of a month, rounded half away from zero; 0 without transactions.
export function averageTicketCents(totalCents: number, transactions: number): number {
  return transactions > 0 ? shareOfCents(totalCents, 1, transactions) : 0;
}

// Revshare row (rev share page).
export const revShareRow = z.object({
  id: z.string(),
  sub_merchant_name: z.string(),
  parent_name: z.string().nullable(),
  date_onboarded: z.iso.date().nullable(),
  transaction_month: z.string(),
  transactions: z.number().int(),
  total_transaction_amount: moneyOutput,
  total_transaction_fee: moneyOutput,
  total_costing: moneyOutput,
  epx_revenue_collected: moneyOutput,
  total_profit: moneyOutput,
  rev_share: z.string(),
  payout: moneyOutput,
  post_payout_profit: moneyOutput,
});
export type RevShareRow = z.infer<typeof revShareRow>;
export const revShareResponse = successEnvelope(z.array(revShareRow));
export const revShareQuery = z.strictObject({ clientid: z.uuid().optional() });

// Revenue share row (array, admin report): parent, merchant, id, month, transactions,
// total, average, rate, collected fees, interchange, IC, profit, percent, payout, client fees, owed.
export const revShareAdminRow = z.tuple([
  z.string().nullable(),
  z.string(),
  z.uuid(),
  z.string(),
  z.number().int(),
  moneyOutput,
  moneyOutput,
  z.string().nullable(),
  moneyOutput,
  moneyOutput,
  moneyOutput,
  moneyOutput,
  z.string(),
  moneyOutput,
  moneyOutput,
  moneyOutput,
]);
export type RevShareAdminRow = z.infer<typeof revShareAdminRow>;
export const revShareAdminResponse = successEnvelope(z.array(revShareAdminRow));
export const revShareAdminColumns = [
  'Parent',
  'Merchant',
  'ID',
  'Month',
  'Transactions',
  'Total',
  'Average',
  'Rate',
  'Collected Fees',
  'Interchange',
  'IC',
  'Profit',
  'Percent',
  'Payout',
  'Client Fees',
  'Owed',
] as const;

import { type ProcessorName, processors } from '../common/processors';
import {
  grossAmountCentsOfTransaction,
  isGrossAddition,
  isReturnedOrRejectedAchItem,
  netAmountCentsOfTransaction,
  type TransactionMoneyFacts,
} from '../transactions/gross-net';

// Costing rows: what the provider pays its processors is computed from the
// transactions and each processor's cost model (processor_cost_models), never typed in. All money is
// integer cents; rates are scaled integers so no float touches an amount.

// Every processor a transaction or a cost model can name (the server's 'processor' enum).
export const costingProcessors = processors;
export type CostingProcessor = ProcessorName;

// A cost model row for every card type of its brand.
export const anyCardType = 'any';

// Basis points are stored with 3 decimals (numeric(8,3)): 13.75 bps is 13,750 milli-bps.
export const milliBasisPointsScale = 3;
// bps are 1/10,000 of the amount, milli-bps 1/10,000,000.
const milliBasisPointsPerWhole = 10_000_000;
// The margin share is a percent with 4 decimals (numeric(7,4)): 20 % is 200,000.
export const marginSharePercentScale = 4;
const scaledPercentPerWhole = 100 * 10 ** marginSharePercentScale;

// A decimal text as an integer of `scale` decimals ('13.75', 3 → 13750). null when it is not a
// number or would lose digits.
export function parseScaledDecimal(text: string, scale: number): number | null {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale && !/^0*$/.test(fraction.slice(scale))) return null;
  const value = Number(whole) * 10 ** scale + Number(fraction.slice(0, scale).padEnd(scale, '0'));
  if (!Number.isSafeInteger(value)) return null;
  return sign ? -value : value;
}

// A scaled integer back to its decimal text with exactly `scale` decimals (200000, 4 → '20.0000').
export function formatScaledDecimal(value: number, scale: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a scaled integer: ${value}`);
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(scale + 1, '0');
  if (scale === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

// cents × numerator / denominator, rounded half away from zero, in exact integer arithmetic.
export function shareOfCents(cents: number, numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('The denominator must be positive');
  const product = BigInt(cents) * BigInt(numerator);
  const whole = BigInt(denominator);
  const isNegative = product < 0n;
  const magnitude = isNegative ? -product : product;
  const rounded = (magnitude * 2n + whole) / (2n * whole);
  return Number(isNegative ? -rounded : rounded);
}

// A percentage-of-volume cost: volume × rate (in milli-bps).
export function basisPointCostCents(volumeCents: number, milliBasisPoints: number): number {
  return shareOfCents(volumeCents, milliBasisPoints, milliBasisPointsPerWhole);
}

// What a processor charges the provider, read from processor_cost_models.
export type CostModel = {
  processor: CostingProcessor;
  // VISA, MC, AMEX, DISC, ACH, CRYPTO.
  cardBrand: string;
  // credit, debit, prepaid, or 'any'.
  cardType: string;
  interchangeMilliBps: number;
  duesAssessmentsMilliBps: number;
  // The processor's markup on volume.
  processorMilliBps: number;
  perItemCents: number;
  authorizationFeeCents: number;
  splitFeeCents: number;
  // Share of the remaining margin the processor keeps, percent × 10^4 (Bluesnap).
  marginSharePercentScaled: number;
  // yyyy-mm-dd; effectiveTo is exclusive, null while the model is current.
  effectiveFrom: string;
  effectiveTo: string | null;
};

// The brand key a cost model is filed under: cards by their brand, bank payments as ACH, crypto as
// CRYPTO. null: nothing a processor prices (cash).
export function costModelBrandOf(paymentMethod: string | null, cardBrand: string | null): string | null {
  if (paymentMethod === 'check') return 'ACH';
  if (paymentMethod === 'crypto') return 'CRYPTO';
  if (paymentMethod === 'card') {
    const brand = cardBrand?.trim().toUpperCase();
    return brand ? brand : null;
  }
  return null;
}

export type CostModelKey = {
  processor: CostingProcessor;
  brand: string | null;
  cardType: string | null;
  // yyyy-mm-dd: the day the transaction happened.
  day: string;
};

function isEffectiveOn(model: CostModel, day: string): boolean {
  return model.effectiveFrom <= day && (model.effectiveTo === null || day < model.effectiveTo);
}

// The model of the processor and brand in force on the day: the one for the card type when there is
// one, else the brand's 'any' row; the latest start wins when periods overlap.
export function findCostModel(models: readonly CostModel[], key: CostModelKey): CostModel | null {
  if (key.brand === null) return null;
  const candidates = models.filter(
    (model) =>
      model.processor === key.processor && model.cardBrand === key.brand && isEffectiveOn(model, key.day),
  );
  const latestOfType = (cardType: string) =>
    candidates
      .filter((model) => model.cardType === cardType)
      .reduce<CostModel | null>(
        (latest, model) => (latest === null || model.effectiveFrom > latest.effectiveFrom ? model : latest),
        null,
      );
  const cardType = key.cardType?.trim().toLowerCase();
  return (cardType ? latestOfType(cardType) : null) ?? latestOfType(anyCardType);
}

// The lookup a costing run uses many times: models filed by processor and brand once.
export function createCostModelLookup(models: readonly CostModel[]): (key: CostModelKey) => CostModel | null {
  const filed = new Map<string, CostModel[]>();
  for (const model of models) {
    const fileKey = `${model.processor}\u0001${model.cardBrand}`;
    filed.set(fileKey, [...(filed.get(fileKey) ?? []), model]);
  }
  return (key) => findCostModel(filed.get(`${key.processor}\u0001${key.brand ?? ''}`) ?? [], key);
}

// What one transaction, or a group of them, brings to the cost computation.
export type CostFacts = {
  // Settled volume by the gross rule: sales add, refunds and voids subtract (interchange is credited
  // back on refunds; a voided sale never settles), failed payments give nothing. A returned or
  // rejected ACH item moves no volume: its -25.00 is a charge to the merchant, not processed money.
  volumeCents: number;
  // Items the processor handled (request reached it): every one pays the per-item and
  // authorization fees, declines included.
  items: number;
  // Settled sales (gross additions): each one is split-funded.
  sales: number;
  // What the provider charged the merchant: gross minus net, the fee on additions.
  platformFeeCents: number;
  // Surcharges collected on additions (pass-to-customer pricing).
  surchargeCents: number;
};

export const noCostFacts: CostFacts = {
  volumeCents: 0,
  items: 0,
  sales: 0,
  platformFeeCents: 0,
  surchargeCents: 0,
};

export type CostFactsInput = TransactionMoneyFacts & { requestStatus: boolean; surchargeCents: number };

export function costFactsOfTransaction(transaction: CostFactsInput): CostFacts {
  const isAddition = isGrossAddition(transaction);
  const gross = grossAmountCentsOfTransaction(transaction);
  return {
    volumeCents: isReturnedOrRejectedAchItem(transaction.proPayStatus) ? 0 : gross,
    items: transaction.requestStatus && transaction.actionMode !== null ? 1 : 0,
    sales: isAddition ? 1 : 0,
    platformFeeCents: gross - netAmountCentsOfTransaction(transaction),
    surchargeCents: isAddition ? transaction.surchargeCents : 0,
  };
}

export function addCostFacts(a: CostFacts, b: CostFacts): CostFacts {
  return {
    volumeCents: a.volumeCents + b.volumeCents,
    items: a.items + b.items,
    sales: a.sales + b.sales,
    platformFeeCents: a.platformFeeCents + b.platformFeeCents,
    surchargeCents: a.surchargeCents + b.surchargeCents,
  };
}

export type CostComponents = {
  interchangeCents: number;
  duesAndAssessmentsCents: number;
  processorVolumeFeeCents: number;
  perItemFeeCents: number;
  authorizationFeeCents: number;
  splitFeeCents: number;
};

export const noCostComponents: CostComponents = {
  interchangeCents: 0,
  duesAndAssessmentsCents: 0,
  processorVolumeFeeCents: 0,
  perItemFeeCents: 0,
  authorizationFeeCents: 0,
  splitFeeCents: 0,
};

// One model applied to the facts it prices: percentages of the volume, fees per item and per sale.
export function costComponentsOf(model: CostModel, facts: CostFacts): CostComponents {
  return {
    interchangeCents: basisPointCostCents(facts.volumeCents, model.interchangeMilliBps),
    duesAndAssessmentsCents: basisPointCostCents(facts.volumeCents, model.duesAssessmentsMilliBps),
    processorVolumeFeeCents: basisPointCostCents(facts.volumeCents, model.processorMilliBps),
    perItemFeeCents: facts.items * model.perItemCents,
    authorizationFeeCents: facts.items * model.authorizationFeeCents,
    splitFeeCents: facts.sales * model.splitFeeCents,
  };
}

export function addCostComponents(a: CostComponents, b: CostComponents): CostComponents {
  return {
    interchangeCents: a.interchangeCents + b.interchangeCents,
    duesAndAssessmentsCents: a.duesAndAssessmentsCents + b.duesAndAssessmentsCents,
    processorVolumeFeeCents: a.processorVolumeFeeCents + b.processorVolumeFeeCents,
    perItemFeeCents: a.perItemFeeCents + b.perItemFeeCents,
    authorizationFeeCents: a.authorizationFeeCents + b.authorizationFeeCents,
    splitFeeCents: a.splitFeeCents + b.splitFeeCents,
  };
}

export function sumOfCostComponents(c: CostComponents): number {
  return (
    c.interchangeCents +
    c.duesAndAssessmentsCents +
    c.processorVolumeFeeCents +
    c.perItemFeeCents +
    c.authorizationFeeCents +
    c.splitFeeCents
  );
}

// The margin left to share is what the provider charged minus what the processor's own costs took;
// nothing is shared when there is none.
export function marginShareCents(remainingMarginCents: number, marginSharePercentScaled: number): number {
  if (remainingMarginCents <= 0 || marginSharePercentScaled <= 0) return 0;
  return shareOfCents(remainingMarginCents, marginSharePercentScaled, scaledPercentPerWhole);
}

// A group of transactions of one model each (a brand, card type and day).
export type CostedFacts = { model: CostModel | null; facts: CostFacts };

export type CostBreakdown = CostComponents & {
  facts: CostFacts;
  // The margin percent of the models applied (the highest when they differ), percent × 10^4.
  marginSharePercentScaled: number;
  marginShareCents: number;
  // Items no cost model prices (an unknown brand): their cost is missing, so they are counted.
  unpricedItems: number;
  totalCostCents: number;
};

// The cost of one costing row (a merchant, processor, payment method and settlement date).
export function costBreakdownOf(groups: readonly CostedFacts[]): CostBreakdown {
  let facts = noCostFacts;
  let components = noCostComponents;
  let marginSharePercentScaled = 0;
  let unpricedItems = 0;
  for (const group of groups) {
    facts = addCostFacts(facts, group.facts);
    if (group.model === null) {
      unpricedItems += group.facts.items;
      continue;
    }
    components = addCostComponents(components, costComponentsOf(group.model, group.facts));
    marginSharePercentScaled = Math.max(marginSharePercentScaled, group.model.marginSharePercentScaled);
  }
  const processorCosts = sumOfCostComponents(components);
  const share = marginShareCents(facts.platformFeeCents - processorCosts, marginSharePercentScaled);
  return {
    ...components,
    facts,
    marginSharePercentScaled,
    marginShareCents: share,
    unpricedItems,
    totalCostCents: processorCosts + share,
  };
}

// Costing row figures, in cents (the Bluesnap margin percent × 10^4).
export type CostingFigures = {
  costing_total: number;
  profit: number;
  triple_tip: number;
  triple_surcharge: number;
  triple_platform_fee: number;
  triple_cash_discount: number;
  triple_convenience_fee: number;
  triple_initial_amount: number;
  fis_split_fee: number;
  fis_interchange_amount: number;
  fis_surcharge_amount: number;
  fis_convenience_fee_amount: number;
  fis_fee: number;
  fis_dues_and_assessments: number;
  bluesnap_fee: number;
  bluesnap_dues_and_assessments: number;
  bluesnap_interchange_amount: number;
  bluesnap_percent_of_remaining_margin: number;
  bluesnap_margin_share: number;
  propay_bin_fee: number;
  propay_ach_fee: number;
  propay_split_pay_fee: number;
  propay_interchange_fee: number;
  propay_authorization_fee: number;
  epx_estimated_fee: number;
  epx_estimated_dues_and_assessments: number;
  epx_estimated_interchange_amount: number;
  other_processor_costs: number;
};

const zeroFigures: CostingFigures = {
  costing_total: 0,
  profit: 0,
  triple_tip: 0,
  triple_surcharge: 0,
  triple_platform_fee: 0,
  triple_cash_discount: 0,
  triple_convenience_fee: 0,
  triple_initial_amount: 0,
  fis_split_fee: 0,
  fis_interchange_amount: 0,
  fis_surcharge_amount: 0,
  fis_convenience_fee_amount: 0,
  fis_fee: 0,
  fis_dues_and_assessments: 0,
  bluesnap_fee: 0,
  bluesnap_dues_and_assessments: 0,
  bluesnap_interchange_amount: 0,
  bluesnap_percent_of_remaining_margin: 0,
  bluesnap_margin_share: 0,
  propay_bin_fee: 0,
  propay_ach_fee: 0,
  propay_split_pay_fee: 0,
  propay_interchange_fee: 0,
  propay_authorization_fee: 0,
  epx_estimated_fee: 0,
  epx_estimated_dues_and_assessments: 0,
  epx_estimated_interchange_amount: 0,
  other_processor_costs: 0,
};

// Where a processor's costs land among the product's columns. "triple_" is the provider's own side:
// what it charged (platform fee), collected (surcharge) and processed (initial amount). Portico's
// transactions record no tips, cash discounts or convenience fees, so those stay 0. Processors the
// product gives no columns (MerchantE, Xpress ACH, CurPay, ForumPay), and a margin share of any
// processor but Bluesnap, go to other_processor_costs: the cost columns always add up to
// costing_total.
export function costingFiguresOf(
  processor: CostingProcessor,
  paymentMethod: string | null,
  breakdown: CostBreakdown,
): CostingFigures {
  const c = breakdown;
  const itemFees = c.perItemFeeCents + c.authorizationFeeCents;
  const figures: CostingFigures = {
    ...zeroFigures,
    costing_total: c.totalCostCents,
    profit: c.facts.platformFeeCents - c.totalCostCents,
    triple_surcharge: c.facts.surchargeCents,
    triple_platform_fee: c.facts.platformFeeCents,
    triple_initial_amount: c.facts.volumeCents,
  };
  switch (processor) {
    case 'fis':
      return {
        ...figures,
        fis_interchange_amount: c.interchangeCents,
        fis_dues_and_assessments: c.duesAndAssessmentsCents,
        fis_fee: c.processorVolumeFeeCents + itemFees,
        fis_split_fee: c.splitFeeCents,
        fis_surcharge_amount: c.facts.surchargeCents,
        other_processor_costs: c.marginShareCents,
      };
    case 'bluesnap':
      return {
        ...figures,
        bluesnap_interchange_amount: c.interchangeCents,
        bluesnap_dues_and_assessments: c.duesAndAssessmentsCents,
        bluesnap_fee: c.processorVolumeFeeCents + itemFees + c.splitFeeCents,
        bluesnap_percent_of_remaining_margin: c.marginSharePercentScaled,
        bluesnap_margin_share: c.marginShareCents,
      };
    case 'epx':
      return {
        ...figures,
        epx_estimated_interchange_amount: c.interchangeCents,
        epx_estimated_dues_and_assessments: c.duesAndAssessmentsCents,
        epx_estimated_fee: c.processorVolumeFeeCents + itemFees + c.splitFeeCents,
        other_processor_costs: c.marginShareCents,
      };
    case 'propay':
      if (paymentMethod === 'check') return { ...figures, propay_ach_fee: c.totalCostCents };
      return {
        ...figures,
        // ProPay passes interchange through with the card brands' dues in one figure.
        propay_interchange_fee: c.interchangeCents + c.duesAndAssessmentsCents,
        // The BIN sponsor's fee is the volume markup.
        propay_bin_fee: c.processorVolumeFeeCents,
        propay_authorization_fee: itemFees,
        propay_split_pay_fee: c.splitFeeCents,
        other_processor_costs: c.marginShareCents,
      };
    default:
      return { ...figures, other_processor_costs: c.totalCostCents };
  }
}

// The merchant's charge rate for the rail the costing row covers (its pricing text, e.g. '2.90+0.30'
// or 'IC+10bps+5c').
export type MerchantRates = { cardRate: string | null; achRate: string | null; cryptoRate: string | null };

export function chargeRateOf(rates: MerchantRates, paymentMethod: string | null): string | null {
  if (paymentMethod === 'card') return rates.cardRate;
  if (paymentMethod === 'check') return rates.achRate;
  if (paymentMethod === 'crypto') return rates.cryptoRate;
  return null;
}

export type ChargeRateType = 'interchange_plus' | 'flat_rate';

// 'IC+…' passes interchange through plus a markup; anything else is a flat percent plus an item fee.
export function chargeRateTypeOf(rate: string | null): ChargeRateType | null {
  if (rate === null || rate.trim() === '') return null;
  return /^ic\b/i.test(rate.trim()) ? 'interchange_plus' : 'flat_rate';
}

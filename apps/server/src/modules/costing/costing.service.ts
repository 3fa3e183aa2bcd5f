import {
  type CostedFacts,
  type CostingFigures,
  chargeRateOf,
  chargeRateTypeOf,
  costBreakdownOf,
  costFactsOfTransaction,
  costingFiguresOf,
  costModelBrandOf,
  createCostModelLookup,
  formatScaledDecimal,
  marginSharePercentScale,
} from '@portico/contracts/costing/cost-rules';
import {
  CostingErrorCode,
  type CostingEstimateRow,
  type CostingQuery,
  type CostingRow,
  CostingText,
  type CostingWindow,
  costingInstantsOf,
  defaultCostingWindow,
  maxCostingEstimateRows,
} from '@portico/contracts/costing/costing';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import type { Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import {
  type CostBucketRow,
  readCostBuckets,
  readCostModels,
  readEstimateTransactions,
} from './costing.repository';

export const CostingError = defineErrors({
  TooManyEstimateRows: [CostingErrorCode.TooManyEstimateRows, 'business_rule'],
});

// The window asked for, else the last 90 days ending today (UTC, like the window itself).
export function resolveCostingWindow(query: CostingQuery, now: Date): CostingWindow {
  if (query.start !== undefined && query.end !== undefined) return { start: query.start, end: query.end };
  return defaultCostingWindow(now.toISOString().slice(0, 10));
}

// The figures on the wire: amounts with 2 decimals, the Bluesnap margin percent with 4.
function wireFiguresOf(f: CostingFigures) {
  const m = formatCentsAsDecimal;
  return {
    costing_total: m(f.costing_total),
    profit: m(f.profit),
    triple_tip: m(f.triple_tip),
    triple_surcharge: m(f.triple_surcharge),
    triple_platform_fee: m(f.triple_platform_fee),
    triple_cash_discount: m(f.triple_cash_discount),
    triple_convenience_fee: m(f.triple_convenience_fee),
    triple_initial_amount: m(f.triple_initial_amount),
    fis_split_fee: m(f.fis_split_fee),
    fis_interchange_amount: m(f.fis_interchange_amount),
    fis_surcharge_amount: m(f.fis_surcharge_amount),
    fis_convenience_fee_amount: m(f.fis_convenience_fee_amount),
    fis_fee: m(f.fis_fee),
    fis_dues_and_assessments: m(f.fis_dues_and_assessments),
    bluesnap_fee: m(f.bluesnap_fee),
    bluesnap_dues_and_assessments: m(f.bluesnap_dues_and_assessments),
    bluesnap_interchange_amount: m(f.bluesnap_interchange_amount),
    bluesnap_margin_share: m(f.bluesnap_margin_share),
    propay_bin_fee: m(f.propay_bin_fee),
    propay_ach_fee: m(f.propay_ach_fee),
    propay_split_pay_fee: m(f.propay_split_pay_fee),
    propay_interchange_fee: m(f.propay_interchange_fee),
    propay_authorization_fee: m(f.propay_authorization_fee),
    epx_estimated_fee: m(f.epx_estimated_fee),
    epx_estimated_dues_and_assessments: m(f.epx_estimated_dues_and_assessments),
    epx_estimated_interchange_amount: m(f.epx_estimated_interchange_amount),
    other_processor_costs: m(f.other_processor_costs),
    bluesnap_percent_of_remaining_margin: formatScaledDecimal(
      f.bluesnap_percent_of_remaining_margin,
      marginSharePercentScale,
    ),
  };
}

type RowGroup = { first: CostBucketRow; groups: CostedFacts[] };

function rowKeyOf(bucket: CostBucketRow): string {
  return [bucket.settlement_date ?? '', bucket.client_id, bucket.processor, bucket.payment_method ?? ''].join(
    '\u0001',
  );
}

// Costing rows: one per settlement date, merchant, processor and payment method, each
// priced group by group with the cost model in force (contracts cost-rules).
export async function costingRows(executor: Executor, window: CostingWindow): Promise<CostingRow[]> {
  const [models, buckets] = await Promise.all([
    readCostModels(executor),
    readCostBuckets(executor, costingInstantsOf(window)),
  ]);
  const modelOf = createCostModelLookup(models);
  const rows = new Map<string, RowGroup>();
  for (const bucket of buckets) {
    const key = rowKeyOf(bucket);
    const row = rows.get(key) ?? { first: bucket, groups: [] };
    row.groups.push({
      model: modelOf({
        processor: bucket.processor,
        brand: costModelBrandOf(bucket.payment_method, bucket.card_brand),
        cardType: bucket.card_type,
        day: bucket.day,
      }),
      facts: {
        volumeCents: bucket.volume,
        items: bucket.items,
        sales: bucket.sales,
        platformFeeCents: bucket.platform_fee,
        surchargeCents: bucket.surcharge,
      },
    });
    rows.set(key, row);
  }
  return [...rows.values()].map(({ first, groups }) => {
    const breakdown = costBreakdownOf(groups);
    const figures = costingFiguresOf(first.processor, first.payment_method, breakdown);
    const chargeRate = chargeRateOf(
      { cardRate: first.card_rate, achRate: first.ach_rate, cryptoRate: first.crypto_rate },
      first.payment_method,
    );
    return {
      settlement_date: first.settlement_date,
      merchant_id: first.client_id,
      dba_name: first.dba_name,
      parent: first.parent,
      processor: first.processor,
      payment_method: first.payment_method,
      transactions: breakdown.facts.items,
      ...wireFiguresOf(figures),
      triple_charge_rate: chargeRate,
      triple_charge_rate_type: chargeRateTypeOf(chargeRate),
      unpriced_transactions: breakdown.unpricedItems,
    };
  });
}

// Costing estimate rows: each transaction with the cost its processor's model puts on it
// alone (rounded per transaction, so the sum can differ from the costing rows by a few cents).
export async function costingEstimateRows(
  executor: Executor,
  window: CostingWindow,
): Promise<CostingEstimateRow[]> {
  const [models, transactions] = await Promise.all([
    readCostModels(executor),
    readEstimateTransactions(executor, costingInstantsOf(window), maxCostingEstimateRows + 1),
  ]);
  if (transactions.length > maxCostingEstimateRows) {
    throw CostingError.TooManyEstimateRows(CostingText.TooManyEstimateRows);
  }
  const modelOf = createCostModelLookup(models);
  return transactions.map((t) => {
    const model = modelOf({
      processor: t.processor,
      brand: costModelBrandOf(t.payment_method, t.card_brand),
      cardType: t.card_type,
      day: t.day,
    });
    const facts = costFactsOfTransaction({
      actionMode: t.action_mode,
      amountCents: t.amount,
      feeCents: t.fee,
      surchargeCents: t.surcharge,
      paymentStatus: t.payment_status,
      requestStatus: t.request_status,
      proPayStatus: t.pro_pay_status,
    });
    const cost = costBreakdownOf([{ model, facts }]);
    const processorFees =
      cost.processorVolumeFeeCents +
      cost.perItemFeeCents +
      cost.authorizationFeeCents +
      cost.splitFeeCents +
      cost.marginShareCents;
    return {
      parent: t.parent,
      dba_name: t.dba_name,
      mcc_code: t.mcc_code,
      created_at: t.created_at,
      payment_method_used: t.payment_method,
      processor: t.processor,
      type: t.type,
      action: t.action,
      status: t.status,
      card_brand: t.card_brand,
      card_type: t.card_type,
      amount: formatCentsAsDecimal(t.amount),
      fee: formatCentsAsDecimal(t.fee),
      settlement_amount: t.settlement_amount === null ? null : formatCentsAsDecimal(t.settlement_amount),
      settlement_date: t.settlement_date,
      id: t.id,
      estimated_interchange: formatCentsAsDecimal(cost.interchangeCents),
      estimated_dues_and_assessments: formatCentsAsDecimal(cost.duesAndAssessmentsCents),
      estimated_processor_fees: formatCentsAsDecimal(processorFees),
      estimated_cost: formatCentsAsDecimal(cost.totalCostCents),
      is_priced: model !== null,
    };
  });
}

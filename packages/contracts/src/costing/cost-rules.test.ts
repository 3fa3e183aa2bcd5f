import { describe, expect, it } from 'vitest';
import {
  basisPointCostCents,
  type CostFactsInput,
  type CostModel,
  chargeRateOf,
  chargeRateTypeOf,
  costBreakdownOf,
  costComponentsOf,
  costFactsOfTransaction,
  costingFiguresOf,
  costModelBrandOf,
  createCostModelLookup,
  findCostModel,
  formatScaledDecimal,
  marginShareCents,
  parseScaledDecimal,
  shareOfCents,
} from './cost-rules';

const model = (overrides: Partial<CostModel> = {}): CostModel => ({
  processor: 'fis',
  cardBrand: 'VISA',
  cardType: 'any',
  interchangeMilliBps: 180_000,
  duesAssessmentsMilliBps: 14_000,
  processorMilliBps: 5_000,
  perItemCents: 10,
  authorizationFeeCents: 3,
  splitFeeCents: 2,
  marginSharePercentScaled: 0,
  effectiveFrom: '2020-01-01',
  effectiveTo: null,
  ...overrides,
});

const sale = (overrides: Partial<CostFactsInput> = {}): CostFactsInput => ({
  actionMode: 'settle',
  amountCents: 10_000,
  feeCents: 320,
  surchargeCents: 300,
  paymentStatus: true,
  proPayStatus: null,
  requestStatus: true,
  ...overrides,
});

describe('scaled decimals', () => {
  it.each([
    ['180', 3, 180_000],
    ['13.75', 3, 13_750],
    ['16.500', 3, 16_500],
    ['20.0000', 4, 200_000],
    ['0', 4, 0],
    ['-1.5', 3, -1_500],
    ['1.25000', 3, 1_250],
  ])('reads %s with %i decimals as %i', (text, scale, value) => {
    expect(parseScaledDecimal(text, scale)).toBe(value);
  });

  it.each([
    ['1.2345', 3],
    ['abc', 3],
    ['', 3],
    ['1e3', 3],
  ])('refuses %s with %i decimals', (text, scale) => {
    expect(parseScaledDecimal(text, scale)).toBeNull();
  });

  it('writes a percent with exactly 4 decimals', () => {
    expect(formatScaledDecimal(200_000, 4)).toBe('20.0000');
    expect(formatScaledDecimal(5, 4)).toBe('0.0005');
    expect(formatScaledDecimal(0, 4)).toBe('0.0000');
    expect(formatScaledDecimal(-123_456, 4)).toBe('-12.3456');
  });
});

describe('percentages of an amount', () => {
  it('rounds half away from zero, in whole cents', () => {
    // 14 bps of 80.00 is 11.2 cents; 5 bps of 50.00 is 2.5 cents.
    expect(basisPointCostCents(8_000, 14_000)).toBe(11);
    expect(basisPointCostCents(5_000, 5_000)).toBe(3);
    expect(basisPointCostCents(-5_000, 5_000)).toBe(-3);
    expect(basisPointCostCents(20_000, 13_750)).toBe(28);
    expect(shareOfCents(1, 1, 3)).toBe(0);
  });

  it('stays exact far beyond float precision', () => {
    // 90 trillion cents at 250 bps: 2.25e15 cents, no drift.
    expect(basisPointCostCents(90_000_000_000_000, 250_000)).toBe(2_250_000_000_000);
  });
});

describe('which cost model prices a transaction', () => {
  const anyVisa = model();
  const debitVisa = model({ cardType: 'debit', interchangeMilliBps: 80_000 });
  const newerVisa = model({ effectiveFrom: '2025-07-01', interchangeMilliBps: 190_000 });
  const retiredVisa = model({ effectiveTo: '2025-07-01' });

  it('files cards by brand, bank payments as ACH, crypto as CRYPTO; cash has none', () => {
    expect(costModelBrandOf('card', 'visa')).toBe('VISA');
    expect(costModelBrandOf('check', null)).toBe('ACH');
    expect(costModelBrandOf('crypto', null)).toBe('CRYPTO');
    expect(costModelBrandOf('cash', null)).toBeNull();
    expect(costModelBrandOf('card', null)).toBeNull();
  });

  it('prefers the card type, then the brand for any type', () => {
    const key = { processor: 'fis', brand: 'VISA', day: '2025-06-01' } as const;
    expect(findCostModel([anyVisa, debitVisa], { ...key, cardType: 'debit' })).toBe(debitVisa);
    expect(findCostModel([anyVisa, debitVisa], { ...key, cardType: 'Debit' })).toBe(debitVisa);
    expect(findCostModel([anyVisa, debitVisa], { ...key, cardType: 'credit' })).toBe(anyVisa);
    expect(findCostModel([anyVisa, debitVisa], { ...key, cardType: null })).toBe(anyVisa);
  });

  it('takes the model in force on the day', () => {
    const models = [retiredVisa, newerVisa];
    const key = { processor: 'fis', brand: 'VISA', cardType: 'credit' } as const;
    expect(findCostModel(models, { ...key, day: '2025-06-30' })).toBe(retiredVisa);
    expect(findCostModel(models, { ...key, day: '2025-07-01' })).toBe(newerVisa);
    expect(findCostModel([anyVisa, newerVisa], { ...key, day: '2025-08-01' })).toBe(newerVisa);
    expect(findCostModel(models, { ...key, day: '2019-12-31' })).toBeNull();
  });

  it('finds nothing for another processor or an unknown brand', () => {
    const lookup = createCostModelLookup([anyVisa, debitVisa]);
    expect(lookup({ processor: 'epx', brand: 'VISA', cardType: null, day: '2025-06-01' })).toBeNull();
    expect(lookup({ processor: 'fis', brand: 'JCB', cardType: null, day: '2025-06-01' })).toBeNull();
    expect(lookup({ processor: 'fis', brand: 'VISA', cardType: 'debit', day: '2025-06-01' })).toBe(debitVisa);
  });
});

describe('what a transaction brings to costing', () => {
  it('a sale adds its volume, an item, a sale, its fee and surcharge', () => {
    expect(costFactsOfTransaction(sale())).toEqual({
      volumeCents: 10_000,
      items: 1,
      sales: 1,
      platformFeeCents: 320,
      surchargeCents: 300,
    });
  });

  it('a refund or void takes its volume back and is still an item', () => {
    for (const actionMode of ['refund', 'void'] as const) {
      expect(costFactsOfTransaction(sale({ actionMode, amountCents: 2_000, feeCents: 0 }))).toEqual({
        volumeCents: -2_000,
        items: 1,
        sales: 0,
        platformFeeCents: 0,
        surchargeCents: 0,
      });
    }
  });

  it('a decline moves no money but pays the item fees', () => {
    expect(costFactsOfTransaction(sale({ paymentStatus: false, feeCents: 10 }))).toEqual({
      volumeCents: 0,
      items: 1,
      sales: 0,
      platformFeeCents: 0,
      surchargeCents: 0,
    });
  });

  it('a request that never reached the processor is no item', () => {
    expect(costFactsOfTransaction(sale({ paymentStatus: false, requestStatus: false })).items).toBe(0);
  });

  it('a returned ACH item moves no volume, is an item, and its fee is no revenue', () => {
    expect(
      costFactsOfTransaction(sale({ actionMode: 'debit', proPayStatus: 'ACHInReturned', feeCents: 25 })),
    ).toEqual({ volumeCents: 0, items: 1, sales: 0, platformFeeCents: 0, surchargeCents: 0 });
  });
});

describe('cost of a group', () => {
  it('applies percentages to the volume and fees per item and per sale', () => {
    const facts = { volumeCents: 8_000, items: 2, sales: 1, platformFeeCents: 320, surchargeCents: 300 };
    expect(costComponentsOf(model(), facts)).toEqual({
      interchangeCents: 144,
      duesAndAssessmentsCents: 11,
      processorVolumeFeeCents: 4,
      perItemFeeCents: 20,
      authorizationFeeCents: 6,
      splitFeeCents: 2,
    });
  });

  it('shares the remaining margin only when there is one', () => {
    expect(marginShareCents(167, 200_000)).toBe(33);
    expect(marginShareCents(0, 200_000)).toBe(0);
    expect(marginShareCents(-50, 200_000)).toBe(0);
    expect(marginShareCents(167, 0)).toBe(0);
  });

  it('adds up a Bluesnap row: its costs, then 20 % of what margin is left', () => {
    const bluesnapMc = model({
      processor: 'bluesnap',
      cardBrand: 'MC',
      interchangeMilliBps: 185_000,
      duesAssessmentsMilliBps: 13_750,
      processorMilliBps: 10_000,
      authorizationFeeCents: 5,
      splitFeeCents: 0,
      marginSharePercentScaled: 200_000,
    });
    const facts = costFactsOfTransaction(sale({ amountCents: 20_000, feeCents: 600, surchargeCents: 0 }));
    const breakdown = costBreakdownOf([{ model: bluesnapMc, facts }]);
    // 370 + 28 + 20 + 10 + 5 = 433; margin 600 - 433 = 167; 20 % is 33.4.
    expect(breakdown).toMatchObject({ marginShareCents: 33, totalCostCents: 466, unpricedItems: 0 });
    const figures = costingFiguresOf('bluesnap', 'card', breakdown);
    expect(figures).toMatchObject({
      bluesnap_interchange_amount: 370,
      bluesnap_dues_and_assessments: 28,
      bluesnap_fee: 35,
      bluesnap_percent_of_remaining_margin: 200_000,
      bluesnap_margin_share: 33,
      costing_total: 466,
      profit: 134,
      triple_platform_fee: 600,
      triple_initial_amount: 20_000,
    });
  });

  it('counts items no model prices instead of pricing them at 0 silently', () => {
    const facts = costFactsOfTransaction(sale());
    const breakdown = costBreakdownOf([
      { model: null, facts },
      { model: model(), facts },
    ]);
    expect(breakdown.unpricedItems).toBe(1);
    expect(breakdown.facts.items).toBe(2);
    expect(breakdown.interchangeCents).toBe(180);
  });
});

describe('costing columns by processor', () => {
  const costColumns = [
    'fis_split_fee',
    'fis_interchange_amount',
    'fis_fee',
    'fis_dues_and_assessments',
    'bluesnap_fee',
    'bluesnap_dues_and_assessments',
    'bluesnap_interchange_amount',
    'bluesnap_margin_share',
    'propay_bin_fee',
    'propay_ach_fee',
    'propay_split_pay_fee',
    'propay_interchange_fee',
    'propay_authorization_fee',
    'epx_estimated_fee',
    'epx_estimated_dues_and_assessments',
    'epx_estimated_interchange_amount',
    'other_processor_costs',
  ] as const;
  const facts = costFactsOfTransaction(sale());

  it.each([
    ['fis', 'card'],
    ['bluesnap', 'card'],
    ['epx', 'card'],
    ['propay', 'card'],
    ['propay', 'check'],
    ['merchante', 'card'],
    ['xpress', 'check'],
    ['forumpay', 'crypto'],
  ] as const)('%s (%s): the cost columns add up to costing_total', (processor, paymentMethod) => {
    const breakdown = costBreakdownOf([
      { model: model({ processor, marginSharePercentScaled: 100_000 }), facts },
    ]);
    const figures = costingFiguresOf(processor, paymentMethod, breakdown);
    const sum = costColumns.reduce((total, column) => total + figures[column], 0);
    expect(sum).toBe(figures.costing_total);
    expect(figures.costing_total).toBeGreaterThan(0);
    expect(figures.profit).toBe(figures.triple_platform_fee - figures.costing_total);
  });

  it('puts FIS costs in the FIS columns and reports the surcharge it processed', () => {
    const figures = costingFiguresOf('fis', 'card', costBreakdownOf([{ model: model(), facts }]));
    // 100.00 at 180 / 14 / 5 bps, 10 + 3 cents an item, 2 cents a sale.
    expect(figures).toMatchObject({
      fis_interchange_amount: 180,
      fis_dues_and_assessments: 14,
      fis_fee: 18,
      fis_split_fee: 2,
      fis_surcharge_amount: 300,
      triple_surcharge: 300,
      costing_total: 214,
      profit: 106,
      bluesnap_fee: 0,
    });
  });

  it('puts all of a ProPay ACH item in propay_ach_fee, and ProPay card costs in their own columns', () => {
    const ach = model({
      processor: 'propay',
      cardBrand: 'ACH',
      interchangeMilliBps: 0,
      duesAssessmentsMilliBps: 0,
      processorMilliBps: 0,
      perItemCents: 25,
      authorizationFeeCents: 0,
      splitFeeCents: 0,
    });
    const achFacts = costFactsOfTransaction(sale({ actionMode: 'debit', feeCents: 65, surchargeCents: 0 }));
    expect(
      costingFiguresOf('propay', 'check', costBreakdownOf([{ model: ach, facts: achFacts }])),
    ).toMatchObject({
      propay_ach_fee: 25,
      costing_total: 25,
      profit: 40,
    });
    const card = model({
      processor: 'propay',
      processorMilliBps: 8_000,
      authorizationFeeCents: 5,
      splitFeeCents: 3,
    });
    expect(costingFiguresOf('propay', 'card', costBreakdownOf([{ model: card, facts }]))).toMatchObject({
      propay_interchange_fee: 194,
      propay_bin_fee: 8,
      propay_authorization_fee: 15,
      propay_split_pay_fee: 3,
      propay_ach_fee: 0,
    });
  });
});

describe('the merchant charge rate', () => {
  const rates = { cardRate: '2.90+0.30', achRate: '0.50+0.25', cryptoRate: null };

  it('is the pricing of the rail the row covers', () => {
    expect(chargeRateOf(rates, 'card')).toBe('2.90+0.30');
    expect(chargeRateOf(rates, 'check')).toBe('0.50+0.25');
    expect(chargeRateOf(rates, 'crypto')).toBeNull();
    expect(chargeRateOf(rates, 'cash')).toBeNull();
  });

  it('is interchange-plus when it starts with IC, else a flat rate', () => {
    expect(chargeRateTypeOf('IC+10bps+5c')).toBe('interchange_plus');
    expect(chargeRateTypeOf('2.90+0.30')).toBe('flat_rate');
    expect(chargeRateTypeOf(null)).toBeNull();
    expect(chargeRateTypeOf(' ')).toBeNull();
  });
});

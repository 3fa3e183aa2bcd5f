import { describe, expect, it } from 'vitest';
import { costingColumns, costingEstimateColumns, costingHeaderOf } from './costing-columns.utils';

describe('costing columns', () => {
  it('names the costing fields for people', () => {
    expect(costingHeaderOf('fis_dues_and_assessments')).toBe('FIS Dues and Assessments');
    expect(costingHeaderOf('bluesnap_percent_of_remaining_margin')).toBe(
      'Bluesnap Percent of Remaining Margin',
    );
    expect(costingHeaderOf('propay_bin_fee')).toBe('ProPay BIN Fee');
    expect(costingHeaderOf('propay_ach_fee')).toBe('ProPay ACH Fee');
    expect(costingHeaderOf('epx_estimated_interchange_amount')).toBe('EPX Estimated Interchange Amount');
    expect(costingHeaderOf('dba_name')).toBe('Merchant');
    expect(costingHeaderOf('mcc_code')).toBe('MCC Code');
  });

  it('shows every costing field: amounts as money, the Bluesnap margin percent with 4 decimals', () => {
    const ids = costingColumns.map((column) => column.id);
    for (const field of [
      'settlement_date',
      'costing_total',
      'profit',
      'triple_tip',
      'triple_surcharge',
      'triple_platform_fee',
      'triple_cash_discount',
      'triple_convenience_fee',
      'triple_initial_amount',
      'triple_charge_rate',
      'triple_charge_rate_type',
      'fis_split_fee',
      'fis_interchange_amount',
      'fis_surcharge_amount',
      'fis_convenience_fee_amount',
      'fis_fee',
      'fis_dues_and_assessments',
      'bluesnap_fee',
      'bluesnap_dues_and_assessments',
      'bluesnap_interchange_amount',
      'bluesnap_percent_of_remaining_margin',
      'propay_bin_fee',
      'propay_ach_fee',
      'propay_split_pay_fee',
      'propay_interchange_fee',
      'propay_authorization_fee',
      'epx_estimated_fee',
      'epx_estimated_dues_and_assessments',
      'epx_estimated_interchange_amount',
    ]) {
      expect(ids, field).toContain(field);
    }
    const kindOf = (id: string) => costingColumns.find((column) => column.id === id);
    expect(kindOf('costing_total')?.kind).toBe('money');
    expect(kindOf('bluesnap_percent_of_remaining_margin')).toMatchObject({ kind: 'number', decimals: 4 });
  });

  it('lists the estimates fields in order, then the estimate', () => {
    expect(costingEstimateColumns.map((column) => column.id).slice(0, 15)).toEqual([
      'parent',
      'dba_name',
      'mcc_code',
      'created_at',
      'payment_method_used',
      'processor',
      'type',
      'action',
      'status',
      'card_brand',
      'card_type',
      'amount',
      'fee',
      'settlement_amount',
      'settlement_date',
    ]);
  });

  it('totals money columns only: counts and the margin percent stay out of the totals line', () => {
    for (const columns of [costingColumns, costingEstimateColumns]) {
      for (const column of columns) {
        const isTotalled =
          (column.kind === 'money' || column.kind === 'number') && column.isTotalled !== false;
        expect(isTotalled, column.id).toBe(column.kind === 'money');
      }
    }
  });
});

import { processorLabels } from '@portico/contracts/common/processors';
import type { CostingEstimateRow, CostingRow } from '@portico/contracts/costing/costing';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';

const wordLabels: Readonly<Record<string, string>> = {
  fis: 'FIS',
  epx: 'EPX',
  ach: 'ACH',
  bin: 'BIN',
  mcc: 'MCC',
  id: 'ID',
  dba: 'DBA',
  propay: 'ProPay',
  bluesnap: 'Bluesnap',
};
const smallWords = new Set(['and', 'of']);
const headerOverrides: Readonly<Record<string, string>> = { dba_name: 'Merchant' };

// 'fis_dues_and_assessments' → 'FIS Dues and Assessments'.
export function costingHeaderOf(field: string): string {
  const override = headerOverrides[field];
  if (override) return override;
  return field
    .split('_')
    .filter((word) => word !== '')
    .map((word, index) => {
      const label = wordLabels[word];
      if (label) return label;
      if (index > 0 && smallWords.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}

export const paymentMethodLabels: Readonly<Record<string, string>> = {
  card: 'Card',
  check: 'ACH',
  crypto: 'Crypto',
  cash: 'Cash',
};

type Field<Row> = Extract<keyof Row, string>;

function money<Row>(field: Field<Row>): DataGridColumn<Row> {
  return {
    id: field,
    header: costingHeaderOf(field),
    kind: 'money',
    hasCurrencySign: true,
    value: (row) => row[field],
  };
}

function text<Row>(field: Field<Row>, width?: number): DataGridColumn<Row> {
  return {
    id: field,
    header: costingHeaderOf(field),
    kind: 'text',
    value: (row) => row[field],
    ...(width ? { width } : {}),
  };
}

// Counts group by sum but stay out of the totals line, which totals money only.
function count<Row>(field: Field<Row>): DataGridColumn<Row> {
  return {
    id: field,
    header: costingHeaderOf(field),
    kind: 'number',
    decimals: 0,
    isTotalled: false,
    value: (row) => row[field],
  };
}

function labelled<Row>(field: Field<Row>, enumLabels: Readonly<Record<string, string>>): DataGridColumn<Row> {
  return { id: field, header: costingHeaderOf(field), kind: 'enum', enumLabels, value: (row) => row[field] };
}

// The costing row: every field in the row's own order, amounts with 2 decimals, the Bluesnap
// margin percent with 4.
export const costingColumns: readonly DataGridColumn<CostingRow>[] = [
  {
    id: 'settlement_date',
    header: costingHeaderOf('settlement_date'),
    kind: 'date',
    dateFormat: 'yyyy-mm-dd',
    value: (row) => row.settlement_date,
    pinned: 'left',
  },
  { ...text<CostingRow>('dba_name', 220), pinned: 'left' },
  text('parent', 200),
  labelled('processor', processorLabels),
  labelled('payment_method', paymentMethodLabels),
  count('transactions'),
  money('costing_total'),
  money('profit'),
  money('triple_tip'),
  money('triple_surcharge'),
  money('triple_platform_fee'),
  money('triple_cash_discount'),
  money('triple_convenience_fee'),
  money('triple_initial_amount'),
  text('triple_charge_rate'),
  labelled('triple_charge_rate_type', { interchange_plus: 'Interchange Plus', flat_rate: 'Flat Rate' }),
  money('fis_split_fee'),
  money('fis_interchange_amount'),
  money('fis_surcharge_amount'),
  money('fis_convenience_fee_amount'),
  money('fis_fee'),
  money('fis_dues_and_assessments'),
  money('bluesnap_fee'),
  money('bluesnap_dues_and_assessments'),
  money('bluesnap_interchange_amount'),
  {
    id: 'bluesnap_percent_of_remaining_margin',
    header: costingHeaderOf('bluesnap_percent_of_remaining_margin'),
    kind: 'number',
    decimals: 4,
    aggregate: 'avg',
    isTotalled: false,
    value: (row) => Number(row.bluesnap_percent_of_remaining_margin),
  },
  money('propay_bin_fee'),
  money('propay_ach_fee'),
  money('propay_split_pay_fee'),
  money('propay_interchange_fee'),
  money('propay_authorization_fee'),
  money('epx_estimated_fee'),
  money('epx_estimated_dues_and_assessments'),
  money('epx_estimated_interchange_amount'),
  money('bluesnap_margin_share'),
  money('other_processor_costs'),
  count('unpriced_transactions'),
];

// The costing estimates row, then the estimate itself.
export const costingEstimateColumns: readonly DataGridColumn<CostingEstimateRow>[] = [
  text('parent', 200),
  text('dba_name', 220),
  text('mcc_code'),
  {
    id: 'created_at',
    header: costingHeaderOf('created_at'),
    kind: 'datetime',
    dateFormat: 'yyyy-mm-dd hh:mm:ss',
    value: (row) => row.created_at,
  },
  labelled('payment_method_used', paymentMethodLabels),
  labelled('processor', processorLabels),
  text('type'),
  text('action'),
  text('status'),
  text('card_brand'),
  text('card_type'),
  money('amount'),
  money('fee'),
  money('settlement_amount'),
  {
    id: 'settlement_date',
    header: costingHeaderOf('settlement_date'),
    kind: 'date',
    dateFormat: 'yyyy-mm-dd',
    value: (row) => row.settlement_date,
  },
  money('estimated_interchange'),
  money('estimated_dues_and_assessments'),
  money('estimated_processor_fees'),
  money('estimated_cost'),
  { id: 'is_priced', header: 'Priced', kind: 'boolean', value: (row) => row.is_priced },
  { ...text<CostingEstimateRow>('id', 300), hidden: true },
];

import type {
  HighTicketRow,
  HighVelocityRow,
  MerchantHistoryRow,
  StdDevRow,
} from '@portico/contracts/risk/risk';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';

export const riskExportFileNames = {
  stdDev: 'StandardDeviations.xlsx',
  highTicket: 'OverHighTicketLimit.xlsx',
  highVelocity: 'HighVelocity.xlsx',
} as const;

const reviewedLabels = { true: 'Reviewed', false: 'Open' } as const;

export const stdDevColumns: readonly DataGridColumn<StdDevRow>[] = [
  { id: 'merchant', header: 'Merchant', kind: 'text', value: (row) => row.merchant, width: 220 },
  {
    id: 'transaction_id',
    header: 'Transaction ID',
    kind: 'text',
    value: (row) => row.transaction_id,
    width: 300,
    hidden: true,
  },
  { id: 'amount', header: 'Amount', kind: 'money', value: (row) => row.amount, hasCurrencySign: true },
  {
    id: 'avg_amount',
    header: 'Average Amount',
    kind: 'money',
    value: (row) => row.avg_amount,
    hasCurrencySign: true,
  },
  { id: 'created_at', header: 'Created', kind: 'datetime', value: (row) => row.created_at, width: 210 },
  {
    id: 'has_notes',
    header: 'Notes',
    kind: 'enum',
    enumLabels: reviewedLabels,
    value: (row) => String(row.has_notes),
    width: 110,
  },
];

export const highTicketColumns: readonly DataGridColumn<HighTicketRow>[] = [
  { id: 'name', header: 'Merchant', kind: 'text', value: (row) => row.name, width: 220 },
  { id: 'id', header: 'Transaction ID', kind: 'text', value: (row) => row.id, width: 300, hidden: true },
  { id: 'created_at', header: 'Created', kind: 'datetime', value: (row) => row.created_at, width: 210 },
  {
    id: 'limits_high_ticket',
    header: 'High Ticket Limit',
    kind: 'money',
    value: (row) => row.limits_high_ticket,
    hasCurrencySign: true,
    isTotalled: false,
  },
  { id: 'amount', header: 'Amount', kind: 'money', value: (row) => row.amount, hasCurrencySign: true },
  {
    id: 'has_notes',
    header: 'Notes',
    kind: 'enum',
    enumLabels: reviewedLabels,
    value: (row) => String(row.has_notes),
    width: 110,
  },
];

export const highVelocityColumns: readonly DataGridColumn<HighVelocityRow>[] = [
  { id: 'name', header: 'Merchant', kind: 'text', value: (row) => row.name, width: 220 },
  { id: 'id', header: 'Transaction ID', kind: 'text', value: (row) => row.id, width: 300, hidden: true },
  { id: 'amount', header: 'Amount', kind: 'money', value: (row) => row.amount, hasCurrencySign: true },
  { id: 'created_at', header: 'Created', kind: 'datetime', value: (row) => row.created_at, width: 210 },
  {
    id: 'risk_velocity',
    header: 'Payments in the Hour',
    kind: 'number',
    value: (row) => row.risk_velocity,
    isTotalled: false,
  },
  {
    id: 'limits_hourly_velocity',
    header: 'Hourly Velocity Limit',
    kind: 'number',
    value: (row) => row.limits_hourly_velocity,
    isTotalled: false,
  },
  {
    id: 'has_notes',
    header: 'Notes',
    kind: 'enum',
    enumLabels: reviewedLabels,
    value: (row) => String(row.has_notes),
    width: 110,
  },
];

// 'Status Change History': Merchant, Status, Changed By, Date/Time.
export const merchantHistoryColumns: readonly DataGridColumn<MerchantHistoryRow>[] = [
  { id: 'merchantName', header: 'Merchant', kind: 'text', value: (row) => row.merchantName, width: 240 },
  { id: 'status', header: 'Status', kind: 'text', value: (row) => row.status, width: 110 },
  { id: 'changedBy', header: 'Changed By', kind: 'text', value: (row) => row.changedBy ?? '', width: 220 },
  { id: 'timestamp', header: 'Date/Time', kind: 'datetime', value: (row) => row.timestamp, width: 220 },
];

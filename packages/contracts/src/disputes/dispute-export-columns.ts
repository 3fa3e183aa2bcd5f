import { type ExportColumnDefinition, textOrUndefined } from '../transactions/report-export-columns';
import { centsOfMoneyText } from '../transactions/transaction';
import { cardTextOf, DisputeCategoryLabel, DisputeStatusLabel, daysLeftOfDispute } from './dispute-rules';
import type { DisputeRow } from './disputes';

// The Disputes grid's columns as a server-side export writes them: the same ids, headers and values
// as the portal's grid (apps/web dispute-columns.utils.tsx, with its Merchant column; a web test holds
// the two together). Days left are counted from `now`, the moment the export reads its rows, as the
// grid counts them from the moment it read its own.

const timeOf = (iso: string | null) => (iso === null ? undefined : Date.parse(iso));

export function disputeExportColumns(now: Date): readonly ExportColumnDefinition<DisputeRow>[] {
  return [
    {
      id: 'status',
      header: 'Status',
      kind: 'enum',
      enumLabels: DisputeStatusLabel,
      value: (row) => row.status,
    },
    { id: 'merchant', header: 'Merchant', kind: 'text', value: (row) => row.merchant_name },
    { id: 'amount', header: 'Amount', kind: 'money', value: (row) => centsOfMoneyText(row.amount) },
    { id: 'respond_by', header: 'Respond by', kind: 'datetime', value: (row) => timeOf(row.respond_by) },
    {
      id: 'days_left',
      header: 'Days left to respond',
      kind: 'number',
      value: (row) => daysLeftOfDispute(row, now) ?? undefined,
    },
    {
      id: 'category',
      header: 'Reason',
      kind: 'enum',
      enumLabels: DisputeCategoryLabel,
      value: (row) => row.category,
    },
    { id: 'card', header: 'Card', kind: 'text', value: (row) => textOrUndefined(cardTextOf(row)) },
    { id: 'customer', header: 'Customer', kind: 'text', value: (row) => textOrUndefined(row.customer) },
    { id: 'opened_at', header: 'Opened', kind: 'datetime', value: (row) => timeOf(row.opened_at) },
  ];
}

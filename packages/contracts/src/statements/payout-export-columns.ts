import { processorLabels } from '../common/processors';
import type { ExportColumnDefinition } from '../transactions/report-export-columns';
import { centsOfMoneyText } from '../transactions/transaction';
import { type PayoutRow, payoutStatusLabels } from './statements';

// The Payouts grid's columns as a server-side export writes them: the same ids, headers and values as
// the portal's grid (apps/web statement-columns.utils.ts payoutColumns; a web test holds the two
// together). The payout date and statement month are the grid's own texts (yyyy-mm-dd, yyyy-mm).
export const payoutExportColumns: readonly ExportColumnDefinition<PayoutRow>[] = [
  { id: 'merchant_name', header: 'Merchant', kind: 'text', value: (row) => row.merchant_name },
  {
    id: 'amount',
    header: 'Amount',
    kind: 'money',
    value: (row) => centsOfMoneyText(row.payout_details.amount),
  },
  { id: 'payout_date', header: 'Payout Date', kind: 'text', value: (row) => row.payout_date },
  {
    id: 'processor',
    header: 'Processor',
    kind: 'enum',
    enumLabels: processorLabels,
    value: (row) => row.payout_details.processor,
  },
  {
    id: 'status',
    header: 'Status',
    kind: 'enum',
    enumLabels: payoutStatusLabels,
    value: (row) => row.payout_details.status,
  },
  {
    id: 'statement_month',
    header: 'Statement',
    kind: 'text',
    value: (row) => row.payout_details.statement_month,
  },
];

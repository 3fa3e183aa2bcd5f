import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import {
  grossAmountCentsOfTransaction,
  netAmountCentsOfTransaction,
} from '@portico/contracts/transactions/gross-net';
import { defaultAdminReportRangeDays, type ReportRow } from '@portico/contracts/transactions/report';
import {
  lastFourDigitsOfWireTransaction,
  moneyFactsOfTransaction,
} from '@portico/contracts/transactions/transaction';
import {
  actionModeLabels,
  transactionStatusLabel,
  transactionTypeLabels,
} from '@portico/contracts/transactions/transaction-labels';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { addDays, usableTimeZone, zonedDayOf, zonedDayStartIso } from '../../../lib/time-zone/zoned-days';

// The two report tabs of /admin-reporting: Home reads the transactions as the
// classic report does; with-snowflake reads the reporting source (GET /api/v1/report?start&end&
// snowflake=true), which in this build is the same database.
export type AdminReportSource = 'home' | 'with-snowflake';

export type AdminReportRange = { from: string; to: string };

// Admin reports open on the last 30 days: From 30 days ago, To today, in the user's timezone.
export function defaultAdminReportRange(now: Date, timeZone: string): AdminReportRange {
  const today = zonedDayOf(now, usableTimeZone(timeZone));
  return { from: addDays(today, -defaultAdminReportRangeDays), to: today };
}

export function adminReportRangeProblem(range: AdminReportRange): string | null {
  if (range.from === '' || range.to === '') return 'Choose a From and a To date';
  if (range.from > range.to) return 'Start date must be on or before end date';
  return null;
}

type QueryValue = string | boolean;

// Every row of the window in one answer (is_portal_request=true without the NDJSON Accept: the
// server's JSON form of Load All). Home sends the user's days as instants like the classic report;
// the warehouse call sends only start and end, read as whole UTC days.
export function adminReportQuery(
  source: AdminReportSource,
  range: AdminReportRange,
  timeZone: string,
): Record<string, QueryValue> {
  const days = { start: range.from, end: range.to };
  if (source === 'with-snowflake') return { ...days, snowflake: true, is_portal_request: true };
  return {
    ...days,
    start_at: zonedDayStartIso(range.from, usableTimeZone(timeZone)),
    end_at: zonedDayStartIso(addDays(range.to, 1), usableTimeZone(timeZone)),
    is_portal_request: true,
  };
}

function grossOf(row: ReportRow): string {
  return formatCentsAsDecimal(grossAmountCentsOfTransaction(moneyFactsOfTransaction(row[1])));
}

// Net needs the fee: without it (no advanced fields) it is not shown.
function netOf(row: ReportRow): string | null {
  if (row[1].fee === undefined) return null;
  return formatCentsAsDecimal(netAmountCentsOfTransaction(moneyFactsOfTransaction(row[1])));
}

// The report row [created time, transaction, merchant DBA name, parent name], with gross
// and net by the contracts rules.
export const adminReportColumns: readonly DataGridColumn<ReportRow>[] = [
  {
    id: 'created_at',
    header: 'Date',
    kind: 'datetime',
    dateFormat: 'yyyy-mm-dd hh:mm:ss',
    value: (row) => row[0],
    pinned: 'left',
  },
  { id: 'merchant', header: 'Merchant', kind: 'text', width: 220, value: (row) => row[2] },
  { id: 'parent', header: 'Parent', kind: 'text', width: 200, value: (row) => row[3] },
  // Types and statuses as words, by the contracts labels the reports use.
  {
    id: 'type',
    header: 'Type',
    kind: 'enum',
    enumLabels: transactionTypeLabels,
    value: (row) => row[1].type,
  },
  {
    id: 'action_mode',
    header: 'Action Mode',
    kind: 'enum',
    enumLabels: actionModeLabels,
    value: (row) => row[1].action_mode,
  },
  {
    id: 'status',
    header: 'Status',
    kind: 'text',
    value: (row) => transactionStatusLabel(row[1].status, row[1].payment_status),
  },
  { id: 'amount', header: 'Amount', kind: 'money', value: (row) => row[1].amount },
  { id: 'fee', header: 'Fee', kind: 'money', value: (row) => row[1].fee ?? null },
  { id: 'surcharge', header: 'Surcharge', kind: 'money', value: (row) => row[1].surcharge ?? null },
  { id: 'gross_amount', header: 'Gross Amount', kind: 'money', value: grossOf },
  { id: 'net_amount', header: 'Net Amount', kind: 'money', value: netOf },
  { id: 'card_brand', header: 'Card Brand', kind: 'text', value: (row) => row[1].card_brand },
  { id: 'card_type', header: 'Card Type', kind: 'text', value: (row) => row[1].card_type },
  { id: 'last4', header: 'Last 4', kind: 'text', value: (row) => lastFourDigitsOfWireTransaction(row[1]) },
  {
    id: 'settlement_date',
    header: 'Settlement Date',
    kind: 'date',
    dateFormat: 'yyyy-mm-dd',
    value: (row) => row[1].settlement?.date ?? null,
  },
  {
    id: 'settlement_amount',
    header: 'Settlement Amount',
    kind: 'money',
    value: (row) => row[1].settlement?.amount ?? null,
  },
  { id: 'id', header: 'Transaction ID', kind: 'text', width: 300, value: (row) => row[1].id },
];

export function adminReportFileName(source: AdminReportSource): string {
  return source === 'with-snowflake' ? 'Admin Report (with-snowflake).xlsx' : 'Admin Report.xlsx';
}

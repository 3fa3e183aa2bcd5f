import { Badge, Button, Group } from '@mantine/core';
import type { ReportRow } from '@portico/contracts/transactions/report';
import type { SearchRow } from '@portico/contracts/transactions/search';
import {
  lastFourDigitsOfWireTransaction,
  TestPaymentText,
  type Transaction,
} from '@portico/contracts/transactions/transaction';
import { transactionTypeLabels } from '@portico/contracts/transactions/transaction-labels';
import type { MerchantPermissionGrants } from '@portico/contracts/transactions/void-refund-eligibility';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import type { ReportAbilities } from '../utils/report-permissions.utils';
import {
  customerEmailOf,
  customerNameOf,
  grossAmountOf,
  locationNameOf,
  netAmountOf,
  paymentStatusText,
  signedAmountOf,
  transactionActionsOf,
  transactionStateOf,
  transactionStateText,
} from '../utils/transaction-view.utils';

type RowActions<Row> = {
  abilities: ReportAbilities;
  grants: MerchantPermissionGrants;
  now: Date;
  onVoid: (row: Row) => void;
  onRefund: (row: Row) => void;
  // Pinned to the right edge on wide screens; on a phone two pinned columns would hide the rest.
  arePinned?: boolean;
};

// The Void and Refund columns: shown with the permissions, a button only on rows the
// contracts rules allow right now (never on a voided or fully refunded one). They sit at the row's
// end, pinned on wide screens so they stay in reach while the row scrolls; they export as empty
// columns. Their ids are unchanged, so saved layouts still place them.
function actionColumns<Row>(
  transactionOf: (row: Row) => Transaction,
  { abilities, grants, now, onVoid, onRefund, arePinned = true }: RowActions<Row>,
): DataGridColumn<Row>[] {
  const pinned = arePinned ? ('right' as const) : undefined;
  const columns: DataGridColumn<Row>[] = [];
  if (abilities.canVoid) {
    columns.push({
      id: 'void',
      header: 'Void',
      kind: 'text',
      width: 80,
      pinned,
      value: () => '',
      filter: false,
      isSortable: false,
      renderCell: (row) =>
        transactionActionsOf(transactionOf(row), now, grants).canVoid ? (
          <Button size="compact-xs" color="red" variant="light" onClick={() => onVoid(row)}>
            Void
          </Button>
        ) : null,
    });
  }
  if (abilities.canRefund) {
    columns.push({
      id: 'refund',
      header: 'Refund',
      kind: 'text',
      width: 90,
      pinned,
      value: () => '',
      filter: false,
      isSortable: false,
      renderCell: (row) =>
        transactionActionsOf(transactionOf(row), now, grants).canRefund ? (
          <Button size="compact-xs" variant="light" onClick={() => onRefund(row)}>
            Refund
          </Button>
        ) : null,
    });
  }
  return columns;
}

// Status in words, or what happened to the transaction: 'Voided', 'Refunded', 'Partially refunded'
// (the cell adds the amount left to refund; filters and exports keep the state alone). A test
// payment's cell leads with a 'Test' badge.
function statusColumn<Row>(transactionOf: (row: Row) => Transaction): DataGridColumn<Row> {
  return {
    id: 'status',
    header: 'Status',
    kind: 'enum',
    value: (row) => transactionStateOf(transactionOf(row)),
    renderCell: (row, text) => {
      const transaction = transactionOf(row);
      const full = transactionStateText(transaction);
      const state = full === text ? text : <span title={full}>{full}</span>;
      if (transaction.is_test !== true) return state;
      return (
        <Group gap={4} wrap="nowrap">
          <Badge size="xs" color="orange" variant="light" title={TestPaymentText.Description}>
            {TestPaymentText.Badge}
          </Badge>
          {state}
        </Group>
      );
    },
    width: 150,
  };
}

// The 36-character id, narrow: the detail viewer shows it whole.
function idColumn<Row>(value: (row: Row) => string): DataGridColumn<Row> {
  return { id: 'id', header: 'Transaction ID', kind: 'text', value, width: 110 };
}

const transactionOfReportRow = (row: ReportRow) => row[1];

// The classic report, leading with what a person reads first: Date, Merchant, Amount,
// Status, Customer. Fee, Net Amount and Surcharge only with REPORTS_ADVANCED.
export function reportColumns(actions: RowActions<ReportRow>): DataGridColumn<ReportRow>[] {
  const advanced: DataGridColumn<ReportRow>[] = actions.abilities.canSeeAdvancedFields
    ? [
        {
          id: 'fee',
          header: 'Fee',
          kind: 'money',
          hasCurrencySign: true,
          value: (row) => row[1].fee ?? null,
        },
        {
          id: 'net_amount',
          header: 'Net Amount',
          kind: 'money',
          hasCurrencySign: true,
          value: (row) => netAmountOf(row[1]),
        },
        {
          id: 'surcharge',
          header: 'Surcharge',
          kind: 'money',
          hasCurrencySign: true,
          value: (row) => row[1].surcharge ?? null,
        },
      ]
    : [];
  return [
    {
      id: 'created_at',
      header: 'Date',
      kind: 'datetime',
      dateFormat: 'yyyy-mm-dd hh:mm:ss',
      value: (row) => row[0],
      width: 205,
    },
    { id: 'merchant', header: 'Merchant', kind: 'text', value: (row) => row[2], width: 200 },
    {
      id: 'amount',
      header: 'Amount',
      kind: 'money',
      hasCurrencySign: true,
      value: (row) => signedAmountOf(row[1]),
    },
    statusColumn(transactionOfReportRow),
    { id: 'customer', header: 'Customer', kind: 'text', value: (row) => customerNameOf(row[1]), width: 170 },
    {
      id: 'type',
      header: 'Type',
      kind: 'enum',
      value: (row) => row[1].type,
      enumLabels: transactionTypeLabels,
      width: 130,
    },
    {
      id: 'gross_amount',
      header: 'Gross Amount',
      kind: 'money',
      hasCurrencySign: true,
      value: (row) => grossAmountOf(row[1]),
    },
    ...advanced,
    {
      id: 'payment_status',
      header: 'Payment Status',
      kind: 'enum',
      value: (row) => paymentStatusText(row[1]),
      width: 120,
    },
    { id: 'email', header: 'Email', kind: 'text', value: (row) => customerEmailOf(row[1]), width: 220 },
    { id: 'card_brand', header: 'Card Brand', kind: 'enum', value: (row) => row[1].card_brand, width: 110 },
    { id: 'card_type', header: 'Card Type', kind: 'enum', value: (row) => row[1].card_type, width: 100 },
    {
      id: 'last_four',
      header: 'Last 4',
      kind: 'text',
      value: (row) => lastFourDigitsOfWireTransaction(row[1]),
      width: 80,
    },
    { id: 'location', header: 'Location', kind: 'text', value: (row) => locationNameOf(row[1]), width: 150 },
    { id: 'parent', header: 'Parent', kind: 'text', value: (row) => row[3], width: 170 },
    { id: 'action', header: 'Action', kind: 'text', value: (row) => row[1].action, width: 110 },
    {
      id: 'settlement_amount',
      header: 'Settlement Amount',
      kind: 'money',
      hasCurrencySign: true,
      value: (row) => row[1].settlement?.amount ?? null,
    },
    {
      id: 'settlement_date',
      header: 'Settlement Date',
      kind: 'date',
      value: (row) => row[1].settlement?.date ?? null,
      dateFormat: 'yyyy-mm-dd',
    },
    idColumn((row) => row[1].id),
    ...actionColumns(transactionOfReportRow, actions),
  ];
}

const transactionOfSearchRow = (row: SearchRow) => row.transaction_details;

// The search result row, in the same reading order as the report.
export function searchResultColumns(actions: RowActions<SearchRow>): DataGridColumn<SearchRow>[] {
  return [
    {
      id: 'date_time',
      header: 'Date/Time',
      kind: 'datetime',
      dateFormat: 'yyyy-mm-dd hh:mm:ss',
      value: (row) => row.date_time,
      width: 205,
    },
    {
      id: 'merchant',
      header: 'Merchant',
      kind: 'text',
      value: (row) => row.transaction_details.client?.merchant.name ?? null,
      width: 200,
    },
    {
      id: 'amount',
      header: 'Amount',
      kind: 'money',
      hasCurrencySign: true,
      value: (row) => signedAmountOf(row.transaction_details),
    },
    statusColumn(transactionOfSearchRow),
    { id: 'customer', header: 'Customer', kind: 'text', value: (row) => row.customer, width: 200 },
    {
      id: 'transaction_type',
      header: 'Transaction Type',
      kind: 'enum',
      value: (row) => row.transaction_type,
      enumLabels: transactionTypeLabels,
      width: 140,
    },
    {
      id: 'payment_type',
      header: 'Payment Type',
      kind: 'enum',
      value: (row) => row.payment_type,
      width: 130,
    },
    { id: 'account', header: 'Account', kind: 'text', value: (row) => row.account, width: 100 },
    idColumn((row) => row.id),
    ...actionColumns(transactionOfSearchRow, actions),
  ];
}

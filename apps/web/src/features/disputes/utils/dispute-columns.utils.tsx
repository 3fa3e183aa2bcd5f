import { Text } from '@mantine/core';
import {
  cardTextOf,
  DisputeCategoryLabel,
  DisputeStatusLabel,
  daysLeftOfDispute,
  isUrgent,
} from '@portico/contracts/disputes/dispute-rules';
import type { DisputeRow } from '@portico/contracts/disputes/disputes';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';

// Under 5 days left the count is shown in Mantine's red.8, which keeps 4.5:1 contrast on white
// (AA for normal text); otherwise in the ordinary text colour.
export const urgentDaysLeftColor = 'red.8';
export function daysLeftColorOf(daysLeft: number | null): string | undefined {
  return daysLeft !== null && isUrgent(daysLeft) ? urgentDaysLeftColor : undefined;
}

export function disputeColumns(now: Date, withMerchant: boolean): DataGridColumn<DisputeRow>[] {
  const columns: DataGridColumn<DisputeRow>[] = [
    {
      id: 'status',
      header: 'Status',
      kind: 'enum',
      enumLabels: DisputeStatusLabel,
      value: (row) => row.status,
      width: 140,
    },
    {
      id: 'amount',
      header: 'Amount',
      kind: 'money',
      value: (row) => row.amount,
      hasCurrencySign: true,
      width: 120,
    },
    {
      id: 'respond_by',
      header: 'Respond by',
      kind: 'datetime',
      value: (row) => row.respond_by,
      width: 200,
    },
    {
      id: 'days_left',
      header: 'Days left to respond',
      kind: 'number',
      decimals: 0,
      isTotalled: false,
      aggregate: null,
      value: (row) => daysLeftOfDispute(row, now),
      renderCell: (row, text) => {
        const color = daysLeftColorOf(daysLeftOfDispute(row, now));
        return color === undefined ? (
          text
        ) : (
          <Text component="span" size="sm" c={color} fw={700}>
            {text}
          </Text>
        );
      },
      width: 170,
    },
    {
      id: 'category',
      header: 'Reason',
      kind: 'enum',
      enumLabels: DisputeCategoryLabel,
      value: (row) => row.category,
      width: 190,
    },
    { id: 'card', header: 'Card', kind: 'text', value: cardTextOf, width: 180 },
    { id: 'customer', header: 'Customer', kind: 'text', value: (row) => row.customer ?? '', width: 170 },
    { id: 'opened_at', header: 'Opened', kind: 'datetime', value: (row) => row.opened_at, width: 200 },
  ];
  if (withMerchant) {
    columns.splice(1, 0, {
      id: 'merchant',
      header: 'Merchant',
      kind: 'text',
      value: (row) => row.merchant_name,
      width: 200,
    });
  }
  return columns;
}

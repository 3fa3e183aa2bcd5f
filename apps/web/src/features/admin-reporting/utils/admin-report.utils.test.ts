import type { ReportRow } from '@portico/contracts/transactions/report';
import { buildWireTransaction } from '@portico/contracts/transactions/transaction.factory';
import { describe, expect, it } from 'vitest';
import { zonedDayStartIso } from '../../../lib/time-zone/zoned-days';
import {
  adminReportColumns,
  adminReportQuery,
  adminReportRangeProblem,
  defaultAdminReportRange,
} from './admin-report.utils';

describe('admin report window', () => {
  it('opens on the last 30 days in the user timezone', () => {
    const lateEvening = new Date('2025-06-16T02:30:00.000Z');
    expect(defaultAdminReportRange(lateEvening, 'America/New_York')).toEqual({
      from: '2025-05-16',
      to: '2025-06-15',
    });
    expect(defaultAdminReportRange(lateEvening, 'UTC')).toEqual({ from: '2025-05-17', to: '2025-06-16' });
  });

  it('finds the first instant of a day, daylight saving included', () => {
    expect(zonedDayStartIso('2025-06-15', 'America/New_York')).toBe('2025-06-15T04:00:00.000Z');
    expect(zonedDayStartIso('2025-01-15', 'America/New_York')).toBe('2025-01-15T05:00:00.000Z');
    expect(zonedDayStartIso('2025-03-09', 'America/New_York')).toBe('2025-03-09T05:00:00.000Z');
    expect(zonedDayStartIso('2025-06-15', 'UTC')).toBe('2025-06-15T00:00:00.000Z');
  });

  it('asks Home for the user days as instants and the warehouse for start and end only', () => {
    const range = { from: '2025-06-01', to: '2025-06-15' };
    expect(adminReportQuery('home', range, 'America/New_York')).toEqual({
      start: '2025-06-01',
      end: '2025-06-15',
      start_at: '2025-06-01T04:00:00.000Z',
      end_at: '2025-06-16T04:00:00.000Z',
      is_portal_request: true,
    });
    expect(adminReportQuery('with-snowflake', range, 'America/New_York')).toEqual({
      start: '2025-06-01',
      end: '2025-06-15',
      snowflake: true,
      is_portal_request: true,
    });
  });

  it('refuses a From after To', () => {
    expect(adminReportRangeProblem({ from: '2025-06-02', to: '2025-06-01' })).toBe(
      'Start date must be on or before end date',
    );
    expect(adminReportRangeProblem({ from: '2025-06-01', to: '2025-06-01' })).toBeNull();
  });
});

describe('admin report columns', () => {
  const cellOf = (row: ReportRow, id: string) => adminReportColumns.find((c) => c.id === id)?.value(row);

  it('shows gross and net by their rules: a refund subtracts, net takes the fee off additions', () => {
    const sale = buildWireTransaction({ action_mode: 'settle', amount: '100.00', fee: '3.20' });
    const refund = buildWireTransaction({ action_mode: 'refund', amount: '20.00', fee: '0.50' });
    const row = (transaction: typeof sale): ReportRow => [
      '2025-06-15T13:00:00.000Z',
      transaction,
      'Harbor',
      null,
    ];
    expect(cellOf(row(sale), 'gross_amount')).toBe('100.00');
    expect(cellOf(row(sale), 'net_amount')).toBe('96.80');
    expect(cellOf(row(refund), 'gross_amount')).toBe('-20.00');
    expect(cellOf(row(refund), 'net_amount')).toBe('-20.00');
    expect(cellOf(row(sale), 'merchant')).toBe('Harbor');
  });

  it('writes types and statuses as words', () => {
    const declined = buildWireTransaction({ type: 'ach', status: 'DECLINED' });
    const row: ReportRow = ['2025-06-15T13:00:00.000Z', declined, 'Harbor', null];
    const type = adminReportColumns.find((column) => column.id === 'type');
    expect(type?.enumLabels?.[String(type.value(row))]).toBe('ACH debit');
    expect(cellOf(row, 'status')).toBe('Declined');
  });
});

describe('admin report columns', () => {
  it('write the action mode in words, not its code', () => {
    const actionMode = adminReportColumns.find((column) => column.id === 'action_mode');
    expect(actionMode?.enumLabels?.settle).toBe('Settled sale');
    expect(actionMode?.enumLabels?.charge).toBe('Charge');
  });
});

describe('admin report totals', () => {
  it('totals money columns only', () => {
    const totalled = adminReportColumns.filter(
      (column) => (column.kind === 'money' || column.kind === 'number') && column.isTotalled !== false,
    );
    expect(totalled.map((column) => column.kind)).toEqual(totalled.map(() => 'money'));
    expect(totalled.map((column) => column.id)).toContain('net_amount');
  });
});

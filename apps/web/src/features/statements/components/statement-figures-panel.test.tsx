import {
  ReconciliationText,
  StatementFigureText,
  type StatementRow,
  statementFigureKeys,
} from '@portico/contracts/statements/statements';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderFeature } from '../../../test/render-feature';
import { StatementFiguresPanel } from './statement-figures-panel';

const row: StatementRow = {
  merchant_id: '6a0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
  merchant_name: 'Harbor Lane Coffee',
  month_year: '2025-11',
  total_amount: '10285.48',
  total_transactions: 412,
  total_fees: '302.11',
  total_adjustments: '0.00',
  charge_backs_and_reversals_total: '-7.44',
  net: '10055.25',
  posted_at: '2025-12-01T06:00:00.000Z',
  figures: {
    gross_sales: '10412.92',
    refunds_and_voids: '-120.00',
    chargebacks_and_reversals: '-7.44',
    adjustments: '0.00',
    gross: '10285.48',
    per_transaction_fees: '-198.23',
    item_fees: '-32.00',
    net: '10055.25',
    cash_recorded: '3225.87',
    net_deposited: '6829.38',
    flat_fees: '-5.00',
    monthly_fees: '-9.95',
  },
  reconciliation: {
    payouts: [
      {
        id: '7b0e5c1d-2b3f-4a4c-8d5e-6f7a8b9c0d1e',
        payout_date: '2025-11-03',
        processor: 'fis',
        status: 'paid',
        amount: '6700.00',
      },
    ],
    pending: '129.38',
    total: '6829.38',
  },
  daily_transactions: [],
  processor_fees: [],
};

describe('StatementFiguresPanel', () => {
  it('prints every figure with its definition, and net deposited as the payouts plus pending', () => {
    renderFeature(<StatementFiguresPanel row={row} />);
    const figures = screen.getByRole('table', { name: 'Figures' });
    for (const key of statementFigureKeys) {
      const label = within(figures).getByText(StatementFigureText[key].label);
      const line = label.closest('tr');
      if (!line) throw new Error(`No line for ${key}`);
      expect(within(line).getByText(StatementFigureText[key].definition)).toBeInTheDocument();
    }
    expect(within(figures).getByText('$10,285.48')).toBeInTheDocument();
    expect(within(figures).getByText('$3,225.87')).toBeInTheDocument();
    const payouts = screen.getByRole('table', { name: ReconciliationText.Heading });
    expect(within(payouts).getByText('2025-11-03')).toBeInTheDocument();
    expect(within(payouts).getByText('$6,700.00')).toBeInTheDocument();
    const pending = within(payouts).getByText(ReconciliationText.Pending).closest('tr');
    expect(pending).toHaveTextContent('$129.38');
    const total = within(payouts).getByText(ReconciliationText.Total).closest('tr');
    expect(total).toHaveTextContent('$6,829.38');
  });
});

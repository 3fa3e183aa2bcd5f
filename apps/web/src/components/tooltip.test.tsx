import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test/render-with-mantine';
import { Tooltip } from './tooltip';

describe('Tooltip', () => {
  it('shows its text on hover', async () => {
    renderWithMantine(
      <Tooltip label="Settle at 5 pm Eastern">
        <button type="button">Settlement</button>
      </Tooltip>,
    );
    expect(screen.queryByText('Settle at 5 pm Eastern')).not.toBeInTheDocument();

    await userEvent.hover(screen.getByRole('button', { name: 'Settlement' }));

    expect(await screen.findByText('Settle at 5 pm Eastern')).toBeInTheDocument();
  });

  it('shows its text on keyboard focus', async () => {
    renderWithMantine(
      <Tooltip label="Refresh the grid">
        <button type="button">Refresh</button>
      </Tooltip>,
    );

    await userEvent.tab();

    expect(await screen.findByText('Refresh the grid')).toBeInTheDocument();
  });
});

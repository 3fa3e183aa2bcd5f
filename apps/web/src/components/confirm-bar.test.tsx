import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test/render-with-mantine';
import { ConfirmBar } from './confirm-bar';

describe('ConfirmBar', () => {
  it('asks its question and answers with either button', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithMantine(
      <ConfirmBar
        message="Delete this layout?"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );

    expect(screen.getByRole('group', { name: 'Confirmation' })).toHaveTextContent('Delete this layout?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('holds both answers while the confirmed action runs', () => {
    renderWithMantine(<ConfirmBar message="Delete?" onConfirm={vi.fn()} onCancel={vi.fn()} isConfirming />);

    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test/render-with-mantine';
import { MODAL_HIDE_DELAY_MS, Modal } from './modal';

function ModalHarness({
  confirmBeforeClose,
  onHidden,
}: {
  confirmBeforeClose?: string;
  onHidden?: () => void;
}) {
  const [isOpen, setOpen] = useState(true);
  return (
    <Modal
      isOpen={isOpen}
      title="Edit note"
      onClose={() => setOpen(false)}
      confirmBeforeClose={confirmBeforeClose}
      onHidden={onHidden}
    >
      <p>Note body</p>
    </Modal>
  );
}

function overlay(): Element {
  const element = document.querySelector('.mantine-Modal-overlay');
  if (!element) throw new Error('no overlay');
  return element;
}

describe('Modal', () => {
  it('shows its title and content, and closes with the close button after the hide delay', async () => {
    const onHidden = vi.fn();
    renderWithMantine(<ModalHarness onHidden={onHidden} />);

    expect(await screen.findByRole('dialog', { name: 'Edit note' })).toBeInTheDocument();
    expect(screen.getByText('Note body')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByText('Note body')).not.toBeInTheDocument(), {
      timeout: MODAL_HIDE_DELAY_MS + 1000,
    });
    expect(MODAL_HIDE_DELAY_MS).toBe(500);
  });

  it('closes on a click on the background', async () => {
    renderWithMantine(<ModalHarness />);
    await screen.findByRole('dialog', { name: 'Edit note' });

    await userEvent.click(overlay());

    await waitFor(() => expect(screen.queryByText('Note body')).not.toBeInTheDocument(), { timeout: 2000 });
  });

  it('asks before closing when told to, and stays open on Keep open', async () => {
    renderWithMantine(<ModalHarness confirmBeforeClose="Discard your changes?" />);
    await screen.findByRole('dialog', { name: 'Edit note' });

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('Discard your changes?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep open' }));
    expect(screen.queryByText('Discard your changes?')).not.toBeInTheDocument();
    expect(screen.getByText('Note body')).toBeInTheDocument();

    await userEvent.click(overlay());
    const confirmation = screen.getByRole('group', { name: 'Confirmation' });
    await userEvent.click(confirmation.querySelectorAll('button')[1] ?? confirmation);
    await waitFor(() => expect(screen.queryByText('Note body')).not.toBeInTheDocument(), { timeout: 2000 });
  });
});

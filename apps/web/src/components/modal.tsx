import { Modal as MantineModal, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmBar } from './confirm-bar';

// A modal takes 500 ms to hide.
export const MODAL_HIDE_DELAY_MS = 500;
const MODAL_SHOW_MS = 200;

type ModalProps = {
  isOpen: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  isLarge?: boolean;
  // Asks this question before closing (unsaved input); absent: closes at once.
  confirmBeforeClose?: string;
  withCloseButton?: boolean;
  // After the hide animation: the place to reset what the modal showed.
  onHidden?: () => void;
};

// A modal: title, large option, close button, optional confirm-before-close; a click on the
// background closes (through the same confirmation).
export function Modal({
  isOpen,
  title,
  onClose,
  children,
  isLarge = false,
  confirmBeforeClose,
  withCloseButton = true,
  onHidden,
}: ModalProps) {
  const [isConfirmingClose, setConfirmingClose] = useState(false);

  function requestClose() {
    if (confirmBeforeClose && !isConfirmingClose) {
      setConfirmingClose(true);
      return;
    }
    setConfirmingClose(false);
    onClose();
  }

  return (
    <MantineModal
      opened={isOpen}
      onClose={requestClose}
      title={title}
      size={isLarge ? 'xl' : 'md'}
      centered
      closeOnClickOutside
      withCloseButton={withCloseButton}
      closeButtonProps={{ 'aria-label': 'Close' }}
      transitionProps={{ duration: MODAL_SHOW_MS, exitDuration: MODAL_HIDE_DELAY_MS }}
      onExitTransitionEnd={onHidden}
    >
      <Stack gap="md">
        {isConfirmingClose && confirmBeforeClose && (
          <ConfirmBar
            message={confirmBeforeClose}
            confirmLabel="Close"
            cancelLabel="Keep open"
            onConfirm={() => {
              setConfirmingClose(false);
              onClose();
            }}
            onCancel={() => setConfirmingClose(false)}
          />
        )}
        {children}
      </Stack>
    </MantineModal>
  );
}

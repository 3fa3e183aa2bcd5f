import { Button, Group, Text } from '@mantine/core';
import { type TerminalRow, TerminalText } from '@portico/contracts/terminals/terminals';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { useDeleteTerminal } from '../api/terminal-writes';

// The 'Delete Terminal' confirm; a terminal without a lane id cannot be deleted.
export function DeleteTerminalModal({
  terminal,
  onClose,
}: {
  terminal: TerminalRow | null;
  onClose: () => void;
}) {
  const remove = useDeleteTerminal();

  function confirm() {
    if (!terminal) return;
    if (terminal.lane_id.trim() === '') {
      void showToast({ text: TerminalText.MissingLaneId, type: 'danger' });
      return;
    }
    remove.mutate(
      { laneId: terminal.lane_id, merchantId: terminal.client.id },
      {
        onSuccess: () => {
          void showToast({ text: TerminalText.Deleted, type: 'success' });
          onClose();
        },
        onError: () => void showToast({ text: TerminalText.DeleteFailed, type: 'danger' }),
      },
    );
  }

  return (
    <Modal
      isOpen={terminal !== null}
      title={TerminalText.DeleteTitle}
      onClose={onClose}
      onHidden={() => remove.reset()}
    >
      <Text>
        Delete the terminal on lane {terminal?.lane_id}
        {terminal?.sub_entity ? ` at ${terminal.sub_entity.name}` : ''}? The device is unlinked.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" loading={remove.isPending} onClick={confirm}>
          Delete Terminal
        </Button>
      </Group>
    </Modal>
  );
}

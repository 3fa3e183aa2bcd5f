import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  type TerminalMerchant,
  type TerminalRow,
  TerminalText,
} from '@portico/contracts/terminals/terminals';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useAssignTerminalLocation } from '../api/terminal-writes';

const unassigned = 'none';

type Props = { terminal: TerminalRow | null; merchants: readonly TerminalMerchant[]; onClose: () => void };

// 'Assign Terminal Location': a location of the terminal's merchant; the grid refreshes
// after the change.
export function AssignLocationModal({ terminal, merchants, onClose }: Props) {
  const assign = useAssignTerminalLocation();
  const [choice, setChoice] = useState<string | null>(null);
  const merchant = merchants.find((candidate) => candidate.id === terminal?.client.id);
  const options = [
    { value: unassigned, label: 'No location' },
    ...(merchant?.sub_locations ?? []).map((location) => ({ value: location.id, label: location.name })),
  ];
  const selected = choice ?? terminal?.sub_entity?.id ?? unassigned;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!terminal) return;
    assign.mutate(
      { id: terminal.id, subEntityId: selected === unassigned ? null : selected },
      {
        onSuccess: (saved) => {
          void showToast({ text: `Terminal on lane ${saved.lane_id} assigned`, type: 'success' });
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      isOpen={terminal !== null}
      title={TerminalText.AssignTitle}
      onClose={onClose}
      onHidden={() => {
        setChoice(null);
        assign.reset();
      }}
    >
      <Stack component="form" gap="sm" onSubmit={submit}>
        <Text size="sm">
          Lane {terminal?.lane_id} of {terminal?.client.name}
        </Text>
        <Select
          label="Location"
          data={options}
          value={selected}
          onChange={(value) => setChoice(value ?? unassigned)}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: false }}
        />
        {assign.isError && (
          <Alert color="red" role="alert">
            {apiErrorMessage(assign.error, 'The location could not be saved.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={assign.isPending}>
            Save Location
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

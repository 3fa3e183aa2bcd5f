import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Dropdown } from '../../../components/dropdown';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { showToast } from '../../../components/toasts';
import { useTimezone } from '../../../lib/time-zone/get-time-zone';
import { useTimezones } from '../api/get-timezones';
import { useUpdateTimezone } from '../api/post-timezone';
import { TimezoneToastText } from '../utils/shell.utils';

type TimezoneSettingsModalProps = { isOpen: boolean; onClose: () => void };

// The user-settings modal of the sidebar, holding the timezone.
export function TimezoneSettingsModal({ isOpen, onClose }: TimezoneSettingsModalProps) {
  const current = useTimezone({ enabled: isOpen });
  const offered = useTimezones({ enabled: isOpen });
  const update = useUpdateTimezone();
  const [choice, setChoice] = useState<string | null>(null);
  const selected = choice ?? current.data ?? null;

  function save() {
    if (selected === null) return;
    update.mutate(
      { timezone: selected },
      {
        onSuccess: () => {
          void showToast({ text: TimezoneToastText.Updated, type: 'success' });
          onClose();
        },
        onError: () => {
          void showToast({ text: TimezoneToastText.Failed, type: 'danger' });
        },
      },
    );
  }

  return (
    <Modal isOpen={isOpen} title="User settings" onClose={onClose} onHidden={() => setChoice(null)}>
      <TimezoneSettingsBody
        isLoading={current.isPending || offered.isPending}
        isFailed={current.isError || offered.isError}
        onRetry={() => {
          void current.refetch();
          void offered.refetch();
        }}
        options={(offered.data ?? []).map(([name, label]) => ({ value: name, label }))}
        selected={selected}
        onSelect={setChoice}
        onSave={save}
        onCancel={onClose}
        isSaving={update.isPending}
      />
    </Modal>
  );
}

type TimezoneSettingsBodyProps = {
  isLoading: boolean;
  isFailed: boolean;
  onRetry: () => void;
  options: { value: string; label: string }[];
  selected: string | null;
  onSelect: (timezone: string | null) => void;
  onSave: () => void;
  onCancel: () => void;
  isSaving: boolean;
};

function TimezoneSettingsBody(props: TimezoneSettingsBodyProps) {
  if (props.isLoading) return <Spinner label="Loading timezones" isLabelVisible isCentered />;
  if (props.isFailed) {
    return (
      <Alert color="red" title="Something went wrong">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">The timezones could not be loaded.</Text>
          <Button size="xs" variant="default" onClick={props.onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (props.options.length === 0) return <Text>No timezones are offered yet.</Text>;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Dates and times in reports are shown in this timezone.
      </Text>
      <Dropdown
        label="Timezone"
        options={props.options}
        value={props.selected}
        onChange={props.onSelect}
        isAutocomplete
        placeholder="Pick a timezone"
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button onClick={props.onSave} loading={props.isSaving} disabled={props.selected === null}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

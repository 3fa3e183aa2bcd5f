import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import {
  ConfiguratorText,
  customFieldsForSaving,
  firstCustomFieldMessage,
} from '@portico/contracts/virtual-terminals/terminal-configuration';
import type {
  VirtualTerminalCustomField,
  VirtualTerminalUrl,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { useState } from 'react';
import { Checkbox } from '../../../components/checkbox';
import { showToast } from '../../../components/toasts';
import { useSaveVirtualTerminal } from '../api/save-virtual-terminal';
import { useSetVirtualTerminalStatus } from '../api/set-virtual-terminal-status';
import {
  frameParamsOf,
  type TerminalParams,
  type TerminalPaymentMethod,
  terminalFrameUrl,
} from '../utils/terminal-configurator.utils';
import { CustomFieldEditor } from './custom-field-editor';
import { CustomFieldsJsonPanel } from './custom-fields-json-panel';
import { TerminalSettingsForm } from './terminal-settings-form';

type TerminalEditorProps = {
  publishableKey: string;
  // undefined: a new terminal.
  terminal: VirtualTerminalUrl | undefined;
  initialName: string;
  initialSettings: TerminalParams;
  available: readonly TerminalPaymentMethod[];
  onSaved: (saved: { id: string; url_id: string }) => void;
};

export function TerminalEditor({
  publishableKey,
  terminal,
  initialName,
  initialSettings,
  available,
  onSaved,
}: TerminalEditorProps) {
  const [name, setName] = useState(initialName);
  const [settings, setSettings] = useState(initialSettings);
  const [fields, setFields] = useState<VirtualTerminalCustomField[]>(terminal?.customFields ?? []);
  const [hasTriedSaving, setHasTriedSaving] = useState(false);
  const save = useSaveVirtualTerminal(publishableKey);
  const setStatus = useSetVirtualTerminalStatus(publishableKey);
  const isActive = terminal?.is_active ?? true;

  async function changeStatus(next: boolean) {
    // Only a saved terminal changes status.
    if (terminal === undefined) {
      await showToast({ text: ConfiguratorText.SaveFirst, type: 'info' });
      return;
    }
    try {
      await setStatus.mutateAsync({ id: terminal.id, isActive: next });
      await showToast({
        text: next ? ConfiguratorText.Activated : ConfiguratorText.Deactivated,
        type: 'success',
      });
    } catch {
      await showToast({ text: ConfiguratorText.StatusFailed, type: 'danger' });
    }
  }

  async function submit() {
    setHasTriedSaving(true);
    if (firstCustomFieldMessage(fields) !== null || name.trim() === '') return;
    try {
      const saved = await save.mutateAsync({
        ...(terminal === undefined ? {} : { id: terminal.id }),
        url: terminalFrameUrl(window.location.origin, frameParamsOf(publishableKey, settings, terminal?.id)),
        customFields: customFieldsForSaving(fields),
        apikey: publishableKey,
        name: name.trim(),
        is_active: isActive,
      });
      await showToast({ text: ConfiguratorText.Saved, type: 'success' });
      onSaved(saved);
    } catch {
      await showToast({ text: ConfiguratorText.SaveFailed, type: 'danger' });
    }
  }

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <TextInput
            label="Terminal Name"
            required
            value={name}
            error={hasTriedSaving && name.trim() === '' ? 'Field is required' : undefined}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Checkbox
            label="Active"
            isChecked={isActive}
            isDisabled={setStatus.isPending}
            onChange={(next) => void changeStatus(next)}
          />
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <TerminalSettingsForm settings={settings} available={available} onChange={setSettings} />
      </Card>
      <Card withBorder padding="md">
        <Stack gap="md">
          <CustomFieldEditor fields={fields} onChange={setFields} shouldShowMessages={hasTriedSaving} />
          <CustomFieldsJsonPanel fields={fields} onLoad={setFields} />
        </Stack>
      </Card>
      <Group justify="flex-end">
        <Button onClick={() => void submit()} disabled={save.isPending}>
          {save.isPending ? ConfiguratorText.Saving : ConfiguratorText.SaveConfiguration}
        </Button>
      </Group>
    </Stack>
  );
}

import { Select, Stack } from '@mantine/core';
import {
  type TerminalMerchant,
  TerminalText,
  terminalDeviceTypes,
} from '@portico/contracts/terminals/terminals';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useLinkTerminal } from '../api/terminal-writes';
import { emptyLinkDraft, type LinkDraft, linkBodyOf } from '../utils/terminal-forms.utils';
import {
  FormProblemAndButtons,
  MerchantSelect,
  TextFieldGrid,
  type TextFieldSpec,
} from './terminal-form-parts';

const noLocation = 'none';
const textFields: readonly TextFieldSpec<'tpn' | 'registerId' | 'authKey' | 'laneId' | 'sn'>[] = [
  { field: 'tpn', label: 'TPN' },
  { field: 'registerId', label: 'Register ID' },
  { field: 'authKey', label: 'Auth Key', isRequired: true, autoComplete: 'off' },
  { field: 'laneId', label: 'Lane ID', isRequired: true },
  { field: 'sn', label: 'Serial Number' },
];
type Props = { isOpen: boolean; merchants: readonly TerminalMerchant[]; onClose: () => void };

// 'Add New Terminal': tpn, register id, auth key, lane id,
// serial number, device type and location; the auth key is never shown again.
export function AddTerminalModal({ isOpen, merchants, onClose }: Props) {
  const link = useLinkTerminal();
  const [draft, setDraft] = useState<LinkDraft>(emptyLinkDraft);
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const merchant = merchants.find((candidate) => candidate.id === merchantId) ?? merchants[0];
  const set = (field: keyof LinkDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = merchant ? linkBodyOf(draft, merchant.id) : null;
    if (body === null) {
      setProblem(TerminalText.RequiredFields);
      return;
    }
    setProblem(null);
    link.mutate(body, {
      onSuccess: (answer) => {
        void showToast(
          answer.is_linked
            ? { text: TerminalText.Added, type: 'success' }
            : { text: TerminalText.NotYetLinked, type: 'warning' },
        );
        onClose();
      },
      onError: (error) => {
        void showToast({ text: TerminalText.AddFailed, type: 'danger' });
        // The server's reason when it gave one of its own (a lane already in use, a location).
        if (
          error instanceof ApiError &&
          error.message !== TerminalText.AddFailed &&
          error.httpStatus !== 400
        ) {
          setProblem(error.message);
        } else {
          setProblem(TerminalText.AddFailed);
        }
      },
    });
  }

  return (
    <Modal
      isOpen={isOpen}
      title={TerminalText.AddTitle}
      onClose={onClose}
      isLarge
      onHidden={() => {
        setDraft(emptyLinkDraft);
        setProblem(null);
        link.reset();
      }}
    >
      <Stack component="form" gap="sm" onSubmit={submit}>
        <MerchantSelect
          merchants={merchants}
          value={merchant?.id ?? null}
          onChange={(value) => {
            setMerchantId(value);
            set('subEntityId')('');
          }}
        />
        <TextFieldGrid fields={textFields} values={draft} onChange={(field, value) => set(field)(value)}>
          <Select
            label="Device Type"
            withAsterisk
            data={[...terminalDeviceTypes]}
            value={draft.deviceType === '' ? null : draft.deviceType}
            onChange={(value) => set('deviceType')(value ?? '')}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label="Location"
            data={[
              { value: noLocation, label: 'No location' },
              ...(merchant?.sub_locations ?? []).map((location) => ({
                value: location.id,
                label: location.name,
              })),
            ]}
            value={draft.subEntityId === '' ? noLocation : draft.subEntityId}
            onChange={(value) => set('subEntityId')(value === null || value === noLocation ? '' : value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
        </TextFieldGrid>
        <FormProblemAndButtons
          problem={problem}
          submitLabel="Add Terminal"
          isPending={link.isPending}
          onCancel={onClose}
        />
      </Stack>
    </Modal>
  );
}

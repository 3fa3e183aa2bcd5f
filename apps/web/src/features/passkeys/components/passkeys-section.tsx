import { Alert, Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { type PasskeyItem, PasskeyText, passkeyName } from '@portico/contracts/auth/passkeys';
import { type FormEvent, useState } from 'react';
import { ConfirmBar } from '../../../components/confirm-bar';
import { RecoveryCodesPanel } from '../../../components/recovery-codes-panel';
import { SettingsSection } from '../../../components/settings-section';
import { Spinner } from '../../../components/spinner';
import { showToast } from '../../../components/toasts';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { passkeyErrorText } from '../../../lib/webauthn/passkey-error-text';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';

export const PasskeysText = {
  Heading: 'Passkeys',
  Description:
    'Sign in with your fingerprint, face or device PIN. A passkey is also asked as the second step after your e-mail link or password.',
  None: 'No passkeys yet.',
  Add: 'Add a passkey',
  NameLabel: 'Passkey name',
  NameHint: 'A name you will recognise, such as the device it is on.',
  Continue: 'Continue',
  Cancel: 'Cancel',
  Rename: 'Rename',
  Save: 'Save',
  NewNameLabel: 'New name',
  Remove: 'Remove',
  Added: 'The passkey was added.',
  Renamed: 'The passkey was renamed.',
  Removed: 'The passkey was removed.',
  NeverUsed: 'Not yet',
  LoadFailed: 'Your passkeys could not be loaded.',
  TryAgain: 'Try again',
  Failed: 'Something went wrong. Try again.',
} as const;

export function removeQuestion(name: string) {
  return `Remove the passkey "${name}"? You can no longer sign in with it.`;
}

type Step = 'idle' | 'adding' | { renaming: PasskeyItem } | { removing: PasskeyItem };

// The Settings section for passkeys: each by its name with when it was added and last used; add one
// (a name, then the browser's prompt), rename, remove after a confirmation.
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const [step, setStep] = useState<Step>('idle');

  function body() {
    if (passkeys.isPending) return <Spinner label="Loading your passkeys" isLabelVisible />;
    if (passkeys.isError) {
      return (
        <Alert color="red" title="Something went wrong">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{PasskeysText.LoadFailed}</Text>
            <Button size="xs" variant="default" onClick={() => void passkeys.refetch()}>
              {PasskeysText.TryAgain}
            </Button>
          </Stack>
        </Alert>
      );
    }
    const list = passkeys.data.passkeys;
    return (
      <Stack gap="sm">
        {list.length === 0 ? (
          <Text size="sm">{PasskeysText.None}</Text>
        ) : (
          <PasskeysTable
            passkeys={list}
            isBusy={step !== 'idle'}
            onRename={(passkey) => setStep({ renaming: passkey })}
            onRemove={(passkey) => setStep({ removing: passkey })}
          />
        )}
        {step === 'idle' && (
          <Group>
            <Button onClick={() => setStep('adding')}>{PasskeysText.Add}</Button>
          </Group>
        )}
        {step === 'adding' && <AddPasskeyForm onDone={() => setStep('idle')} />}
        {typeof step === 'object' && 'renaming' in step && (
          <RenamePasskeyForm passkey={step.renaming} onDone={() => setStep('idle')} />
        )}
        {typeof step === 'object' && 'removing' in step && (
          <RemovePasskeyBar passkey={step.removing} onDone={() => setStep('idle')} />
        )}
      </Stack>
    );
  }

  return (
    <SettingsSection title={PasskeysText.Heading} description={PasskeysText.Description}>
      {body()}
    </SettingsSection>
  );
}

function PasskeysTable({
  passkeys,
  isBusy,
  onRename,
  onRemove,
}: {
  passkeys: PasskeyItem[];
  isBusy: boolean;
  onRename: (passkey: PasskeyItem) => void;
  onRemove: (passkey: PasskeyItem) => void;
}) {
  const { formatDateTime } = useDateTimeFormatters();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label={PasskeysText.Heading} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passkeys.map((passkey) => (
            <Table.Tr key={passkey.id}>
              <Table.Td>{passkey.name}</Table.Td>
              <Table.Td>{formatDateTime(passkey.created_at)}</Table.Td>
              <Table.Td>
                {passkey.last_used_at === null
                  ? PasskeysText.NeverUsed
                  : formatDateTime(passkey.last_used_at)}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button
                    size="xs"
                    variant="default"
                    disabled={isBusy}
                    aria-label={`${PasskeysText.Rename} ${passkey.name}`}
                    onClick={() => onRename(passkey)}
                  >
                    {PasskeysText.Rename}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    disabled={isBusy}
                    aria-label={`${PasskeysText.Remove} ${passkey.name}`}
                    onClick={() => onRemove(passkey)}
                  >
                    {PasskeysText.Remove}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

// The name is checked here with the server's own rule, so the browser's prompt opens only for a
// request that can be kept.
function NameForm({
  label,
  initial,
  submitLabel,
  isSubmitting,
  serverError,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  isSubmitting: boolean;
  serverError: string | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passkeyName.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PasskeyText.NameRequired);
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" maw={420}>
        <TextInput
          label={label}
          description={PasskeysText.NameHint}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error ?? serverError}
          maxLength={60}
          data-autofocus
          autoFocus
        />
        <Group gap="xs">
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            {PasskeysText.Cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// A first passkey of a user without an authenticator app comes with recovery codes, shown once.
function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const add = useAddPasskey();
  const { user } = useSignedInSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes !== null) return <RecoveryCodesPanel codes={codes} accountEmail={user.email} onDone={onDone} />;
  return (
    <NameForm
      label={PasskeysText.NameLabel}
      initial=""
      submitLabel={PasskeysText.Continue}
      isSubmitting={add.isPending}
      serverError={add.isError ? passkeyErrorText(add.error, PasskeysText.Failed) : null}
      onSubmit={(name) =>
        add.mutate(name, {
          onSuccess: (answer) => {
            void showToast({ text: PasskeysText.Added, type: 'success' });
            if (answer.recovery_codes !== null) setCodes(answer.recovery_codes);
            else onDone();
          },
        })
      }
      onCancel={onDone}
    />
  );
}

function RenamePasskeyForm({ passkey, onDone }: { passkey: PasskeyItem; onDone: () => void }) {
  const rename = useRenamePasskey();
  return (
    <NameForm
      label={`${PasskeysText.NewNameLabel} for "${passkey.name}"`}
      initial={passkey.name}
      submitLabel={PasskeysText.Save}
      isSubmitting={rename.isPending}
      serverError={rename.isError ? passkeyErrorText(rename.error, PasskeysText.Failed) : null}
      onSubmit={(name) =>
        rename.mutate(
          { id: passkey.id, name },
          {
            onSuccess: () => {
              onDone();
              void showToast({ text: PasskeysText.Renamed, type: 'success' });
            },
          },
        )
      }
      onCancel={onDone}
    />
  );
}

function RemovePasskeyBar({ passkey, onDone }: { passkey: PasskeyItem; onDone: () => void }) {
  const remove = useRemovePasskey();
  return (
    <ConfirmBar
      message={removeQuestion(passkey.name)}
      confirmLabel={PasskeysText.Remove}
      isDanger
      isConfirming={remove.isPending}
      onConfirm={() =>
        remove.mutate(passkey.id, {
          onSuccess: () => {
            onDone();
            void showToast({ text: PasskeysText.Removed, type: 'success' });
          },
          onError: (error) => {
            onDone();
            void showToast({ text: passkeyErrorText(error, PasskeysText.Failed), type: 'danger' });
          },
        })
      }
      onCancel={onDone}
    />
  );
}

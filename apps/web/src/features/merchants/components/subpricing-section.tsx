import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { MerchantGridRow } from '@portico/contracts/clients/client-lists';
import { SubpricingText } from '@portico/contracts/clients/subpricing';
import { useEffect, useState } from 'react';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { portalEnv } from '../../../lib/portal-env';
import { useSubpricing } from '../api/get-subpricing';
import { useCopySubpricing, useSaveSubpricingRows } from '../api/save-subpricing';
import {
  changedSubpricingDrafts,
  type SubpricingDraft,
  subpricingDraftProblems,
  toSubpricingBody,
  toSubpricingDraft,
} from '../utils/subpricing-draft.utils';
import { SubpricingAddForm } from './subpricing-add-form';
import { SubpricingTable } from './subpricing-table';

// 'Information Saved' shows for 3 seconds after a save.
export const savedNoticeMs = 3000;

type SubpricingSectionProps = { clients: readonly MerchantGridRow[] };

// The sub-pricing table below the Merchants grid: one client's pricing per MCC code. Staff edit it and
// may copy another client's rows; the copy control is hidden for the primary platform client.
export function SubpricingSection({ clients }: SubpricingSectionProps) {
  const { user, actingRole } = useSignedInSession();
  const canEdit = actingRole === 'admin' || actingRole === 'healnow';
  const defaultClientId = user.account.default_client?.id ?? null;
  const [chosenClientId, setChosenClientId] = useState<string | null>(null);
  const clientId =
    chosenClientId ?? clients.find((client) => client.id === defaultClientId)?.id ?? clients[0]?.id ?? null;
  const options = clients.map((client) => ({ value: client.id, label: client.name }));

  return (
    <Stack gap="sm">
      <Title order={2}>Sub-pricing</Title>
      <Select
        label="Client"
        searchable
        data={options}
        value={clientId}
        onChange={setChosenClientId}
        maw={420}
        allowDeselect={false}
      />
      {clientId ? (
        <ClientSubpricing key={clientId} clientId={clientId} copySources={options} canEdit={canEdit} />
      ) : null}
    </Stack>
  );
}

type ClientSubpricingProps = {
  clientId: string;
  // The clients whose rows may be copied in; none hides the copy control.
  copySources: readonly { value: string; label: string }[];
  canEdit: boolean;
};

// One client's sub-pricing table with Save and the add form; below the Merchants grid and in the
// account page's submerchant settings.
export function ClientSubpricing({ clientId, copySources, canEdit }: ClientSubpricingProps) {
  const rows = useSubpricing(clientId);
  const save = useSaveSubpricingRows(clientId);
  const copy = useCopySubpricing(clientId);
  const [drafts, setDrafts] = useState<SubpricingDraft[]>([]);
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const [isSavedNoticeShown, setIsSavedNoticeShown] = useState(false);
  const [problems, setProblems] = useState<Record<string, Partial<Record<string, string>>>>({});
  const isPrimaryClient = portalEnv.primaryClientId !== null && clientId === portalEnv.primaryClientId;

  useEffect(() => {
    setDrafts((rows.data ?? []).map(toSubpricingDraft));
  }, [rows.data]);
  useEffect(() => {
    if (!isSavedNoticeShown) return;
    const timer = setTimeout(() => setIsSavedNoticeShown(false), savedNoticeMs);
    return () => clearTimeout(timer);
  }, [isSavedNoticeShown]);

  const showSaved = { onSuccess: () => setIsSavedNoticeShown(true) };
  // Checked with the server's schema first: a row breaking a rule is shown, and nothing is sent.
  const saveChanges = () => {
    const changed = changedSubpricingDrafts(drafts, rows.data ?? []);
    const found = subpricingDraftProblems(clientId, changed);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      changed.map((draft) => toSubpricingBody(clientId, draft)),
      showSaved,
    );
  };
  const editDraft = (mccCode: string, change: Partial<SubpricingDraft>) =>
    setDrafts((current) =>
      current.map((draft) => (draft.mccCode === mccCode ? { ...draft, ...change } : draft)),
    );

  if (rows.isPending) return <Text c="dimmed">Loading sub-pricing…</Text>;
  if (rows.error) return <Alert color="red">Sub-pricing could not be loaded.</Alert>;
  const error = save.error ?? copy.error;
  return (
    <Stack gap="sm">
      {canEdit && !isPrimaryClient && copySources.length > 0 ? (
        <Group align="flex-end">
          <Select
            label="Copy from"
            searchable
            data={copySources.filter((client) => client.value !== clientId)}
            value={copyFrom}
            onChange={setCopyFrom}
            maw={420}
          />
          <Button
            variant="default"
            disabled={copyFrom === null}
            loading={copy.isPending}
            onClick={() => copyFrom && copy.mutate(copyFrom, showSaved)}
          >
            Copy
          </Button>
        </Group>
      ) : null}
      {drafts.length === 0 ? (
        <Text c="dimmed">No sub-pricing for this client.</Text>
      ) : (
        <SubpricingTable drafts={drafts} canEdit={canEdit} onChange={editDraft} problems={problems} />
      )}
      {canEdit ? (
        <Group>
          <Button onClick={saveChanges} loading={save.isPending} disabled={drafts.length === 0}>
            Save Subpricing
          </Button>
          {isSavedNoticeShown ? (
            <Text role="status" c="green" fw={600}>
              {SubpricingText.Saved}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {Object.keys(problems).length > 0 ? (
        <Alert color="red" role="alert">
          {SubpricingText.FixMarked}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {canEdit ? <SubpricingAddForm clientId={clientId} /> : null}
    </Stack>
  );
}

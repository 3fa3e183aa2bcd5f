import { Alert, Button, Loader, Select, Stack, Text } from '@mantine/core';
import { AccountText } from '@portico/contracts/clients/account-detail';
import { useState } from 'react';
import { showToast } from '../../../../components/toasts';
import { useChangeAccountParent, useParents } from '../../api/change-account-parent';

type HierarchyPanelProps = { clientId: string; currentParentName: string | null; onDone: () => void };

// Change parent: staff choose a parent by legal name; saving acts only once one is chosen.
export function HierarchyPanel({ clientId, currentParentName, onDone }: HierarchyPanelProps) {
  const parents = useParents(true);
  const change = useChangeAccountParent();
  const [legalName, setLegalName] = useState<string | null>(null);
  if (parents.isPending) return <Loader aria-label="Loading parents" />;
  if (parents.isError) return <Alert color="red">{parents.error.message}</Alert>;
  const options = [
    ...new Set(parents.data.map((parent) => parent.legal_name ?? parent.name).filter((name) => name !== '')),
  ];

  async function save() {
    if (legalName === null) return;
    try {
      await change.mutateAsync({ clientid: clientId, parent_legal_name: legalName });
      showToast({ text: AccountText.ParentChanged, type: 'success' });
      onDone();
    } catch {
      showToast({ text: AccountText.ParentChangeFailed, type: 'danger' });
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm">Current parent: {currentParentName ?? 'none'}</Text>
      <Select label="New parent" searchable data={options} value={legalName} onChange={setLegalName} />
      <Button onClick={() => void save()} disabled={legalName === null} loading={change.isPending}>
        Save Parent
      </Button>
    </Stack>
  );
}

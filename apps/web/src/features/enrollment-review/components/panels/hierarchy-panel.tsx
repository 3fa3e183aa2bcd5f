// Props:
// - enrollmentId: the enrollment the page shows.
// - currentParentId: its parent_id (null when none), shown as the current parent.
// - currentParentName: that parent's name, shown when the parents list does not hold it.
// - onChanged: asks the page to refetch after the parent changed.
import { Alert, Button, Loader, Select, Stack, Text } from '@mantine/core';
import { EnrollmentActionText } from '@portico/contracts/enrollment/enrollment-actions';
import { useState } from 'react';
import { showToast } from '../../../../components/toasts';
import { useChangeEnrollmentParent } from '../../api/change-enrollment-parent';
import { useClientParents } from '../../api/get-client-parents';
import { actionFailureText } from '../../utils/enrollment-actions.utils';

type HierarchyPanelProps = {
  enrollmentId: string;
  currentParentId: string | null;
  currentParentName: string | null;
  onChanged?: () => void;
};

// Edit Hierarchy: choose the new parent by legal name; Save acts only with a parent
// chosen and the toasts follow the server's answer.
export function HierarchyPanel({
  enrollmentId,
  currentParentId,
  currentParentName,
  onChanged,
}: HierarchyPanelProps) {
  const parents = useClientParents();
  const change = useChangeEnrollmentParent();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = parents.data?.find((parent) => parent.id === chosenId) ?? null;
  const current = parents.data?.find((parent) => parent.id === currentParentId) ?? null;

  function save() {
    if (!chosen) return;
    setFailure(null);
    change.mutate(
      { enrollid: enrollmentId, parent_legal_name: chosen.legal_name },
      {
        onSuccess: () => {
          void showToast({ text: EnrollmentActionText.ParentChanged, type: 'success' });
          setChosenId(null);
          onChanged?.();
        },
        onError: (error) => {
          void showToast({ text: EnrollmentActionText.ParentChangeFailed, type: 'danger' });
          setFailure(actionFailureText(error));
        },
      },
    );
  }

  if (parents.isPending) return <Loader size="sm" aria-label="Loading parents" />;
  if (parents.isError) {
    return (
      <Alert color="red" title={EnrollmentActionText.ParentChangeFailed}>
        <Button size="xs" variant="light" onClick={() => void parents.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">Current parent: {current?.legal_name ?? currentParentName ?? 'None'}</Text>
      <Select
        label="New parent"
        placeholder="Choose a parent"
        searchable
        data={parents.data.map((parent) => ({ value: parent.id, label: parent.legal_name }))}
        value={chosenId}
        onChange={setChosenId}
      />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Button onClick={save} disabled={chosen === null} loading={change.isPending}>
        Save
      </Button>
    </Stack>
  );
}

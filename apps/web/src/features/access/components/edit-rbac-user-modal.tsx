import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { RbacUser } from '@portico/contracts/access/rbac-admin';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { useChangeUserSubEntity } from '../api/change-user-sub-entity';
import { useRoles } from '../api/get-roles';
import { useSubEntities } from '../api/get-sub-entities';
import { useSetUserRole } from '../api/set-user-role';

type EditRbacUserModalProps = { merchantId: string; user: RbacUser; onClose: () => void };

// Edit User: the role on this merchant, and sub-entities added and removed
// (adding needs a selected sub-entity).
export function EditRbacUserModal({ merchantId, user, onClose }: EditRbacUserModalProps) {
  const roles = useRoles(merchantId);
  const locations = useSubEntities(merchantId);
  const setRole = useSetUserRole();
  const changeSubEntity = useChangeUserSubEntity();
  const [roleId, setRoleId] = useState<string | null>(user.role?.id ?? null);
  const [assigned, setAssigned] = useState(user.sub_entities);
  const [toAdd, setToAdd] = useState<string | null>(null);
  const unassigned = (locations.data ?? []).filter((l) => !assigned.some((a) => a.id === l.id));

  function saveRole(next: string | null) {
    setRoleId(next);
    setRole.mutate(
      { clientId: merchantId, userId: user.id, roleId: next },
      {
        onSuccess: (saved) =>
          void showToast({ text: `Role set to ${saved.role?.name ?? 'no role'}.`, type: 'success' }),
        onError: (error) => {
          setRoleId(user.role?.id ?? null);
          void showToast({ text: error.message, type: 'danger' });
        },
      },
    );
  }

  function change(subEntityId: string, isAdd: boolean) {
    changeSubEntity.mutate(
      { clientId: merchantId, userId: user.id, subEntityId, isAdd },
      {
        onSuccess: (result) => {
          setAssigned(result.sub_entities);
          setToAdd(null);
        },
        onError: (error) => void showToast({ text: error.message, type: 'danger' }),
      },
    );
  }

  return (
    <Modal isOpen title={`Edit User: ${user.name}`} onClose={onClose}>
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
      <Select
        label="Role"
        placeholder={roles.isPending ? 'Loading roles…' : 'No role'}
        data={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        value={roleId}
        onChange={saveRole}
        clearable
        disabled={setRole.isPending}
      />
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Sub-entities
        </Text>
        {assigned.length === 0 && (
          <Text size="sm" c="dimmed">
            None: this user sees every location.
          </Text>
        )}
        {assigned.map((location) => (
          <Group key={location.id} justify="space-between" wrap="nowrap">
            <Text size="sm">{location.name}</Text>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Remove ${location.name}`}
              onClick={() => change(location.id, false)}
              loading={changeSubEntity.isPending}
            >
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Sub-entity to add"
          placeholder={unassigned.length === 0 ? 'No other sub-entities' : 'Choose a sub-entity'}
          data={unassigned.map((l) => ({ value: l.id, label: l.name }))}
          value={toAdd}
          onChange={setToAdd}
          w={{ base: '100%', sm: 260 }}
        />
        <Button disabled={toAdd === null} onClick={() => toAdd && change(toAdd, true)}>
          Add Sub-Entity
        </Button>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}

import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { permissionDescriptions, permissionGroups } from '@portico/contracts/access/permission-groups';
import { type PermissionName, permissionNames } from '@portico/contracts/access/permission-names';
import { PermissionsPageText, type Role } from '@portico/contracts/access/rbac-admin';
import { useState } from 'react';
import { ConfirmBar } from '../../../components/confirm-bar';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { useCreateRole } from '../api/create-role';
import { useDeleteRole } from '../api/delete-role';
import { useGrantablePermissions } from '../api/get-grantable-permissions';
import { useRoles } from '../api/get-roles';
import { useSaveRolePermissions } from '../api/save-role-permissions';
import { useUpdateRole } from '../api/update-role';
import { RoleFieldsPanel } from './role-fields-panel';

type ConfigureRolesModalProps = { merchantId: string; merchantName: string; onClose: () => void };

const failed = (error: Error) => void showToast({ text: error.message, type: 'danger' });

// Configure Roles: add, rename, delete; the role's permissions in groups, saved together;
// per-terminal custom-field access.
export function ConfigureRolesModal({ merchantId, merchantName, onClose }: ConfigureRolesModalProps) {
  const roles = useRoles(merchantId, false);
  const createRole = useCreateRole();
  const [newName, setNewName] = useState('');
  const [roleId, setRoleId] = useState<string | null>(null);
  const role = roles.data?.find((r) => r.id === roleId) ?? null;

  function addRole() {
    createRole.mutate(
      { clientId: merchantId, name: newName.trim() },
      {
        onSuccess: (created) => {
          setNewName('');
          setRoleId(created.id);
          void showToast({ text: `Role ${created.name} added.`, type: 'success' });
        },
        onError: failed,
      },
    );
  }

  return (
    <Modal isOpen isLarge title={`Configure Roles: ${merchantName}`} onClose={onClose}>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="New role name"
          value={newName}
          onChange={(e) => setNewName(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <Button onClick={addRole} disabled={newName.trim() === ''} loading={createRole.isPending}>
          Add Role
        </Button>
      </Group>
      <Select
        label="Role"
        placeholder={roles.isPending ? 'Loading roles…' : 'Choose a role'}
        data={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        value={roleId}
        onChange={setRoleId}
        w={{ base: '100%', sm: 360 }}
      />
      {role && (
        <RoleEditor key={role.id} merchantId={merchantId} role={role} onDeleted={() => setRoleId(null)} />
      )}
    </Modal>
  );
}

function RoleEditor({
  merchantId,
  role,
  onDeleted,
}: {
  merchantId: string;
  role: Role;
  onDeleted: () => void;
}) {
  const updateRole = useUpdateRole();
  const deleteRole = useDeleteRole();
  const [isRenaming, setRenaming] = useState(false);
  const [name, setName] = useState(role.name);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);

  function rename() {
    updateRole.mutate(
      { clientId: merchantId, roleId: role.id, name },
      {
        onSuccess: (saved) => {
          setName(saved.name);
          setRenaming(false);
        },
        onError: failed,
      },
    );
  }

  function remove() {
    deleteRole.mutate(
      { clientId: merchantId, roleId: role.id },
      {
        onSuccess: () => {
          void showToast({ text: `Role ${role.name} deleted.`, type: 'success' });
          onDeleted();
        },
        onError: (error) => {
          setConfirmingDelete(false);
          failed(error);
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      {isRenaming ? (
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Role name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Button onClick={rename} loading={updateRole.isPending}>
            Save name
          </Button>
          <Button variant="default" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>
            {role.name} · {role.user_count === 1 ? '1 user' : `${role.user_count} users`}
          </Text>
          <Group gap="xs">
            <Button variant="light" onClick={() => setRenaming(true)}>
              Rename
            </Button>
            <Button variant="light" color="red" onClick={() => setConfirmingDelete(true)}>
              Delete Role
            </Button>
          </Group>
        </Group>
      )}
      {isConfirmingDelete && (
        <ConfirmBar
          message={
            role.user_count > 0
              ? `Delete ${role.name}? ${role.user_count} user(s) hold it and will be left without a role.`
              : `Delete ${role.name}?`
          }
          confirmLabel="Delete"
          cancelLabel="Keep"
          isDanger
          isConfirming={deleteRole.isPending}
          onConfirm={remove}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
      <RolePermissions key={role.id} merchantId={merchantId} role={role} />
      <RoleFieldsPanel merchantId={merchantId} role={role} />
    </Stack>
  );
}

function RolePermissions({ merchantId, role }: { merchantId: string; role: Role }) {
  const grantable = useGrantablePermissions(merchantId);
  const save = useSaveRolePermissions();
  const saved = new Set(role.granted_permissions.map((p) => p.name));
  const [draft, setDraft] = useState<ReadonlySet<PermissionName>>(saved);

  if (grantable.isPending) return <Text c="dimmed">Loading permissions…</Text>;
  if (grantable.isError) return <Alert color="red">Permissions could not be loaded.</Alert>;
  if (grantable.data.length === 0)
    return <Alert color="yellow">{PermissionsPageText.NoMerchantPermissions}</Alert>;
  const offered = new Set(grantable.data.map((p) => p.name));
  // A grant the caller could not make still shows, so it can be revoked (never granted again here).
  const groups = permissionGroups
    .map((group) => ({
      ...group,
      permissions: group.permissions.filter((name) => offered.has(name) || saved.has(name)),
    }))
    .filter((group) => group.permissions.length > 0);
  const changes = permissionNames.filter((name) => draft.has(name) !== saved.has(name)).length;

  function toggle(permission: PermissionName, isGranted: boolean) {
    const next = new Set(draft);
    if (isGranted) next.add(permission);
    else next.delete(permission);
    setDraft(next);
  }

  function submit() {
    save.mutate(
      {
        clientId: merchantId,
        roleId: role.id,
        permissions: permissionNames.filter((name) => draft.has(name)),
      },
      {
        onSuccess: () => void showToast({ text: PermissionsPageText.PermissionsSaved, type: 'success' }),
        onError: failed,
      },
    );
  }

  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        Permissions
      </Text>
      {groups.map((group) => (
        <Stack key={group.title} gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm" c="dimmed" mb={4}>
            {group.title}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={8}>
            {group.permissions.map((name) => (
              <Checkbox
                key={name}
                label={name}
                description={permissionDescriptions[name]}
                checked={draft.has(name)}
                disabled={save.isPending || (!offered.has(name) && !saved.has(name))}
                onChange={(e) => toggle(name, e.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      <Group>
        <Button onClick={submit} disabled={changes === 0} loading={save.isPending}>
          {PermissionsPageText.SavePermissions}
        </Button>
        {changes > 0 && (
          <>
            <Text size="sm" c="dimmed">
              {changes === 1 ? '1 change not saved yet' : `${changes} changes not saved yet`}
            </Text>
            <Button variant="subtle" onClick={() => setDraft(saved)} disabled={save.isPending}>
              Undo changes
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

import { Alert, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { Permission } from '@portico/contracts/access/permission-names';
import { hasPermission } from '@portico/contracts/access/permissions';
import { PermissionsPageText, type RbacUser } from '@portico/contracts/access/rbac-admin';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { usePermissionMerchants } from '../api/get-permission-merchants';
import { useRbacUsers } from '../api/get-rbac-users';
import { ConfigureRolesModal } from './configure-roles-modal';
import { EditRbacUserModal } from './edit-rbac-user-modal';

// /permissions: the users table (User, Actions), Edit User and Configure
// Roles, for one merchant at a time; only for holders of the Permissions permission.
export function PermissionsPage() {
  const { user, actingRole } = useSignedInSession();
  const navigate = useNavigate();
  const isAllowed = actingRole === 'admin' || hasPermission(user, Permission.Permissions);

  useEffect(() => {
    if (isAllowed) return;
    void showToast({ text: PermissionsPageText.PageForbidden, type: 'danger' });
    void navigate('/', { replace: true });
  }, [isAllowed, navigate]);

  if (!isAllowed) return null;
  return <PermissionsContent defaultMerchantId={user.account.default_client?.id ?? null} />;
}

function PermissionsContent({ defaultMerchantId }: { defaultMerchantId: string | null }) {
  const merchants = usePermissionMerchants();
  const [merchantId, setMerchantId] = useState<string | null>(defaultMerchantId);
  const users = useRbacUsers(merchantId, { enabled: true });
  const [editing, setEditing] = useState<RbacUser | null>(null);
  const [isConfiguring, setConfiguring] = useState(false);
  const merchantName = merchants.data?.find((m) => m.id === merchantId)?.name ?? '';

  return (
    <Stack gap="md">
      <Title order={1}>{PermissionsPageText.Title}</Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Merchant"
          placeholder={merchants.isPending ? 'Loading merchants…' : 'Choose a merchant'}
          data={(merchants.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          value={merchantId}
          onChange={setMerchantId}
          searchable
          w={{ base: '100%', sm: 360 }}
        />
        <Button onClick={() => setConfiguring(true)} disabled={merchantId === null}>
          Configure Roles
        </Button>
      </Group>
      <UsersTable
        users={users.data}
        isLoading={merchantId !== null && users.isPending}
        error={users.error}
        onEdit={setEditing}
      />
      {editing && merchantId && (
        <EditRbacUserModal merchantId={merchantId} user={editing} onClose={() => setEditing(null)} />
      )}
      {isConfiguring && merchantId && (
        <ConfigureRolesModal
          merchantId={merchantId}
          merchantName={merchantName}
          onClose={() => setConfiguring(false)}
        />
      )}
    </Stack>
  );
}

type UsersTableProps = {
  users: RbacUser[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onEdit: (user: RbacUser) => void;
};

function UsersTable({ users, isLoading, error, onEdit }: UsersTableProps) {
  if (isLoading) return <Text c="dimmed">Loading users…</Text>;
  if (error) {
    const text =
      error instanceof ApiError && error.httpStatus === 403 ? error.message : 'Users could not be loaded.';
    return (
      <Alert color="red" role="alert">
        {text}
      </Alert>
    );
  }
  if (!users) return <Text c="dimmed">Choose a merchant to see its users.</Text>;
  if (users.length === 0) return <Text c="dimmed">This merchant has no users yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped highlightOnHover aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.email} · {row.role?.name ?? 'No role'}
                  {row.sub_entities.length > 0 ? ` · ${row.sub_entities.map((s) => s.name).join(', ')}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`Edit ${row.name}`}
                  onClick={() => onEdit(row)}
                >
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

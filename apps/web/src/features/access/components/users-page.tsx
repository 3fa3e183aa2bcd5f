import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type ManagedUser,
  UserAdminText,
  usersFileName,
  usersSearchLimit,
} from '@portico/contracts/access/user-admin';
import { reachesEveryMerchant } from '@portico/contracts/auth/roles';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmBar } from '../../../components/confirm-bar';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { GridSearch } from '../../../components/grid-search';
import { showToast } from '../../../components/toasts';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useSearchedRows } from '../../../lib/text-search';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useDeleteUser } from '../api/delete-user';
import { useMyUsers, useUsersFound } from '../api/get-my-users';
import {
  canChooseMerchant,
  locationsLabel,
  membershipsLabel,
  noUsersText,
  userStatusLabel,
} from '../utils/user-rows.utils';
import { UserFormModal } from './user-form-modal';

type Editing = { mode: 'add' } | { mode: 'edit'; user: ManagedUser } | null;

// The chooser's first option for staff: users of every merchant, found by the search box.
const allMerchants = 'all';
// Typing waits this long before staff's search across all merchants asks the server.
const searchDebounceMs = 250;
const searchedTextsOf = (row: ManagedUser) => [row.name, row.email];

// /users: whose users ('Viewing Users For'), a search box over them, the grid exported as
// Users.xlsx, Add user, Edit and Delete. Staff may choose All merchants and find a user wherever they
// are; ?search= opens the page searching (the global search's user results land here). The app may
// add actions of other features to each row (staff resetting a user's second factor) and controls for
// the team viewed (staff requiring one).
export function UsersPage({
  renderUserActions,
  renderTeamControls,
}: {
  renderUserActions?: (user: ManagedUser) => ReactNode;
  // Beside the merchant being viewed: what the app adds for that team (staff's second-factor switch).
  renderTeamControls?: (merchantId: string) => ReactNode;
} = {}) {
  const { user, actingRole, myClients } = useSignedInSession();
  const timeZone = useUserTimeZone();
  const [searchParams] = useSearchParams();
  const isChooser = canChooseMerchant(actingRole);
  const canSearchAll = reachesEveryMerchant(actingRole);
  const ownMerchantId = user.account.default_client?.id ?? null;
  const [search, setSearch] = useState(searchParams.get('search') ?? '');
  const [chosenId, setChosenId] = useState<string | null>(
    canSearchAll && search !== '' ? allMerchants : ownMerchantId,
  );
  const isAll = canSearchAll && chosenId === allMerchants;
  const merchantId = isChooser && !isAll ? chosenId : null;
  const users = useMyUsers(merchantId, { enabled: !isAll });
  const [debounced] = useDebouncedValue(search.trim(), searchDebounceMs);
  const found = useUsersFound(isAll ? debounced : '');
  const searchedRows = useSearchedRows(users.data ?? [], search, searchedTextsOf);
  const shown = isAll ? (debounced === '' ? null : found) : users;
  const rows = isAll ? (shown?.data ?? []) : searchedRows;
  const deleteUser = useDeleteUser();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ManagedUser | null>(null);
  // Across all merchants a user is added to a chosen merchant, and edited at their first one.
  const formMerchantId = isAll ? null : (merchantId ?? ownMerchantId);

  const editedMerchantId =
    editing?.mode === 'edit'
      ? (formMerchantId ?? editing.user.memberships[0]?.merchant.id ?? ownMerchantId)
      : null;

  const columns = useMemo<DataGridColumn<ManagedUser>[]>(
    () => [
      { id: 'name', header: 'Name', kind: 'text', value: (row) => row.name, width: 180 },
      { id: 'email', header: 'E-mail', kind: 'text', value: (row) => row.email, width: 240 },
      { id: 'roles', header: 'Merchant and role', kind: 'text', value: membershipsLabel, width: 260 },
      { id: 'locations', header: 'Locations', kind: 'text', value: locationsLabel, width: 180 },
      { id: 'status', header: 'Status', kind: 'text', value: userStatusLabel, width: 100 },
      {
        id: 'has_second_factor',
        header: 'Two-step verification',
        kind: 'text',
        value: (row) => (row.has_second_factor ? 'On' : 'Off'),
        width: 110,
      },
      {
        id: 'last_sign_in_at',
        header: 'Last sign-in',
        kind: 'datetime',
        value: (row) => row.last_sign_in_at,
        width: 200,
      },
      {
        id: 'actions',
        header: 'Actions',
        kind: 'text',
        value: () => '',
        width: renderUserActions ? 260 : 160,
        pinned: 'right',
        filter: false,
        isSortable: false,
        renderCell: (row) => (
          <Group gap={4} wrap="nowrap" h="100%">
            <Button
              size="compact-xs"
              variant="light"
              aria-label={`Edit ${row.name}`}
              onClick={() => setEditing({ mode: 'edit', user: row })}
            >
              Edit
            </Button>
            {/* Nobody deletes their own account (the server refuses it): the row does not offer it. */}
            {row.id !== user.id && (
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                aria-label={`Delete ${row.name}`}
                onClick={() => setDeleting(row)}
              >
                Delete
              </Button>
            )}
            {renderUserActions?.(row)}
          </Group>
        ),
      },
    ],
    [user.id, renderUserActions],
  );

  function confirmDelete(target: ManagedUser) {
    deleteUser.mutate(target.id, {
      onSuccess: () => {
        setDeleting(null);
        void showToast({ text: UserAdminText.Deleted, type: 'success' });
      },
      onError: (error) => {
        setDeleting(null);
        void showToast({ text: `${UserAdminText.NotSaved}: ${error.message}`, type: 'danger' });
      },
    });
  }

  const merchantOptions = [
    ...(canSearchAll ? [{ value: allMerchants, label: UserAdminText.AllMerchants }] : []),
    ...(myClients ?? []).map((client) => ({ value: client.id, label: client.name })),
  ];
  const ownName = user.account.default_client?.merchant.name ?? 'Your merchant';
  const shownName = isChooser
    ? (merchantOptions.find((option) => option.value === chosenId)?.label ?? null)
    : ownName;
  const emptyText = isAll
    ? debounced === ''
      ? UserAdminText.SearchAcrossMerchants
      : UserAdminText.NoUserFound
    : search.trim() !== ''
      ? UserAdminText.NoUserFound
      : noUsersText(shownName, isChooser);

  return (
    <Stack gap="md">
      <Title order={1}>Users</Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        {isChooser ? (
          <Select
            label={UserAdminText.ViewingUsersFor}
            placeholder="Choose a merchant"
            data={merchantOptions}
            value={chosenId}
            onChange={setChosenId}
            searchable
            w={{ base: '100%', sm: 360 }}
          />
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {UserAdminText.ViewingUsersFor}
            </Text>
            <Text>{ownName}</Text>
          </Stack>
        )}
        <GridSearch
          label={UserAdminText.SearchLabel}
          placeholder={UserAdminText.SearchPlaceholder}
          value={search}
          onChange={setSearch}
        />
        <Button onClick={() => setEditing({ mode: 'add' })} disabled={formMerchantId === null}>
          Add user
        </Button>
      </Group>
      {isAll && rows.length >= usersSearchLimit && (
        <Text size="sm" c="dimmed">
          {UserAdminText.SearchLimited}
        </Text>
      )}
      {renderTeamControls && formMerchantId !== null && renderTeamControls(formMerchantId)}
      {deleting && (
        <ConfirmBar
          message={`Delete ${deleting.name} (${deleting.email})? Their sessions end at once.`}
          confirmLabel="Delete"
          cancelLabel="Keep"
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
          isDanger
          isConfirming={deleteUser.isPending}
        />
      )}
      <DataGrid
        ariaLabel="Users"
        emptyText={emptyText}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        isLoading={shown?.isPending ?? false}
        error={shown?.error ? 'Users could not be loaded.' : null}
        onRefresh={() => void shown?.refetch()}
        timeZone={timeZone}
        height="max(420px, calc(100vh - 300px))"
        configKey="users"
        exportFileName={usersFileName}
      />
      {editing?.mode === 'add' && formMerchantId !== null && (
        <UserFormModal mode="add" merchantId={formMerchantId} onClose={() => setEditing(null)} />
      )}
      {editing?.mode === 'edit' && editedMerchantId !== null && (
        <UserFormModal
          mode="edit"
          user={editing.user}
          merchantId={editedMerchantId}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

import { Alert, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ClientUserEntry } from '@portico/contracts/enrollment/enrollment-actions';
import type { ReactNode } from 'react';
import { useClientUsers } from '../../lib/client-users/get-client-users';

export type ClientUser = ClientUserEntry[3];

// One column of the people table: its header and what a user shows under it.
export type UserColumn = { header: string; cell: (user: ClientUser) => ReactNode };

export const UsersContactsText = {
  Empty: 'No users or contacts yet.',
  LoadFailed: 'Users and contacts could not be loaded.',
} as const;

type UsersContactsPanelProps = {
  clientId: string;
  // The columns the page shows for each person.
  columns: readonly UserColumn[];
  // The page's own add form (its fields and its call differ from page to page).
  addForm: ReactNode;
};

// Users & Contacts of an account: its people, then the form that adds one.
export function UsersContactsPanel({ clientId, columns, addForm }: UsersContactsPanelProps) {
  return (
    <Stack gap="md">
      <UsersList clientId={clientId} columns={columns} />
      <Title order={4}>Add User or Contact</Title>
      {addForm}
    </Stack>
  );
}

function UsersList({ clientId, columns }: { clientId: string; columns: readonly UserColumn[] }) {
  const users = useClientUsers(clientId);
  if (users.isPending) return <Loader size="sm" aria-label="Loading users and contacts" />;
  if (users.isError) {
    return (
      <Alert color="red" title={UsersContactsText.LoadFailed}>
        <Button size="xs" variant="light" onClick={() => void users.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (users.data.length === 0) return <Text c="dimmed">{UsersContactsText.Empty}</Text>;
  return <UsersTable entries={users.data} columns={columns} />;
}

function UsersTable({
  entries,
  columns,
}: {
  entries: readonly ClientUserEntry[];
  columns: readonly UserColumn[];
}) {
  return (
    <Table withTableBorder aria-label="Users and contacts">
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header}>{column.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {/* The user is the fourth element of each entry. */}
        {entries.map(([id, , , user]) => (
          <Table.Tr key={id}>
            {columns.map((column) => (
              <Table.Td key={column.header}>{column.cell(user)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

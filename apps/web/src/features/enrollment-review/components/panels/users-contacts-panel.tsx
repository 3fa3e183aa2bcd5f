// Props:
// - enrollmentId: the enrollment the page shows.
// - clientId: the enrollment's account (client_id); null until the sandbox or the approval creates
//   it, when there is nobody to list or add yet.
// - onChanged: asks the page to refetch after a user or contact was added.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  accountUserTypes,
  buildNewUserBody,
  type ClientUserEntry,
  EnrollmentActionText,
  emptyNewUserForm,
  newUserFormSchema,
  userCategories,
} from '@portico/contracts/enrollment/enrollment-actions';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { showToast } from '../../../../components/toasts';
import { useCreateAccountUser } from '../../api/create-account-user';
import { useClientUsers } from '../../api/get-client-users';
import { actionFailureText } from '../../utils/enrollment-actions.utils';

type UsersContactsPanelProps = {
  enrollmentId: string;
  clientId: string | null;
  onChanged?: () => void;
};

export const UsersContactsText = {
  NoAccount: 'Users and contacts can be added once the account exists: create its sandbox or approve it.',
  Empty: 'No users or contacts yet.',
  LoadFailed: 'Users and contacts could not be loaded.',
} as const;

const userTypeOptions = accountUserTypes.map((type) => ({
  value: type,
  label: type === 'user' ? 'User' : 'Contact',
}));
const categoryOptions = userCategories.map((category) => ({ value: category, label: category }));

// Spec 2 §2.1 Users & Contacts: the account's people and the add form of §5.
// The list and the form need an account; enrollmentId is accepted for a uniform panel interface.
export function UsersContactsPanel({ clientId, onChanged }: UsersContactsPanelProps) {
  if (clientId === null) {
    return (
      <Text size="sm" c="dimmed">
        {UsersContactsText.NoAccount}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <UsersList clientId={clientId} />
      <Title order={4}>Add User or Contact</Title>
      <AddUserForm clientId={clientId} onAdded={onChanged} />
    </Stack>
  );
}

function UsersList({ clientId }: { clientId: string }) {
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
  return <UsersTable entries={users.data} />;
}

function UsersTable({ entries }: { entries: readonly ClientUserEntry[] }) {
  return (
    <Table withTableBorder aria-label="Users and contacts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Phone</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Category</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {/* Spec 2 §7: the user is the fourth element of each entry. */}
        {entries.map(([id, , , user]) => (
          <Table.Tr key={id}>
            <Table.Td>{user.name}</Table.Td>
            <Table.Td>{user.email}</Table.Td>
            <Table.Td>{user.phone ?? ''}</Table.Td>
            <Table.Td>{user.user_type}</Table.Td>
            <Table.Td>{user.label ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AddUserForm({ clientId, onAdded }: { clientId: string; onAdded: (() => void) | undefined }) {
  const create = useCreateAccountUser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(newUserFormSchema),
    defaultValues: emptyNewUserForm,
    // Errors show once a field was touched.
    mode: 'onTouched',
  });
  const { errors, isValid } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const body = buildNewUserBody(values, clientId);
    if (!body) return;
    setFailure(null);
    try {
      await create.mutateAsync(body);
      void showToast({ text: EnrollmentActionText.UserAdded, type: 'success' });
      form.reset(emptyNewUserForm);
      onAdded?.();
    } catch (error) {
      setFailure(actionFailureText(error));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add user">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Controller
            control={form.control}
            name="user_type"
            render={({ field }) => (
              <Select
                label="User Type"
                withAsterisk
                data={userTypeOptions}
                value={field.value === '' ? null : field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={errors.user_type?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="label"
            render={({ field }) => (
              <Select
                label="Category"
                withAsterisk
                data={categoryOptions}
                value={field.value === '' ? null : field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={errors.label?.message}
              />
            )}
          />
        </Group>
        <TextInput label="Name" withAsterisk error={errors.name?.message} {...form.register('name')} />
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          withAsterisk
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" disabled={!isValid} loading={create.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

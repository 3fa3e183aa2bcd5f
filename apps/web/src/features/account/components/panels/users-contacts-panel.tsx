import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  accountContactFormSchema,
  buildAccountContactBody,
  emptyAccountContactForm,
  splitUserName,
} from '@portico/contracts/access/user-admin';
import {
  accountUserTypes,
  type ClientUserEntry,
  EnrollmentActionText,
  userCategories,
} from '@portico/contracts/enrollment/enrollment-actions';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { showToast } from '../../../../components/toasts';
import { useAccountUsers, useCreateAccountContact } from '../../api/account-users';

export const AccountUsersText = {
  Empty: 'No users or contacts yet.',
  LoadFailed: 'Users and contacts could not be loaded.',
  NotAdded: 'The user could not be added.',
} as const;

const userTypeOptions = accountUserTypes.map((type) => ({
  value: type,
  label: type === 'user' ? 'User' : 'Contact',
}));
const labelOptions = userCategories.map((category) => ({ value: category, label: category }));

// Spec 2 §2.2 Users & Contacts of the account page: the account's people (first name, last name,
// phone) and the add form of spec 2 §5, posting POST /api/user with the account's client_id.
export function AccountUsersContactsPanel({ clientId }: { clientId: string }) {
  return (
    <Stack gap="md">
      <AccountUsersList clientId={clientId} />
      <Title order={4}>Add User or Contact</Title>
      <AddAccountUserForm clientId={clientId} />
    </Stack>
  );
}

function AccountUsersList({ clientId }: { clientId: string }) {
  const users = useAccountUsers(clientId);
  if (users.isPending) return <Loader size="sm" aria-label="Loading users and contacts" />;
  if (users.isError) {
    return (
      <Alert color="red" title={AccountUsersText.LoadFailed}>
        <Button size="xs" variant="light" onClick={() => void users.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (users.data.length === 0) return <Text c="dimmed">{AccountUsersText.Empty}</Text>;
  return <AccountUsersTable entries={users.data} />;
}

function AccountUsersTable({ entries }: { entries: readonly ClientUserEntry[] }) {
  return (
    <Table withTableBorder aria-label="Users and contacts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>First Name</Table.Th>
          <Table.Th>Last Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Phone</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Label</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {/* Spec 2 §7: the user is the fourth element of each entry. */}
        {entries.map(([id, , , user]) => {
          const { firstName, lastName } = splitUserName(user.name);
          return (
            <Table.Tr key={id}>
              <Table.Td>{firstName}</Table.Td>
              <Table.Td>{lastName}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.phone ?? ''}</Table.Td>
              <Table.Td>{user.is_locked_out ? `${user.user_type} (locked out)` : user.user_type}</Table.Td>
              <Table.Td>{user.label ?? ''}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function failureText(error: unknown): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : AccountUsersText.NotAdded;
}

function AddAccountUserForm({ clientId }: { clientId: string }) {
  const create = useCreateAccountContact();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(accountContactFormSchema),
    defaultValues: emptyAccountContactForm,
    // Errors show once a field was touched.
    mode: 'onTouched',
  });
  const { errors, isValid } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const body = buildAccountContactBody(values, clientId);
    if (!body) return;
    setFailure(null);
    try {
      await create.mutateAsync(body);
      void showToast({ text: EnrollmentActionText.UserAdded, type: 'success' });
      form.reset(emptyAccountContactForm);
    } catch (error) {
      setFailure(failureText(error));
    }
  });

  const choice = (name: 'user_type' | 'label', label: string, data: { value: string; label: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          withAsterisk
          data={data}
          value={field.value === '' ? null : field.value}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add user or contact">
      <Stack gap="sm">
        <Group grow align="flex-start">
          {choice('user_type', 'User Type', userTypeOptions)}
          {choice('label', 'Label', labelOptions)}
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="First Name"
            withAsterisk
            error={errors.first_name?.message}
            {...form.register('first_name')}
          />
          <TextInput
            label="Last Name"
            withAsterisk
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
        </Group>
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput label="Phone" type="tel" error={errors.phone?.message} {...form.register('phone')} />
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

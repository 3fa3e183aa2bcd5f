import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Text, TextInput } from '@mantine/core';
import {
  buildNewUserBody,
  EnrollmentActionText,
  emptyNewUserForm,
  newUserFormSchema,
} from '@portico/contracts/enrollment/enrollment-actions';
import { useForm } from 'react-hook-form';
import {
  AddUserForm,
  UserChoiceField,
  userCategoryOptions,
  userTypeOptions,
} from '../../../../components/users-contacts/add-user-form';
import {
  type UserColumn,
  UsersContactsPanel,
} from '../../../../components/users-contacts/users-contacts-panel';
import { useCreateAccountUser } from '../../api/create-account-user';

type EnrollmentUsersContactsPanelProps = {
  // The enrollment's account (client_id); null until the sandbox or the approval creates it, when
  // there is nobody to list or add yet.
  clientId: string | null;
  // Asks the page to refetch after a user or contact was added.
  onChanged?: () => void;
};

export const EnrollmentUsersText = {
  NoAccount: 'Users and contacts can be added once the account exists: create its sandbox or approve it.',
} as const;

const enrollmentUserColumns: readonly UserColumn[] = [
  { header: 'Name', cell: (user) => user.name },
  { header: 'Email', cell: (user) => user.email },
  { header: 'Phone', cell: (user) => user.phone ?? '' },
  { header: 'Type', cell: (user) => user.user_type },
  { header: 'Category', cell: (user) => user.label ?? '' },
];

// Users & Contacts of the enrollment page: the account's people and the add form, posting
// POST /api/user/new; both wait for the account to exist.
export function EnrollmentUsersContactsPanel({ clientId, onChanged }: EnrollmentUsersContactsPanelProps) {
  if (clientId === null) {
    return (
      <Text size="sm" c="dimmed">
        {EnrollmentUsersText.NoAccount}
      </Text>
    );
  }
  return (
    <UsersContactsPanel
      clientId={clientId}
      columns={enrollmentUserColumns}
      addForm={<AddEnrollmentUserForm clientId={clientId} onAdded={onChanged} />}
    />
  );
}

function AddEnrollmentUserForm({
  clientId,
  onAdded,
}: {
  clientId: string;
  onAdded: (() => void) | undefined;
}) {
  const create = useCreateAccountUser();
  const form = useForm({
    resolver: zodResolver(newUserFormSchema),
    defaultValues: emptyNewUserForm,
    // Errors show once a field was touched.
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  return (
    <AddUserForm
      label="Add user"
      form={form}
      emptyValues={emptyNewUserForm}
      toBody={(values) => buildNewUserBody(values, clientId)}
      create={create}
      fallbackFailure={EnrollmentActionText.UpdateFailed}
      onAdded={onAdded}
    >
      <Group grow align="flex-start">
        <UserChoiceField control={form.control} name="user_type" label="User Type" data={userTypeOptions} />
        <UserChoiceField control={form.control} name="label" label="Category" data={userCategoryOptions} />
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
    </AddUserForm>
  );
}

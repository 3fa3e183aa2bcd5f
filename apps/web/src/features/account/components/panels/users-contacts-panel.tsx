import { zodResolver } from '@hookform/resolvers/zod';
import { Group, TextInput } from '@mantine/core';
import {
  accountContactFormSchema,
  buildAccountContactBody,
  emptyAccountContactForm,
  splitUserName,
} from '@portico/contracts/access/user-admin';
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
import { useCreateAccountContact } from '../../api/account-users';

export const AccountUsersText = {
  NotAdded: 'The user could not be added.',
} as const;

// The account page splits the name at its first space and marks a locked-out user.
const accountUserColumns: readonly UserColumn[] = [
  { header: 'First Name', cell: (user) => splitUserName(user.name).firstName },
  { header: 'Last Name', cell: (user) => splitUserName(user.name).lastName },
  { header: 'Email', cell: (user) => user.email },
  { header: 'Phone', cell: (user) => user.phone ?? '' },
  {
    header: 'Type',
    cell: (user) => (user.is_locked_out ? `${user.user_type} (locked out)` : user.user_type),
  },
  { header: 'Label', cell: (user) => user.label ?? '' },
];

// Users & Contacts of the account page: the account's people and the add form, posting POST /api/user
// with the account's client_id.
export function AccountUsersContactsPanel({ clientId }: { clientId: string }) {
  return (
    <UsersContactsPanel
      clientId={clientId}
      columns={accountUserColumns}
      addForm={<AddAccountUserForm clientId={clientId} />}
    />
  );
}

function AddAccountUserForm({ clientId }: { clientId: string }) {
  const create = useCreateAccountContact();
  const form = useForm({
    resolver: zodResolver(accountContactFormSchema),
    defaultValues: emptyAccountContactForm,
    // Errors show once a field was touched.
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  return (
    <AddUserForm
      label="Add user or contact"
      form={form}
      emptyValues={emptyAccountContactForm}
      toBody={(values) => buildAccountContactBody(values, clientId)}
      create={create}
      fallbackFailure={AccountUsersText.NotAdded}
    >
      <Group grow align="flex-start">
        <UserChoiceField control={form.control} name="user_type" label="User Type" data={userTypeOptions} />
        <UserChoiceField control={form.control} name="label" label="Label" data={userCategoryOptions} />
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
    </AddUserForm>
  );
}

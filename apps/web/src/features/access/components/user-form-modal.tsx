import { Alert, Button, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  joinUserName,
  type ManagedUser,
  splitUserName,
  UserAdminText,
} from '@portico/contracts/access/user-admin';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { useCreateUser } from '../api/create-user';
import { useGroups } from '../api/get-groups';
import { useRoles } from '../api/get-roles';
import { useSubEntities } from '../api/get-sub-entities';
import { useUpdateUser } from '../api/update-user';

type Membership = { merchantId: string; merchantName: string; roleId: string | null };

type UserFormModalProps = {
  mode: 'add' | 'edit';
  user?: ManagedUser | undefined;
  // The merchant whose users the page shows: a new user's merchant, and where more may be added.
  merchantId: string;
  onClose: () => void;
};

function MembershipRow({
  membership,
  onRole,
  onRemove,
}: {
  membership: Membership;
  onRole: (roleId: string | null) => void;
  onRemove?: (() => void) | undefined;
}) {
  const roles = useRoles(membership.merchantId);
  const options = (roles.data ?? []).map((role) => ({
    value: role.id,
    label: role.merchant.id === membership.merchantId ? role.name : `${role.name} (${role.merchant.name})`,
  }));
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        label={`Role at ${membership.merchantName}`}
        placeholder={roles.isPending ? 'Loading roles…' : 'No role'}
        data={options}
        value={membership.roleId}
        onChange={onRole}
        clearable
        w={{ base: '100%', sm: 280 }}
      />
      {onRemove && (
        <Button
          variant="subtle"
          color="red"
          onClick={onRemove}
          aria-label={`Remove ${membership.merchantName}`}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}

// First name, last name, e-mail, merchant memberships each with a role, default merchant
// and locations. 'Successfully added!' / 'Did not save'.
export function UserFormModal({ mode, user, merchantId, onClose }: UserFormModalProps) {
  const initialName = splitUserName(user?.name ?? '');
  const [firstName, setFirstName] = useState(initialName.firstName);
  const [lastName, setLastName] = useState(initialName.lastName);
  const [email, setEmail] = useState(user?.email ?? '');
  const groups = useGroups(merchantId);
  const merchantName = groups.data?.find((group) => group.id === merchantId)?.name ?? 'this merchant';
  const [memberships, setMemberships] = useState<Membership[]>(
    user
      ? user.memberships.map((m) => ({
          merchantId: m.merchant.id,
          merchantName: m.merchant.name,
          roleId: m.role?.id ?? null,
        }))
      : [{ merchantId, merchantName: '', roleId: null }],
  );
  const [defaultMerchantId, setDefaultMerchantId] = useState(user?.default_client_id ?? merchantId);
  const [locationIds, setLocationIds] = useState<string[]>(user?.locations.map((l) => l.id) ?? []);
  const [isLocked, setLocked] = useState(user?.is_locked_out ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const locations = useSubEntities(defaultMerchantId);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const isSaving = createUser.isPending || updateUser.isPending;

  const named = memberships.map((m) => ({
    ...m,
    merchantName: m.merchantName || groups.data?.find((g) => g.id === m.merchantId)?.name || merchantName,
  }));
  const addable = (groups.data ?? []).filter((group) => !memberships.some((m) => m.merchantId === group.id));
  const locationOptions = (locations.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  // Locations elsewhere stay as they are: the form offers the default merchant's.
  const keptElsewhere = (user?.locations ?? []).filter((l) => !locationOptions.some((o) => o.value === l.id));

  function changeRole(index: number, roleId: string | null) {
    setMemberships(memberships.map((m, i) => (i === index ? { ...m, roleId } : m)));
  }

  function failed(error: Error) {
    setProblem(error.message);
    void showToast({ text: UserAdminText.NotSaved, type: 'danger' });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const name = joinUserName(firstName, lastName);
    if (firstName.trim() === '' || lastName.trim() === '') return setProblem(UserAdminText.NameRequired);
    if (email.trim() === '') return setProblem(UserAdminText.EmailRequired);
    const selected = locationIds.filter((id) => locationOptions.some((o) => o.value === id));
    if (mode === 'add') {
      createUser.mutate(
        {
          name,
          email,
          user_type: 'user',
          label: null,
          locations: selected,
          merchant_id: merchantId,
          role: memberships[0]?.roleId ?? null,
          disabled: false,
        },
        {
          onSuccess: () => {
            void showToast({ text: UserAdminText.Added, type: 'success' });
            onClose();
          },
          onError: failed,
        },
      );
      return;
    }
    if (!user) return;
    updateUser.mutate(
      {
        id: user.id,
        name,
        email,
        memberships: memberships.map((m) => ({ merchant_id: m.merchantId, role: m.roleId })),
        default_client_id: defaultMerchantId,
        locations: [...selected, ...keptElsewhere.map((l) => l.id)],
        is_locked_out: isLocked,
      },
      {
        onSuccess: () => {
          void showToast({ text: 'Saved.', type: 'success' });
          onClose();
        },
        onError: failed,
      },
    );
  }

  return (
    <Modal
      isOpen
      title={mode === 'add' ? 'Add user' : `Edit ${user?.name ?? 'user'}`}
      onClose={onClose}
      isLarge
    >
      <Stack component="form" gap="sm" onSubmit={submit}>
        <Group grow wrap="wrap">
          <TextInput
            label="First name"
            required
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
          />
          <TextInput
            label="Last name"
            required
            value={lastName}
            onChange={(e) => setLastName(e.currentTarget.value)}
          />
        </Group>
        <TextInput
          label="E-mail"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Text fw={600} size="sm">
          Merchant memberships
        </Text>
        {named.map((membership, index) => (
          <MembershipRow
            key={membership.merchantId}
            membership={membership}
            onRole={(roleId) => changeRole(index, roleId)}
            onRemove={
              mode === 'edit' && memberships.length > 1
                ? () => setMemberships(memberships.filter((_, i) => i !== index))
                : undefined
            }
          />
        ))}
        {mode === 'edit' && addable.length > 0 && (
          <Select
            label="Add a merchant"
            placeholder="Choose a merchant"
            data={addable.map((group) => ({ value: group.id, label: group.name }))}
            value={null}
            onChange={(id) => {
              const group = addable.find((g) => g.id === id);
              if (group)
                setMemberships([
                  ...memberships,
                  { merchantId: group.id, merchantName: group.name, roleId: null },
                ]);
            }}
            w={{ base: '100%', sm: 280 }}
          />
        )}
        {mode === 'edit' && (
          <Select
            label="Default merchant"
            data={named.map((m) => ({ value: m.merchantId, label: m.merchantName }))}
            value={defaultMerchantId}
            onChange={(id) => id && setDefaultMerchantId(id)}
            allowDeselect={false}
            w={{ base: '100%', sm: 280 }}
          />
        )}
        <MultiSelect
          label="Locations"
          description="None chosen: every location of the merchant."
          placeholder={locationOptions.length === 0 ? 'This merchant has no sub-locations' : 'All locations'}
          data={locationOptions}
          value={locationIds.filter((id) => locationOptions.some((o) => o.value === id))}
          onChange={setLocationIds}
          disabled={locationOptions.length === 0}
          clearable
        />
        {mode === 'edit' && (
          <Select
            label="Sign-in"
            data={[
              { value: 'open', label: 'Allowed' },
              { value: 'locked', label: 'Locked (ends their sessions now)' },
            ]}
            value={isLocked ? 'locked' : 'open'}
            onChange={(value) => setLocked(value === 'locked')}
            allowDeselect={false}
            w={{ base: '100%', sm: 280 }}
          />
        )}
        {problem && (
          <Alert color="red" role="alert" title={UserAdminText.NotSaved}>
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {mode === 'add' ? 'Add user' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

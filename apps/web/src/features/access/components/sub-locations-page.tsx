import { Accordion, Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Permission } from '@portico/contracts/access/permission-names';
import { hasPermission } from '@portico/contracts/access/permissions';
import { type SubLocation, SubLocationText } from '@portico/contracts/access/sub-locations';
import { processorLabels } from '@portico/contracts/common/processors';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmBar } from '../../../components/confirm-bar';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { usePermissionMerchants } from '../api/get-permission-merchants';
import { useSubEntities } from '../api/get-sub-entities';
import { useCreateSubLocation, useDeleteSubLocation } from '../api/sub-locations';
import { SubLocationModal } from './sub-location-modal';

const unreachable = 'The server could not be reached. Try again.';

// /sublocations: merchants as expandable rows, the locations of the
// one opened, Add New and Edit Sub-Location; for holders of the Permissions permission.
export function SubLocationsPage() {
  const { user, actingRole } = useSignedInSession();
  const navigate = useNavigate();
  const isAllowed = actingRole === 'admin' || hasPermission(user, Permission.Permissions);

  useEffect(() => {
    if (isAllowed) return;
    void showToast({ text: SubLocationText.NoPermission, type: 'danger' });
    void navigate('/', { replace: true });
  }, [isAllowed, navigate]);

  if (!isAllowed) return null;
  return <MerchantRows defaultMerchantId={user.account.default_client?.id ?? null} />;
}

function MerchantRows({ defaultMerchantId }: { defaultMerchantId: string | null }) {
  const merchants = usePermissionMerchants();
  const [opened, setOpened] = useState<string | null>(defaultMerchantId);

  return (
    <Stack gap="md">
      <Title order={1}>Sub-Locations</Title>
      {merchants.isPending && <Loader size="sm" aria-label="Loading merchants" />}
      {merchants.isError && <Alert color="red">{apiErrorMessage(merchants.error, unreachable)}</Alert>}
      {merchants.data?.length === 0 && <Text>No merchant to manage.</Text>}
      <Accordion variant="separated" value={opened} onChange={setOpened}>
        {(merchants.data ?? []).map((merchant) => (
          <Accordion.Item key={merchant.id} value={merchant.id}>
            <Accordion.Control>{merchant.name}</Accordion.Control>
            <Accordion.Panel>
              {opened === merchant.id && <MerchantLocations merchantId={merchant.id} />}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

function MerchantLocations({ merchantId }: { merchantId: string }) {
  const locations = useSubEntities(merchantId);
  const [isAdding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SubLocation | null>(null);
  const [deleting, setDeleting] = useState<SubLocation | null>(null);
  const remove = useDeleteSubLocation();

  function confirmDelete(location: SubLocation) {
    remove.mutate(
      { merchantId, id: location.id },
      {
        onSuccess: () => {
          setDeleting(null);
          void showToast({ text: SubLocationText.Deleted, type: 'success' });
        },
        onError: (error) => {
          setDeleting(null);
          void showToast({ text: apiErrorMessage(error, unreachable), type: 'danger' });
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      <Group>
        <Button onClick={() => setAdding(true)}>{SubLocationText.AddTitle}</Button>
      </Group>
      {locations.isPending && <Loader size="sm" aria-label="Loading sub-locations" />}
      {locations.isError && <Alert color="red">{apiErrorMessage(locations.error, unreachable)}</Alert>}
      {locations.data?.length === 0 && <Text size="sm">This merchant has no sub-locations yet.</Text>}
      {deleting && (
        <ConfirmBar
          message={`Delete the sub-location ${deleting.name}?`}
          confirmLabel="Delete"
          isDanger
          isConfirming={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {locations.data && locations.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Custom fields</Table.Th>
                <Table.Th>Own MIDs</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {locations.data.map((location) => (
                <Table.Tr key={location.id}>
                  <Table.Td>{location.name}</Table.Td>
                  <Table.Td>{location.phone ?? ''}</Table.Td>
                  <Table.Td>{addressLine(location)}</Table.Td>
                  <Table.Td>
                    {Object.entries(location.custom_fields)
                      .map(([name, value]) => `${name}: ${value}`)
                      .join(', ')}
                  </Table.Td>
                  <Table.Td>
                    {location.mid_overrides
                      .map((o) => `${processorLabels[o.payment_processor]} ${o.merchant_identifier}`)
                      .join(', ')}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(location)}>
                        Edit
                      </Button>
                      <Button size="xs" variant="default" color="red" onClick={() => setDeleting(location)}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddSubLocationModal
        merchantId={merchantId}
        isOpen={isAdding}
        onClose={() => setAdding(false)}
        onCreated={(created) => {
          setAdding(false);
          setEditing(created);
        }}
      />
      {editing && (
        <SubLocationModal merchantId={merchantId} location={editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function addressLine(location: SubLocation): string {
  const { address1, address2, city, st, zip, address } = location.address;
  const parts = [address1, address2, city, [st, zip].filter(Boolean).join(' ')].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  return parts.length > 0 ? parts.join(', ') : (address ?? '');
}

type AddProps = {
  merchantId: string;
  isOpen: boolean;
  onClose: () => void;
  onCreated: (location: SubLocation) => void;
};

// Create needs a non-empty name; the server's error text shows in the modal.
function AddSubLocationModal({ merchantId, isOpen, onClose, onCreated }: AddProps) {
  const [name, setName] = useState('');
  const create = useCreateSubLocation();

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { merchantId, name: name.trim() },
      {
        onSuccess: (created) => {
          void showToast({ text: SubLocationText.Created, type: 'success' });
          onCreated(created);
        },
      },
    );
  }

  return (
    <Modal
      isOpen={isOpen}
      title={SubLocationText.AddTitle}
      onClose={onClose}
      onHidden={() => {
        setName('');
        create.reset();
      }}
    >
      <Stack component="form" gap="sm" onSubmit={submit}>
        <TextInput
          label="Name"
          required
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        {create.isError && (
          <Alert color="red" role="alert">
            {apiErrorMessage(create.error, unreachable)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={name.trim() === ''} loading={create.isPending}>
            Create Sub-Location
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  type LocationCustomField,
  LocationCustomFieldsText,
  locationCustomFieldsBody,
  locationCustomFieldTypes,
} from '@portico/contracts/clients/location-custom-fields';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { showToast } from '../../../components/toasts';
import { useSaveLocationCustomFields } from '../api/location-custom-fields';

type LocationCustomFieldsProps = {
  clientId: string;
  canEdit: boolean;
  // As the account record brings them (GET /api/account/{clientid}), so they need no request of
  // their own and the page's first paint stays one round of requests.
  stored: LocationCustomField[] | null;
};

const noFields: LocationCustomField[] = [];

const isFieldType = (value: string): value is LocationCustomField['type'] =>
  locationCustomFieldTypes.some((type) => type === value);

// Settings, location custom fields: the fields each sub-location of this merchant may
// carry. Settings editors change the list and save it on its own; everyone else who sees Settings reads.
export function LocationCustomFields({ clientId, canEdit, stored: given }: LocationCustomFieldsProps) {
  const stored = given ?? noFields;
  const save = useSaveLocationCustomFields(clientId);
  const [drafts, setDrafts] = useState<LocationCustomField[]>(stored);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setDrafts(stored);
  }, [stored]);

  const change = (index: number, next: Partial<LocationCustomField>) =>
    setDrafts((current) => current.map((field, at) => (at === index ? { ...field, ...next } : field)));

  async function submit() {
    // The server's rules, checked before asking it (unique names, no empty name).
    const checked = locationCustomFieldsBody.safeParse({ fields: drafts });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? LocationCustomFieldsText.DuplicateName);
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync(checked.data.fields);
      showToast({ text: LocationCustomFieldsText.Saved, type: 'success' });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  if (!canEdit) {
    return drafts.length === 0 ? (
      <Text size="sm" c="dimmed">
        No location custom fields.
      </Text>
    ) : (
      <Text size="sm">{drafts.map((field) => `${field.name} (${field.type})`).join(', ')}</Text>
    );
  }
  return (
    <Stack gap="xs">
      {drafts.length > 0 && (
        <Table aria-label="Location custom fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {drafts.map((field, index) => (
              // Rows are edited in place; their position is their identity until saved.
              // biome-ignore lint/suspicious/noArrayIndexKey: names change as they are typed
              <Table.Tr key={index}>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={`Custom field ${index + 1} name`}
                    value={field.name}
                    onChange={(event) => change(index, { name: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={`Custom field ${index + 1} type`}
                    data={[...locationCustomFieldTypes]}
                    value={field.type}
                    onChange={(event) => {
                      const type = event.currentTarget.value;
                      if (isFieldType(type)) change(index, { type });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove custom field ${index + 1}`}
                    onClick={() => setDrafts((current) => current.filter((_, at) => at !== index))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          onClick={() => setDrafts((current) => [...current, { name: '', type: 'text' }])}
        >
          Add Custom Field
        </Button>
        <Button size="xs" onClick={() => void submit()} loading={save.isPending}>
          Save Custom Fields
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}

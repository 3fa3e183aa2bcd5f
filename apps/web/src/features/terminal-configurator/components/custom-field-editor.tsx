import { ActionIcon, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { customFieldMessages } from '@portico/contracts/virtual-terminals/terminal-configuration';
import {
  type VirtualTerminalCustomField,
  virtualTerminalCustomFieldTypes,
} from '@portico/contracts/virtual-terminals/virtual-terminal-urls';
import { Checkbox } from '../../../components/checkbox';

type CustomFieldEditorProps = {
  fields: readonly VirtualTerminalCustomField[];
  onChange: (fields: VirtualTerminalCustomField[]) => void;
  // Set once a save was tried: the editor then shows each field's validation message.
  shouldShowMessages: boolean;
};

const typeOptions = virtualTerminalCustomFieldTypes.map((type) => ({ value: type, label: type }));

function isTypeWithValues(type: VirtualTerminalCustomField['type']): boolean {
  return type !== 'text' && type !== 'date';
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

function isFieldType(value: string | null): value is VirtualTerminalCustomField['type'] {
  return virtualTerminalCustomFieldTypes.some((type) => type === value);
}

// Each custom field's name, type, remove, up, down, requireForGuest, options with 'Add Option'; 'Add Field'.
export function CustomFieldEditor({ fields, onChange, shouldShowMessages }: CustomFieldEditorProps) {
  const messages = customFieldMessages(fields);
  const update = (index: number, change: Partial<VirtualTerminalCustomField>) =>
    onChange(fields.map((field, at) => (at === index ? { ...field, ...change } : field)));

  return (
    <Stack gap="sm" aria-label="Custom fields">
      <Text fw={600}>Custom Fields</Text>
      {fields.map((field, index) => {
        const label = `Custom field ${index + 1}`;
        const message = shouldShowMessages ? messages[index] : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: fields have no id until saved; the position is the identity.
          <Card key={index} withBorder padding="sm" role="group" aria-label={label}>
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label="Field Name"
                  value={field.name}
                  onChange={(event) => update(index, { name: event.currentTarget.value })}
                />
                <Select
                  label="Field Type"
                  data={typeOptions}
                  value={field.type}
                  allowDeselect={false}
                  onChange={(type) => isFieldType(type) && update(index, { type })}
                  comboboxProps={{ withinPortal: true }}
                />
                <Button
                  variant="subtle"
                  disabled={index === 0}
                  onClick={() => onChange(move(fields, index, index - 1))}
                >
                  Up
                </Button>
                <Button
                  variant="subtle"
                  disabled={index === fields.length - 1}
                  onClick={() => onChange(move(fields, index, index + 1))}
                >
                  Down
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => onChange(fields.filter((_, at) => at !== index))}
                >
                  Remove
                </Button>
              </Group>
              <Checkbox
                label="Require for guest"
                isChecked={field.requireForGuest === true}
                onChange={(requireForGuest) => update(index, { requireForGuest })}
              />
              {isTypeWithValues(field.type) && (
                <FieldOptions values={field.values ?? []} onChange={(values) => update(index, { values })} />
              )}
              {message && (
                <Text size="sm" c="red" role="alert">
                  {message}
                </Text>
              )}
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button
          variant="default"
          onClick={() => onChange([...fields, { name: '', type: 'text', values: [] }])}
        >
          Add Field
        </Button>
      </Group>
    </Stack>
  );
}

function FieldOptions({
  values,
  onChange,
}: {
  values: readonly string[];
  onChange: (values: string[]) => void;
}) {
  return (
    <Stack gap={4}>
      {values.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are plain texts that may repeat while typed.
        <Group key={index} gap="xs">
          <TextInput
            aria-label={`Option ${index + 1}`}
            value={value}
            onChange={(event) => {
              const text = event.currentTarget.value;
              onChange(values.map((current, at) => (at === index ? text : current)));
            }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove option ${index + 1}`}
            onClick={() => onChange(values.filter((_, at) => at !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="light" onClick={() => onChange([...values, ''])}>
          Add Option
        </Button>
      </Group>
    </Stack>
  );
}

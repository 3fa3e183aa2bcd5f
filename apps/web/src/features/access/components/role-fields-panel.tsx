import { Alert, Checkbox, Select, Stack, Table, Text } from '@mantine/core';
import { nextFieldAccess, PermissionsPageText, type Role } from '@portico/contracts/access/rbac-admin';
import { useState } from 'react';
import { showToast } from '../../../components/toasts';
import { useTerminalFields } from '../api/get-terminal-fields';
import { useTerminals } from '../api/get-terminals';
import { useToggleRoleField } from '../api/toggle-role-field';

type RoleFieldsPanelProps = { merchantId: string; role: Role };

// Per terminal, each custom field is hidden, Available (show) or Required (require).
export function RoleFieldsPanel({ merchantId, role }: RoleFieldsPanelProps) {
  const terminals = useTerminals(merchantId);
  const [terminalId, setTerminalId] = useState<string | null>(null);
  const fields = useTerminalFields(merchantId, terminalId);
  const toggle = useToggleRoleField();
  const levels = terminalId === null ? {} : (role.custom_field_access[terminalId] ?? {});

  function setAvailable(fieldName: string, isAvailable: boolean) {
    if (terminalId === null)
      return void showToast({ text: PermissionsPageText.SelectTerminalFirst, type: 'warning' });
    const next = nextFieldAccess(levels[fieldName] ?? null, isAvailable ? 'show' : 'hide');
    if (!next.ok) return void showToast({ text: PermissionsPageText.CannotHideRequired, type: 'warning' });
    toggle.mutate(
      {
        clientId: merchantId,
        roleId: role.id,
        terminalId,
        fieldName,
        list: 'hideable-fields',
        isAdd: !isAvailable,
      },
      { onError: () => void showToast({ text: PermissionsPageText.VisibilityFailed, type: 'danger' }) },
    );
  }

  function setRequired(fieldName: string, isRequired: boolean) {
    if (terminalId === null)
      return void showToast({ text: PermissionsPageText.SelectTerminalFirst, type: 'warning' });
    toggle.mutate(
      {
        clientId: merchantId,
        roleId: role.id,
        terminalId,
        fieldName,
        list: 'omittable-fields',
        isAdd: !isRequired,
      },
      { onError: () => void showToast({ text: PermissionsPageText.RequirementFailed, type: 'danger' }) },
    );
  }

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Terminal custom fields
      </Text>
      <Select
        label="Terminal"
        placeholder={terminals.isPending ? 'Loading terminals…' : 'Choose a terminal'}
        data={(terminals.data ?? []).map((t) => ({
          value: t.id,
          label: t.is_active ? t.name : `${t.name} (inactive)`,
        }))}
        value={terminalId}
        onChange={setTerminalId}
        w={{ base: '100%', sm: 320 }}
      />
      {terminalId === null && <Text c="dimmed">{PermissionsPageText.SelectTerminalFirst}</Text>}
      {terminalId !== null && fields.isPending && <Text c="dimmed">Loading fields…</Text>}
      {fields.isError && <Alert color="red">Fields could not be loaded.</Alert>}
      {fields.data?.length === 0 && <Text c="dimmed">This terminal has no custom fields.</Text>}
      {fields.data && fields.data.length > 0 && (
        <Table aria-label={`Custom fields for ${role.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Available</Table.Th>
              <Table.Th>Required</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.data.map((field) => {
              const level = levels[field.name];
              return (
                <Table.Tr key={field.name}>
                  <Table.Td>{field.name}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${field.name} available`}
                      checked={level !== undefined}
                      disabled={toggle.isPending}
                      onChange={(e) => setAvailable(field.name, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`${field.name} required`}
                      checked={level === 'require'}
                      disabled={toggle.isPending}
                      onChange={(e) => setRequired(field.name, e.currentTarget.checked)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

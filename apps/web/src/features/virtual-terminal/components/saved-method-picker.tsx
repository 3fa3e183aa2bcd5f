import { Card, Stack, Text } from '@mantine/core';
import type { VaultCustomerWithMethods } from '@portico/contracts/vault/vault';
import { Dropdown } from '../../../components/dropdown';

// The vault customer the address names and their saved methods (the token's
// display form, without its first segment); the chosen one goes into the frame.
export function SavedMethodPicker({
  customer,
  selectedMethodId,
  onSelect,
}: {
  customer: VaultCustomerWithMethods;
  selectedMethodId: string | null;
  onSelect: (methodId: string) => void;
}) {
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  const options = customer.methods.map((method) => ({
    value: method.id,
    label: `${method.issuer} ${method.token}`,
  }));
  return (
    <Card withBorder padding="sm" maw={480}>
      <Stack gap="xs">
        <Text fw={600}>{name === '' ? 'Vault customer' : name}</Text>
        {customer.email ? <Text size="sm">{customer.email}</Text> : null}
        {options.length === 0 ? (
          <Text size="sm">No saved payment methods</Text>
        ) : (
          <Dropdown
            label="Saved payment method"
            options={options}
            value={selectedMethodId}
            onChange={(value) => {
              if (value !== null) onSelect(value);
            }}
          />
        )}
      </Stack>
    </Card>
  );
}

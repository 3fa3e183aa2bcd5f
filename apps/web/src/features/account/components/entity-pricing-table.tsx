import { Table } from '@mantine/core';
import type { AccountDetail } from '@portico/contracts/clients/account-detail';
import type { AccountFieldName } from '@portico/contracts/clients/account-fields';
import { displayText } from '../utils/account-form.utils';

// Current entity pricing: per rail, the processor and rate a parent's new
// sub-merchants start from. Read-only here; the fields are changed with the page's Edit and Save.
const rails: readonly { rail: string; processor: AccountFieldName | null; rate: AccountFieldName }[] = [
  { rail: 'Card', processor: 'child_payment', rate: 'child_card_rate' },
  { rail: 'ACH', processor: 'child_ach', rate: 'child_ach_rate' },
  // No default crypto provider exists.
  { rail: 'Crypto', processor: null, rate: 'child_crypto_rate' },
];

export const entityPricingFieldNames: ReadonlySet<AccountFieldName> = new Set(rails.map(({ rate }) => rate));

export function EntityPricingTable({ account }: { account: AccountDetail }) {
  const shown = (name: AccountFieldName | null) =>
    name === null ? '—' : displayText(name, account.fields[name] ?? null);
  return (
    <Table withTableBorder aria-label="Current Entity Pricing" mb="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Type</Table.Th>
          <Table.Th>Processor</Table.Th>
          <Table.Th>Rate</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rails.map(({ rail, processor, rate }) => (
          <Table.Tr key={rail}>
            <Table.Td>{rail}</Table.Td>
            <Table.Td>{shown(processor)}</Table.Td>
            <Table.Td>{shown(rate)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

import { Code, Stack, Table, Text, Title } from '@mantine/core';
import type { EnrollmentRecord } from '@portico/contracts/enrollment/enrollment-record';

// Props: the record as the page loaded it (already masked by the server).
type IdsPanelProps = { record: EnrollmentRecord };

// IDs & Full Data: the ids, the client id once approved, and the whole record.
export function IdsPanel({ record }: IdsPanelProps) {
  const rows: [string, string][] = [
    ['Enrollment ID', record.id],
    ['Parent ID', record.parent_id ?? 'None'],
    ['Client ID', record.client_id ?? 'Not approved yet'],
  ];
  return (
    <Stack gap="md">
      <Table withTableBorder aria-label="IDs">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3}>Full Data</Title>
      <Code block aria-label="Full Data">
        {JSON.stringify(record, null, 2)}
      </Code>
    </Stack>
  );
}

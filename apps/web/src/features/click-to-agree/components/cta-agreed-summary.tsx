import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import type { CtaApplicationView } from '@portico/contracts/enrollment/click-to-agree';
import { formatDateTime } from '../../../lib/time-zone/date-time-format';

const masked = (last4: string | null) => (last4 ? `•••• ${last4}` : '—');
const shown = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));

// A public page has no user setting: the browser's own zone, named.
function formatAgreedAt(iso: string): string {
  return formatDateTime(iso, Intl.DateTimeFormat().resolvedOptions().timeZone);
}

// The read-only result a link shows once the application was agreed (or decided by staff).
export function CtaAgreedSummary({ view }: { view: CtaApplicationView }) {
  const rows: [string, string][] = [
    ['Business Name (DBA)', shown(view.business.dba_name)],
    ['Legal Business Name', shown(view.business.legal_name)],
    ['Business Structure', shown(view.business.ownership_type)],
    ['Federal Tax ID', masked(view.business.fed_tx_id_last4)],
    [
      'Address',
      [view.address.business_address_one, view.address.business_city, view.address.business_state_province]
        .filter(Boolean)
        .join(', ') || '—',
    ],
    ['Contact Email', shown(view.contact.email)],
    ...view.owners.map((owner): [string, string] => [
      `Owner ${owner.position}`,
      `${shown(owner.first_name)} ${shown(owner.last_name)}, SSN ${masked(owner.ssn_last4)}`,
    ]),
    [
      'Settlement Account',
      `${masked(view.settlement.account_number_last4)} (${shown(view.settlement.account_type)})`,
    ],
  ];
  return (
    <Stack gap="md">
      <Alert color="green" title="Application agreed">
        {view.agreed_at
          ? `This application was agreed to on ${formatAgreedAt(view.agreed_at)}. It can no longer be changed through this link.`
          : 'This application can no longer be changed through this link.'}
      </Alert>
      <Title order={2}>Your application</Title>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Sensitive numbers are shown by their last four digits only.
      </Text>
    </Stack>
  );
}

import { Code, Stack, Text } from '@mantine/core';
import type { AccountDetail } from '@portico/contracts/clients/account-detail';

// Spec 2 §2.2 Links: IDs, and Full Data for admins (the secret API key comes only to staff).
export function IdsPanel({ account }: { account: AccountDetail }) {
  const rows: [string, string | null][] = [
    ['ID', account.id],
    ['Public API Key', account.public_key],
    ['MID', account.mid],
    ['Enrollment ID', account.enrollment_id],
    ...(account.view.shows_full_data ? ([['API Key', account.api_key]] as [string, string | null][]) : []),
  ];
  return (
    <Stack gap="xs">
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Code>{value ?? '—'}</Code>
        </div>
      ))}
    </Stack>
  );
}

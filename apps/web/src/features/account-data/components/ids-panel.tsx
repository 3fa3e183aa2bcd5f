import { Code, Stack, Text } from '@mantine/core';
import type { AccountData } from '@portico/contracts/account-data/account-data';

// IDs: ID, API Key, Public API Key.
export function IdsPanel({ account }: { account: AccountData }) {
  const rows: [string, string][] = [
    ['ID', account.id],
    ['API Key', account.api_key],
    ['Public API Key', account.public_key],
  ];
  return (
    <Stack gap="sm" component="dl" style={{ margin: 0 }}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" fw={600} size="sm">
            {label}
          </Text>
          <Code component="dd" style={{ margin: 0 }}>
            {value}
          </Code>
        </div>
      ))}
    </Stack>
  );
}

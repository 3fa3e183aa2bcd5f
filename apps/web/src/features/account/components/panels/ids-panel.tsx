import { Code, Stack, Text } from '@mantine/core';
import type { AccountDetail } from '@portico/contracts/clients/account-detail';
import { useDateTimeFormatters } from '../../../../lib/time-zone/date-time-format';
import { useAccountKyc } from '../../api/get-account-kyc';

// The IDs panel of the Links menu: IDs, and Full Data for admins (the secret API key comes only to staff).
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
      {account.view.is_staff && account.enrollment_id !== null && <KycStatus clientId={account.id} />}
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

// Staff see the KYC outcome of the enrollment the account came from.
function KycStatus({ clientId }: { clientId: string }) {
  const kyc = useAccountKyc(clientId, true);
  const { formatDateTime, timeZone } = useDateTimeFormatters();
  if (!kyc.isSuccess) return null;
  const checkedAt = kyc.data.kyc_checked_at;
  return (
    <Text size="sm" data-testid="account-kyc">
      KYC: {kyc.data.kyc_status ?? 'not run'}
      {checkedAt ? ` (checked ${formatDateTime(checkedAt)} ${timeZone})` : ''}
    </Text>
  );
}

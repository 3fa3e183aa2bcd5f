import { Alert, Button, Stack } from '@mantine/core';
import { proPayPortalHeightPx } from '@portico/contracts/processor-enablement/processor-enablement';
import { useProPaySso } from '../api/get-propay-sso';

// The ProPay merchant portal embedded 480px high, opened by a fresh sign-on.
export function ProPayPortal({ clientId }: { clientId: string }) {
  const sso = useProPaySso(clientId);
  if (sso.data) {
    return (
      <iframe
        title="ProPay portal"
        src={sso.data.portal_url}
        style={{
          width: '100%',
          height: proPayPortalHeightPx,
          border: '1px solid var(--mantine-color-gray-4)',
        }}
      />
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="default" loading={sso.isPending} onClick={() => sso.mutate()}>
        Open ProPay portal
      </Button>
      {sso.isError && <Alert color="red">{sso.error.message}</Alert>}
    </Stack>
  );
}

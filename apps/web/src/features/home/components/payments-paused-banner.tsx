import { Alert } from '@mantine/core';
import { FreezeNoticeText } from '@portico/contracts/risk/risk';
import { IconPlayerPause } from '@tabler/icons-react';
import { portalEnv } from '../../../lib/portal-env';

// While risk review has frozen the merchant, its people see on Home that it cannot take payments and
// whom to contact; the banner goes once the merchant is enabled again.
export function PaymentsPausedBanner({ merchantName }: { merchantName: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      title={FreezeNoticeText.PausedTitle}
      icon={<IconPlayerPause aria-hidden />}
      role="alert"
    >
      {FreezeNoticeText.pausedBody(merchantName, portalEnv.supportEmail)}
    </Alert>
  );
}

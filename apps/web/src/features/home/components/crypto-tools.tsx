import { Button, Text } from '@mantine/core';

type CryptoToolsProps = { isParent: boolean };

// Spec 3 §2: crypto entities see Complete KYC and Payment Page (the page requires KYC); parent crypto
// entities also see the sub-merchant sign-up link. The server has no crypto KYC calls yet
// (GET /api/crypto/kyc-sso, /api/crypto/status), so the buttons stay disabled and say why.
export function CryptoTools({ isParent }: CryptoToolsProps) {
  return (
    <>
      <Button variant="default" disabled>
        Complete KYC
      </Button>
      <Button variant="default" disabled>
        Payment Page
      </Button>
      {isParent && (
        <Button variant="default" disabled>
          Sub-merchant Sign-up Link
        </Button>
      )}
      <Text size="xs" c="dimmed">
        Crypto KYC is not available yet; the payment page opens once KYC is complete.
      </Text>
    </>
  );
}

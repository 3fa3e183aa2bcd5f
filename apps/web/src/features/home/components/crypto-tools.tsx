import { Button, Text } from '@mantine/core';
import { CryptoLabel, CryptoText, isCryptoKycPending } from '@portico/contracts/crypto/crypto-status';
import { Link } from 'react-router';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useApiKeys } from '../api/get-api-keys';
import { useCryptoKycSso } from '../api/get-crypto-kyc-sso';
import { useCryptoStatus } from '../api/get-crypto-status';

type CryptoToolsProps = { isParent: boolean };

// Crypto entities see Complete KYC and Payment Page (the page requires KYC); parent crypto
// entities also see the sub-merchant sign-up link. The buttons act on the user's default client.
export function CryptoTools({ isParent }: CryptoToolsProps) {
  const { user } = useSignedInSession();
  const merchantId = user.account.default_client?.id;
  if (merchantId === undefined) return null;
  return <MerchantCryptoTools merchantId={merchantId} isParent={isParent} />;
}

function MerchantCryptoTools({ merchantId, isParent }: CryptoToolsProps & { merchantId: string }) {
  const { viewAsClientId } = useSignedInSession();
  const status = useCryptoStatus(merchantId);
  const isKycPending = isCryptoKycPending(status.data);
  const kycSso = useCryptoKycSso(merchantId, { enabled: isKycPending });
  const apiKeys = useApiKeys(viewAsClientId, { enabled: true });

  const isEnabled = status.data?.crypto_enabled === true;
  const kycLink = isEnabled ? null : (kycSso.data?.kyc_link ?? status.data?.crypto_kyc_link ?? null);
  // The payment page is the link builder of the merchant's key.
  const publishableKey = apiKeys.data?.find((record) => record.id === merchantId)?.public_key;
  // Addresses carry the publishable key only.
  const paymentPagePath =
    publishableKey === undefined ? '/createlink' : `/createlink/${encodeURIComponent(publishableKey)}`;

  return (
    <>
      {kycLink === null ? (
        <Button variant="default" disabled>
          {CryptoLabel.CompleteKyc}
        </Button>
      ) : (
        <Button variant="default" component="a" href={kycLink} target="_blank" rel="noopener noreferrer">
          {CryptoLabel.CompleteKyc}
        </Button>
      )}
      {isEnabled ? (
        <Button variant="default" component={Link} to={paymentPagePath}>
          {CryptoLabel.PaymentPage}
        </Button>
      ) : (
        <Button variant="default" disabled>
          {CryptoLabel.PaymentPage}
        </Button>
      )}
      {isParent && (
        <Button variant="default" component={Link} to="/enroll-portal-page">
          {CryptoLabel.SubMerchantSignUp}
        </Button>
      )}
      {status.isError && (
        <Text size="xs" c="red">
          {CryptoText.StatusFailed}
        </Text>
      )}
      {isKycPending && (
        <Text size="xs" c="dimmed">
          {CryptoText.KycRequired}
        </Text>
      )}
    </>
  );
}

import { Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { ViewAsButton } from '../../../components/view-as-button';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useApiKeys } from '../api/get-api-keys';
import type { DashboardScope } from '../api/keys';
import {
  canChooseDashboardMerchant,
  canRequestMerchantDataSync,
  canSeeSystemStatus,
  canUseVirtualTerminalTools,
  type DashboardViewer,
  operationsMetricsCardsFor,
} from '../utils/dashboard-access.utils';
import { defaultDashboardMerchantId } from '../utils/dashboard-merchant.utils';
import { mobileMaxWidthPx } from '../utils/monthly-volume.utils';
import { terminalAccountsOf } from '../utils/terminal-accounts.utils';
import { ApiKeysCard } from './api-keys-card';
import { CertificationProgressCard } from './certification-progress-card';
import { CryptoTools } from './crypto-tools';
import { DashboardMerchantSelect } from './dashboard-merchant-select';
import { DisputesCard } from './disputes-card';
import styles from './home-page.module.css';
import { MerchantDataSync } from './merchant-data-sync';
import { MonthlyVolumeSection } from './monthly-volume-section';
import { OperationsMetrics } from './operations-metrics';
import { PaymentsPausedBanner } from './payments-paused-banner';
import { SystemStatusCard } from './system-status-card';
import { TerminalTools } from './terminal-tools';
import { TransactionMetrics } from './transaction-metrics';

// The home dashboard: terminal and crypto tools, metrics by role, and the monthly volume chart.
export function HomePage() {
  const { user, actingRole, viewAsClientId, isViewingAs, myClients } = useSignedInSession();
  const viewer: DashboardViewer = { actingRole, isProcessorAuditUser: user.processor_audit_user };
  const isChoosingMerchant = canChooseDashboardMerchant(viewer);
  const [chosenMerchantId, setChosenMerchantId] = useState(() => defaultDashboardMerchantId(user));
  const isMobile = useMediaQuery(`(max-width: ${mobileMaxWidthPx - 0.02}px)`) ?? false;

  const scope: DashboardScope = {
    merchantId: isChoosingMerchant ? chosenMerchantId : null,
    viewAsClientId,
  };
  const operationsCards = operationsMetricsCardsFor(viewer);
  const apiKeys = useApiKeys(viewAsClientId, { enabled: canUseVirtualTerminalTools(viewer) });
  // A failed key list leaves the accounts without keys (Go stays disabled), not the buttons loading.
  const isApiKeysSettled = !apiKeys.isPending || apiKeys.fetchStatus === 'idle';
  const terminalAccounts = useMemo(
    () =>
      myClients === undefined || !isApiKeysSettled
        ? undefined
        : terminalAccountsOf(user, myClients, apiKeys.data ?? []),
    [user, myClients, isApiKeysSettled, apiKeys.data],
  );
  const defaultClient = user.account.default_client;
  const isCryptoEntity = !isViewingAs && defaultClient?.merchant.is_enrolled_as_crypto_only === true;
  const isFrozen = !isViewingAs && defaultClient?.merchant.is_frozen === true;
  const hasTools = canUseVirtualTerminalTools(viewer) || isCryptoEntity || canRequestMerchantDataSync(viewer);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1}>Welcome to Portico</Title>
          <Text c="dimmed">The back office for your card and bank payments.</Text>
        </Stack>
        {isChoosingMerchant && (
          <div style={{ minWidth: isMobile ? '100%' : 320 }}>
            <DashboardMerchantSelect
              myClients={myClients}
              merchantId={chosenMerchantId}
              onChange={setChosenMerchantId}
            />
            {/* Staff open the portal as the chosen merchant sees it. */}
            {chosenMerchantId !== null && !user.processor_audit_user && (
              <Group justify="flex-end" mt="xs">
                <ViewAsButton clientId={chosenMerchantId} size="compact-sm" />
              </Group>
            )}
          </div>
        )}
      </Group>

      {isFrozen && defaultClient && <PaymentsPausedBanner merchantName={defaultClient.merchant.name} />}

      {hasTools && (
        <Group
          gap="sm"
          aria-label="Transaction tools"
          role="group"
          className={isMobile ? styles.mobileTools : undefined}
        >
          {canUseVirtualTerminalTools(viewer) && <TerminalTools accounts={terminalAccounts} />}
          {isCryptoEntity && <CryptoTools isParent={defaultClient?.merchant.level === 'Parent'} />}
          {canRequestMerchantDataSync(viewer) && <MerchantDataSync />}
        </Group>
      )}

      {canUseVirtualTerminalTools(viewer) && apiKeys.data !== undefined && (
        <ApiKeysCard
          records={
            isChoosingMerchant
              ? apiKeys.data.filter((record) => record.id === chosenMerchantId)
              : apiKeys.data
          }
        />
      )}
      <TransactionMetrics scope={scope} />
      <DisputesCard scope={scope} />
      {operationsCards.length > 0 && <OperationsMetrics scope={scope} cards={operationsCards} />}
      <CertificationProgressCard
        scope={scope}
        subject={{
          merchantId: scope.merchantId,
          defaultClientId: defaultClient?.id ?? null,
          isViewingAs,
          isDefaultClientInCertification: defaultClient?.is_in_certification === true,
        }}
      />
      <MonthlyVolumeSection scope={scope} />
      {canSeeSystemStatus(viewer) && <SystemStatusCard />}
    </Stack>
  );
}

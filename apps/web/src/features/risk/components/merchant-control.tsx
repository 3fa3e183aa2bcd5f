import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { freezeErrorText, RiskText } from '@portico/contracts/risk/risk';
import { useState } from 'react';
import { ConfirmBar } from '../../../components/confirm-bar';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import {
  useChangeMerchantStatus,
  useMerchantOptions,
  useMerchantStatus,
  useMerchantStatusHistory,
} from '../api/merchant-status';
import { merchantHistoryColumns } from '../utils/risk-columns.utils';

// Merchant Control: pick a merchant, its Active or Frozen badge, Freeze Transactions or
// Enable Transactions behind a confirm panel, and the Status Change History of every merchant.
export function MerchantControl({ timeZone }: { timeZone: string }) {
  const options = useMerchantOptions();
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const status = useMerchantStatus(merchantId);
  const history = useMerchantStatusHistory();
  const change = useChangeMerchantStatus();
  const [isConfirming, setConfirming] = useState(false);
  const isActive = status.data?.is_active;

  function confirm() {
    if (merchantId === null || isActive === undefined) return;
    change.mutate(
      { id: merchantId, action: isActive ? 'freeze' : 'unfreeze' },
      {
        onSuccess: (answer) =>
          void showToast({
            text: answer.is_active ? RiskText.MerchantActivated : RiskText.MerchantFrozen,
            type: 'success',
          }),
        onError: (error) =>
          void showToast({
            text: freezeErrorText(error instanceof ApiError ? error.message : undefined),
            type: 'danger',
          }),
        onSettled: () => setConfirming(false),
      },
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Merchant"
          placeholder="Select a merchant"
          searchable
          limit={50}
          w={{ base: '100%', sm: 320 }}
          data={(options.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
          value={merchantId}
          onChange={(value) => {
            setMerchantId(value);
            setConfirming(false);
          }}
        />
        {merchantId !== null && isActive !== undefined && (
          <Group gap="sm">
            <Badge color={isActive ? 'green' : 'red'} size="lg" aria-label="Current status">
              {isActive ? 'Active' : 'Frozen'}
            </Badge>
            {!isConfirming && (
              <Button color={isActive ? 'red' : 'green'} onClick={() => setConfirming(true)}>
                {isActive ? 'Freeze Transactions' : 'Enable Transactions'}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {status.isError && <Text role="alert">The merchant's status could not be read.</Text>}
      {isConfirming && isActive !== undefined && (
        <ConfirmBar
          message={
            isActive
              ? 'Freeze this merchant? Its payments are refused and its payouts held until it is enabled again.'
              : 'Enable this merchant? It takes payments again and its payouts are released.'
          }
          confirmLabel={isActive ? 'Freeze Transactions' : 'Enable Transactions'}
          isDanger={isActive}
          isConfirming={change.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      )}
      <Title order={3}>Status Change History</Title>
      <DataGrid
        ariaLabel="Status Change History"
        columns={merchantHistoryColumns}
        rows={history.data ?? []}
        isLoading={history.isPending}
        error={history.isError ? 'The history could not be loaded.' : null}
        onRefresh={() => void history.refetch()}
        timeZone={timeZone}
        height="360px"
        showGroupPanel={false}
        showSidePanel={false}
      />
    </Stack>
  );
}

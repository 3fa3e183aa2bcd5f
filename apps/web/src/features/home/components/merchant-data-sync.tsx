import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { DashboardLabel, DashboardText } from '@portico/contracts/transactions/texts';
import { useState } from 'react';
import { Dropdown } from '../../../components/dropdown';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { useMerchantSyncOptions } from '../api/get-merchant-sync-options';
import { useRequestMerchantDataSync } from '../api/request-merchant-data-sync';

// The admin-only Merchant Data Sync button and dialog (loading, then selection, then
// request).
export function MerchantDataSync() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {DashboardLabel.MerchantDataSync}
      </Button>
      <Modal isOpen={isOpen} title={DashboardLabel.MerchantDataSync} onClose={() => setOpen(false)}>
        {isOpen && <MerchantDataSyncForm onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function MerchantDataSyncForm({ onDone }: { onDone: () => void }) {
  const options = useMerchantSyncOptions({ enabled: true });
  const request = useRequestMerchantDataSync();
  const [merchantId, setMerchantId] = useState<string | null>(null);

  if (options.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Loading merchants…</Text>
      </Group>
    );
  }
  if (options.isError) {
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text size="sm" c="red.8">{`Could not load the merchants: ${options.error.message}`}</Text>
        <Button size="xs" variant="default" onClick={() => options.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }

  function submit() {
    if (merchantId === null) return;
    request.mutate(
      { merchant_id: merchantId },
      {
        onSuccess: () => {
          void showToast({ text: DashboardText.MerchantDataSyncRequested, type: 'success' });
          onDone();
        },
        onError: () => {
          void showToast({ text: DashboardText.FailedToSubmitSyncRequest, type: 'danger' });
        },
      },
    );
  }

  const hasMerchant = merchantId !== null;
  return (
    <Stack gap="sm">
      <Dropdown
        label="Merchant"
        placeholder="Pick a merchant"
        options={options.data.map((option) => ({ value: option.merchant_id, label: option.dba_name }))}
        value={merchantId}
        onChange={setMerchantId}
        isAutocomplete
      />
      {!hasMerchant && (
        <Text size="sm" c="dimmed">
          {DashboardText.PleaseSelectMerchant}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} disabled={!hasMerchant} loading={request.isPending}>
          Select
        </Button>
      </Group>
    </Stack>
  );
}

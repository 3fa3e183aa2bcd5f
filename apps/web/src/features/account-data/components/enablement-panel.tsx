import { Alert, Badge, Button, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { type EnablementRequest, type EpxOption, useEnableProcessor } from '../api/enable-processor';
import { useEnablementState } from '../api/get-enablement-state';
import {
  type EnablementMessage,
  enablementErrorTextOf,
  enablementMessageOf,
} from '../utils/enablement-messages.utils';

type EnablementPanelProps = { clientId: string };

// Manage Processor Enablement: EPX (with re-submit options), ProPay ACH only and card
// plus ACH, ForumPay crypto. Each outcome shows as a toast and stays in the panel until the next.
export function EnablementPanel({ clientId }: EnablementPanelProps) {
  const state = useEnablementState(clientId);
  const enable = useEnableProcessor(clientId);
  const [epxOption, setEpxOption] = useState<EpxOption>('re_submit_fees');
  const [outcome, setOutcome] = useState<EnablementMessage | null>(null);

  const run = (request: EnablementRequest) => {
    setOutcome(null);
    enable.mutate(request, {
      onSuccess: (answer) => {
        const message = enablementMessageOf(answer);
        setOutcome(message);
        void showToast({ text: message.text, type: message.isSuccess ? 'success' : 'danger' });
      },
      onError: (error) => {
        const text = enablementErrorTextOf(
          request,
          error instanceof ApiError ? error.message : String(error),
        );
        setOutcome({ isSuccess: false, text, reason: null });
        void showToast({ text, type: 'danger' });
      },
    });
  };

  if (state.isPending) return <Loader size="sm" aria-label="Loading enablement" />;
  if (state.isError)
    return <Alert color="red">Could not load the processor enablement of this account.</Alert>;
  const { epx, propay, forumpay } = state.data;
  const isBusy = enable.isPending;

  return (
    <Stack gap="md" data-testid="enablement-panel">
      {outcome && (
        <Alert color={outcome.isSuccess ? 'green' : 'red'} role="status" title={outcome.text}>
          {outcome.reason}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Group justify="space-between">
          <Title order={4}>EPX</Title>
          <StateBadge isEnabled={epx.is_enabled} detail={epx.merchant_identifier} />
        </Group>
        {epx.is_enabled ? (
          <Stack gap="xs" mt="sm">
            <Radio.Group
              label="Re-submit options"
              value={epxOption}
              onChange={(value) => setEpxOption(value === 're_create_application' ? value : 're_submit_fees')}
            >
              <Stack gap={4} mt={4}>
                <Radio value="re_submit_fees" label="Re-submit fees" />
                <Radio value="re_create_application" label="Re-create application" />
              </Stack>
            </Radio.Group>
            <Button loading={isBusy} onClick={() => run({ processor: 'epx', option: epxOption })}>
              Re-submit to EPX
            </Button>
          </Stack>
        ) : (
          <Button mt="sm" loading={isBusy} onClick={() => run({ processor: 'epx', option: 'none' })}>
            Enable EPX
          </Button>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between">
          <Title order={4}>ProPay</Title>
          <StateBadge isEnabled={propay.is_enabled} detail={propay.propay_mid} />
        </Group>
        <Group mt="sm">
          <Button loading={isBusy} onClick={() => run({ processor: 'propay', isAchOnly: true })}>
            Enable ProPay ACH only
          </Button>
          <Button loading={isBusy} onClick={() => run({ processor: 'propay', isAchOnly: false })}>
            Enable ProPay card plus ACH
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between">
          <Title order={4}>ForumPay crypto</Title>
          <StateBadge isEnabled={forumpay.is_enabled} detail={forumpay.forum_pay_identifier} />
        </Group>
        {forumpay.is_enabled ? (
          <Text size="sm" mt="sm">
            State: {forumpay.forum_pay_state ?? 'pending'}
          </Text>
        ) : (
          <Button mt="sm" loading={isBusy} onClick={() => run({ processor: 'forumpay' })}>
            Enable ForumPay
          </Button>
        )}
      </Paper>
    </Stack>
  );
}

function StateBadge({ isEnabled, detail }: { isEnabled: boolean; detail: string | null }) {
  if (!isEnabled) return <Badge variant="default">Not enabled</Badge>;
  return (
    <Badge color="green" variant="light">
      {detail ? `Enabled · ${detail}` : 'Enabled'}
    </Badge>
  );
}

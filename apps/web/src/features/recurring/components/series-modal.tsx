import { Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { merchantToday } from '@portico/contracts/subscriptions/schedule';
import type { SubscriptionRow } from '@portico/contracts/subscriptions/subscriptions';
import { SubscriptionEndReasonText, SubscriptionText } from '@portico/contracts/subscriptions/subscriptions';
import { savedMethodInWords } from '@portico/contracts/vault/vault';
import { useState } from 'react';
import { ConfirmBar } from '../../../components/confirm-bar';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { useEndSeries, useReactivateSeries } from '../api/change-series';
import {
  cyclesLabel,
  intervalLabel,
  moneyLabel,
  seriesActionsOf,
  startDateError,
} from '../utils/recurring.utils';
import { RecurringText } from '../utils/recurring-text';
import { AddChargeForm } from './add-charge-form';

type SeriesModalProps = { series: SubscriptionRow; onClose: () => void };

function Setting({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* A long e-mail wraps rather than leaving a phone-wide modal. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value === '' ? '—' : value}
      </Text>
    </Stack>
  );
}

// The 'Recurring Charge Series' modal, its settings and the actions that can
// succeed in the series' state; a processor-audit user reads only.
export function SeriesModal({ series, onClose }: SeriesModalProps) {
  const { user } = useSignedInSession();
  const { formatDate, formatDateTime } = useDateTimeFormatters();
  const isActive = series.status === 'true';
  const actions = seriesActionsOf({ isActive, isReadOnly: user.processor_audit_user });
  // Series dates are the merchant's calendar days: "today" is the server's, whatever the user's zone.
  const today = merchantToday(new Date());

  return (
    <Modal isOpen title={RecurringText.ModalTitle} onClose={onClose} isLarge>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Setting label="Status" value={series.status_label} />
        <Setting label="Email" value={series.email} />
        <Setting label="Amount" value={moneyLabel(series.amount)} />
        <Setting label="Interval" value={intervalLabel(series)} />
        <Setting label="Trial Days" value={String(series.trial_days)} />
        <Setting label="Start Date" value={formatDate(series.start)} />
        <Setting label="First Charge" value={formatDate(series.first_charge)} />
        <Setting label="Next Charge" value={formatDate(series.next)} />
        {series.next_amount !== null && (
          <Setting label="Next Charge Amount" value={moneyLabel(series.next_amount)} />
        )}
        <Setting label="End Date" value={formatDate(series.end)} />
        <Setting label="Cycles" value={cyclesLabel(series.cycles)} />
        <Setting label="Cycles Completed" value={String(series.cycles_completed)} />
        <Setting label="Cycles Remaining" value={cyclesLabel(series.cycles_remaining)} />
        <Setting label="Payment Method" value={savedMethodInWords(series.token)} />
        <Setting label="Failed Charges" value={String(series.failed_charges)} />
        <Setting label="Last Failed Charge" value={formatDate(series.last_failed_charge)} />
        <Setting label="End Reason" value={series.end_reason ?? ''} />
        <Setting label="Ended" value={formatDateTime(series.ended_at)} />
        {series.description !== null && <Setting label="Description" value={series.description} />}
      </SimpleGrid>
      {actions.canEnd && <EndSeriesAction subscriptionId={series.id} />}
      {actions.canReactivate && <ReactivateAction subscriptionId={series.id} today={today} />}
      {actions.chargeTimings.length > 0 && (
        <>
          <Divider label={RecurringText.AddCharge} labelPosition="left" />
          <AddChargeForm series={series} timings={actions.chargeTimings} today={today} />
        </>
      )}
    </Modal>
  );
}

function EndSeriesAction({ subscriptionId }: { subscriptionId: string }) {
  const ending = useEndSeries();
  const [isConfirming, setConfirming] = useState(false);

  function end() {
    ending.mutate(
      { subscriptionId, reason: SubscriptionEndReasonText.EndedByMerchant },
      {
        onSuccess: () => void showToast({ text: SubscriptionText.Ended, type: 'success' }),
        onError: () => void showToast({ text: SubscriptionText.Error, type: 'danger' }),
        onSettled: () => setConfirming(false),
      },
    );
  }

  if (isConfirming) {
    return (
      <ConfirmBar
        message="End this series? No further charges are made; completed charges are not refunded."
        confirmLabel={RecurringText.EndSeries}
        cancelLabel="Keep"
        onConfirm={end}
        onCancel={() => setConfirming(false)}
        isDanger
        isConfirming={ending.isPending}
      />
    );
  }
  return (
    <Group>
      <Button color="red" variant="light" onClick={() => setConfirming(true)}>
        {RecurringText.EndSeries}
      </Button>
    </Group>
  );
}

function ReactivateAction({ subscriptionId, today }: { subscriptionId: string; today: string }) {
  const reactivating = useReactivateSeries();
  const [day, setDay] = useState(today);
  const [error, setError] = useState<string | null>(null);

  function reactivate() {
    const problem = startDateError(day, today);
    setError(problem);
    if (problem) return;
    reactivating.mutate(
      { subscriptionId, next: day },
      {
        onSuccess: () => void showToast({ text: SubscriptionText.Reactivated, type: 'success' }),
        onError: () => void showToast({ text: SubscriptionText.Error, type: 'danger' }),
      },
    );
  }

  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        label="Start Date"
        type="date"
        description={RecurringText.MerchantDateNote}
        min={today}
        value={day}
        onChange={(event) => setDay(event.currentTarget.value)}
        error={error}
        w={{ base: '100%', xs: 200 }}
      />
      <Button mt={{ base: 0, xs: 25 }} onClick={reactivate} loading={reactivating.isPending}>
        {RecurringText.ReactivateSeries}
      </Button>
    </Group>
  );
}

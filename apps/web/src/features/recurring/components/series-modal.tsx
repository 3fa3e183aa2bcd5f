import { Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmBar } from '../../../components/confirm-bar';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useDateTimeFormatters } from '../../../lib/time-zone/date-time-format';
import { zonedDayOf } from '../../../lib/time-zone/zoned-days';
import { useEndSeries, useReactivateSeries } from '../api/change-series';
import type { SubscriptionRow } from '../api/subscription-wire';
import {
  moneyLabel,
  paymentMethodLabel,
  seriesActionsOf,
  seriesStatusLabel,
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
      <Text size="sm">{value === '' ? '—' : value}</Text>
    </Stack>
  );
}

// Spec 3 §2, §4, §8: the 'Recurring Charge Series' modal, its settings and the actions that can
// succeed in the series' state; a processor-audit user reads only.
export function SeriesModal({ series, onClose }: SeriesModalProps) {
  const { user } = useSignedInSession();
  const { formatDate, timeZone } = useDateTimeFormatters();
  const isActive = series.status === 'true';
  const actions = seriesActionsOf({ isActive, isReadOnly: user.processor_audit_user });

  return (
    <Modal isOpen title={RecurringText.ModalTitle} onClose={onClose} isLarge>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Setting label="Status" value={seriesStatusLabel(isActive)} />
        <Setting label="Email" value={series.email} />
        <Setting label="Amount" value={moneyLabel(series.amount)} />
        <Setting label="Interval" value={series.interval} />
        <Setting label="First Charge" value={formatDate(series.start)} />
        <Setting label="Next Charge" value={formatDate(series.next)} />
        <Setting label="End Date" value={formatDate(series.end)} />
        <Setting
          label="Cycles Remaining"
          value={series.cycles === null ? 'Until cancelled' : String(series.cycles)}
        />
        <Setting label="Payment Method" value={paymentMethodLabel(series.token)} />
        <Setting label="End Reason" value={series.end_reason ?? ''} />
      </SimpleGrid>
      {actions.canEnd && <EndSeriesAction subscriptionId={series.id} />}
      {actions.canReactivate && (
        <ReactivateAction subscriptionId={series.id} today={zonedDayOf(new Date(), timeZone)} />
      )}
      {actions.chargeTimings.length > 0 && (
        <>
          <Divider label={RecurringText.AddCharge} labelPosition="left" />
          <AddChargeForm
            series={series}
            timings={actions.chargeTimings}
            today={zonedDayOf(new Date(), timeZone)}
          />
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
      { subscriptionId, reason: RecurringText.EndedByMerchant },
      {
        onSuccess: () => void showToast({ text: RecurringText.Ended, type: 'success' }),
        onError: () => void showToast({ text: RecurringText.ErrorTryAgain, type: 'danger' }),
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
        onSuccess: () => void showToast({ text: RecurringText.Reactivated, type: 'success' }),
        onError: () => void showToast({ text: RecurringText.ErrorTryAgain, type: 'danger' }),
      },
    );
  }

  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        label="Start Date"
        type="date"
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

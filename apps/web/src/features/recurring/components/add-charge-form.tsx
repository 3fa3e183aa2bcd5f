import { Button, Radio, Select, Stack, TextInput } from '@mantine/core';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { PaymentFrameErrorCode } from '@portico/contracts/payment-frame/texts';
import type { SubscriptionRow } from '@portico/contracts/subscriptions/subscriptions';
import { SubscriptionText } from '@portico/contracts/subscriptions/subscriptions';
import { savedMethodInWords } from '@portico/contracts/vault/vault';
import { useRef, useState } from 'react';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useOverrideNextCharge } from '../api/change-series';
import { useChargeSeries } from '../api/charge-series';
import { useChargeLocations } from '../api/get-charge-locations';
import { type ChargeTiming, chargeAmountCentsOf, startDateError } from '../utils/recurring.utils';
import { RecurringText } from '../utils/recurring-text';

const timingLabels: Record<ChargeTiming, string> = { now: 'Now', nextScheduled: 'Next scheduled charge' };

type AddChargeFormProps = { series: SubscriptionRow; timings: readonly ChargeTiming[]; today: string };

// A 4xx answer is final for this request; without one (no answer, a server fault) the charge may have
// gone through, so a retry keeps its idempotency key.
function isFinalAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;
}

// A declined charge is 'Payment failed.'; any other failed call asks to try again.
function chargeFailureText(error: unknown): string {
  const isDeclined = error instanceof ApiError && error.code === PaymentFrameErrorCode.Declined;
  return isDeclined ? SubscriptionText.PaymentFailed : SubscriptionText.PaymentFailedTryAgain;
}

// Add a Charge: the payment method, when to process and the amount. 'now' charges at
// once; 'nextScheduled' replaces the series' next charge.
export function AddChargeForm({ series, timings, today }: AddChargeFormProps) {
  const charging = useChargeSeries();
  const overriding = useOverrideNextCharge();
  const [timing, setTiming] = useState<ChargeTiming>(timings[0] ?? 'now');
  const [amount, setAmount] = useState(series.amount);
  // Until the user picks a date, the series' current next charge (it moves when the series is reactivated).
  const [typedDay, setDay] = useState<string | null>(null);
  const day = typedDay ?? series.next ?? today;
  // A user tied to several of the merchant's locations says where the charge is taken.
  const locations = useChargeLocations(series.id).data;
  const locationChoices = locations?.locations ?? [];
  const [typedLocation, setLocation] = useState<string | null>(null);
  const locationId = typedLocation ?? locations?.default_location_id ?? null;
  const isLocationChosen = locationChoices.length > 1;
  const [locationError, setLocationError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [dayError, setDayError] = useState<string | null>(null);
  // The key belongs to one request body; a changed amount is a new request.
  const attemptRef = useRef<{ body: string; key: string } | null>(null);

  function chargeNow(amountText: string) {
    if (isLocationChosen && locationId === null) {
      setLocationError(SubscriptionText.LocationRequired);
      return;
    }
    setLocationError(null);
    const chosenLocation = isLocationChosen && locationId !== null ? locationId : undefined;
    const body = JSON.stringify({ id: series.id, amountText, chosenLocation });
    if (attemptRef.current?.body !== body) attemptRef.current = { body, key: crypto.randomUUID() };
    charging.mutate(
      {
        subscriptionId: series.id,
        token: series.token,
        amount: amountText,
        locationId: chosenLocation,
        idempotencyKey: attemptRef.current.key,
      },
      {
        onSuccess: (answer) => {
          attemptRef.current = null;
          const isApproved = answer.status === 'Approved';
          void showToast({
            text: isApproved ? SubscriptionText.PaymentSuccessful : SubscriptionText.PaymentFailed,
            type: isApproved ? 'success' : 'danger',
          });
        },
        onError: (error) => {
          if (isFinalAnswer(error)) attemptRef.current = null;
          void showToast({ text: chargeFailureText(error), type: 'danger' });
        },
      },
    );
  }

  function schedule(amountText: string) {
    const problem = startDateError(day, today);
    setDayError(problem);
    if (problem) return;
    overriding.mutate(
      { subscriptionId: series.id, next: day, amount: amountText },
      {
        onSuccess: () => void showToast({ text: SubscriptionText.ChargeScheduled, type: 'success' }),
        onError: (error) =>
          void showToast({
            text: isFinalAnswer(error)
              ? SubscriptionText.ScheduleFailed
              : SubscriptionText.ScheduleFailedTryAgain,
            type: 'danger',
          }),
      },
    );
  }

  function submit() {
    const checked = chargeAmountCentsOf(amount);
    if ('error' in checked) {
      setAmountError(checked.error);
      return;
    }
    setAmountError(null);
    const amountText = formatCentsAsDecimal(checked.cents);
    if (timing === 'now') chargeNow(amountText);
    else schedule(amountText);
  }

  return (
    <Stack gap="sm">
      <Select
        label="Payment Method"
        // The series' own payment method, in its display form; the server charges its vault token.
        data={[{ value: series.token, label: savedMethodInWords(series.token) }]}
        value={series.token}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        w={{ base: '100%', xs: 320 }}
      />
      <Radio.Group
        label="When to process"
        value={timing}
        onChange={(value) => setTiming(value === 'nextScheduled' ? 'nextScheduled' : 'now')}
      >
        <Stack gap={6} mt={4}>
          {timings.map((option) => (
            <Radio key={option} value={option} label={timingLabels[option]} />
          ))}
        </Stack>
      </Radio.Group>
      {timing === 'now' && isLocationChosen && (
        <Select
          label="Location"
          placeholder="Choose a location"
          data={locationChoices.map((location) => ({ value: location.id, label: location.name }))}
          value={locationId}
          onChange={setLocation}
          error={locationError}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', xs: 320 }}
        />
      )}
      {timing === 'nextScheduled' && (
        <TextInput
          label="Charge Date"
          type="date"
          description={RecurringText.MerchantDateNote}
          min={today}
          value={day}
          onChange={(event) => setDay(event.currentTarget.value)}
          error={dayError}
          w={{ base: '100%', xs: 200 }}
        />
      )}
      <TextInput
        label="Amount"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value)}
        error={amountError}
        w={{ base: '100%', xs: 200 }}
      />
      <Button
        onClick={submit}
        loading={charging.isPending || overriding.isPending}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      >
        {RecurringText.AddCharge}
      </Button>
    </Stack>
  );
}

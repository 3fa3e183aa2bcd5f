import {
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { saveModeLabels, saveModes } from '@portico/contracts/payment-frame/link-options';
import {
  type ContactOption,
  contactOptions,
  isContactOptionDisabledFor,
  isMethodDisabledFor,
  LinkBuilderText,
  type LinkPaymentMethod,
  linkIntervals,
  switchPaymentType,
  toggleLinkMethod,
} from '@portico/contracts/payment-links/link-builder';
import type { LinkTerminal } from '@portico/contracts/payment-links/payment-links';
import { browserTimeZone, type LinkBuilderState, type LinkMessages } from '../utils/link-builder-state.utils';
import { DescriptionEditor } from './description-editor';

const methodLabels: Record<LinkPaymentMethod, string> = {
  credit_card: 'Credit Card',
  bank: 'Bank (ACH)',
  crypto: 'Crypto',
  terminal: 'Terminal',
  cash: 'Cash',
  swipe: 'Swipe',
};

type LinkSettingsFormProps = {
  state: LinkBuilderState;
  onChange: (state: LinkBuilderState) => void;
  offered: readonly LinkPaymentMethod[];
  terminals: readonly LinkTerminal[];
  messages: LinkMessages;
  endDate: string | null;
  // The merchant's account takes level 3 data (its configuration's level_three_data_enabled).
  canTakeLevelThree?: boolean;
};

function ContactOptionControl({
  label,
  value,
  isSubscription,
  onChange,
}: {
  label: string;
  value: ContactOption;
  isSubscription: boolean;
  onChange: (value: ContactOption) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        aria-label={label}
        value={value}
        onChange={(next) => {
          const option = contactOptions.find((candidate) => candidate === next);
          if (option) onChange(option);
        }}
        data={contactOptions.map((option) => ({
          value: option,
          label: option,
          disabled: isSubscription && isContactOptionDisabledFor('subscription', option),
        }))}
      />
    </Stack>
  );
}

export function LinkSettingsForm({
  state,
  onChange,
  offered,
  terminals,
  messages,
  endDate,
  canTakeLevelThree = false,
}: LinkSettingsFormProps) {
  const set = (change: Partial<LinkBuilderState>) => onChange({ ...state, ...change });
  const isSubscription = state.paymentType === 'subscription';
  return (
    <Stack gap="md">
      <Radio.Group
        label="Payment Type"
        value={state.paymentType}
        onChange={(value) =>
          onChange(switchPaymentType(state, value === 'subscription' ? 'subscription' : 'charge'))
        }
      >
        <Group mt="xs">
          <Radio value="charge" label={LinkBuilderText.OneTimeCharge} />
          <Radio value="subscription" label={LinkBuilderText.Subscription} />
        </Group>
      </Radio.Group>
      <TextInput
        label="Amount"
        inputMode="decimal"
        value={state.amount}
        error={messages.amount}
        onChange={(event) => set({ amount: event.currentTarget.value })}
      />
      <DescriptionEditor value={state.description} onChange={(description) => set({ description })} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Payment Methods
        </Text>
        {offered.length === 0 && <Text c="dimmed">{LinkBuilderText.NoPaymentMethods}</Text>}
        {offered.map((method) => {
          const isDisabled = isMethodDisabledFor(state.paymentType, method);
          return (
            <Checkbox
              key={method}
              label={methodLabels[method]}
              description={isDisabled ? LinkBuilderText.NotForSubscriptions : undefined}
              disabled={isDisabled}
              checked={state.paymentOptions.includes(method)}
              onChange={(event) => onChange(toggleLinkMethod(state, method, event.currentTarget.checked))}
            />
          );
        })}
        {messages.paymentOptions && (
          <Text size="sm" c="red">
            {messages.paymentOptions}
          </Text>
        )}
      </Stack>
      {state.paymentOptions.includes('terminal') &&
        (terminals.length === 0 ? (
          <Text c="dimmed">{LinkBuilderText.NoTerminals}</Text>
        ) : (
          <Select
            label="Terminal"
            data={terminals.map((terminal) => ({
              value: terminal.id,
              label: terminal.name ?? terminal.laneId,
            }))}
            value={state.terminal}
            onChange={(terminal) => set({ terminal })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      {isSubscription ? (
        <SubscriptionFields state={state} set={set} messages={messages} endDate={endDate} />
      ) : (
        <TextInput
          type="datetime-local"
          label="Link Expires"
          description={`Optional: after this moment the link takes no payment. Your time zone: ${browserTimeZone()}.`}
          value={state.expiresAt}
          error={messages.expiresAt}
          onChange={(event) => set({ expiresAt: event.currentTarget.value })}
        />
      )}
      <ContactOptionControl
        label="Email"
        value={state.emailOption}
        isSubscription={isSubscription}
        onChange={(emailOption) => set({ emailOption })}
      />
      <ContactOptionControl
        label="Phone"
        value={state.phoneOption}
        isSubscription={false}
        onChange={(phoneOption) => set({ phoneOption })}
      />
      <ContactOptionControl
        label="Zip Code"
        value={state.zipMode}
        isSubscription={false}
        onChange={(zipMode) => set({ zipMode })}
      />
      <Group>
        <Checkbox
          label="Full Name"
          checked={state.fullName}
          onChange={(e) => set({ fullName: e.currentTarget.checked })}
        />
        <Checkbox
          label="Billing Address"
          checked={state.billingAddress}
          onChange={(e) => set({ billingAddress: e.currentTarget.checked })}
        />
        <Checkbox
          label="Shipping Address"
          checked={state.address}
          onChange={(e) => set({ address: e.currentTarget.checked })}
        />
        <Checkbox
          label="Allow Tip"
          checked={state.allowTip}
          onChange={(e) => set({ allowTip: e.currentTarget.checked })}
        />
        <Checkbox
          label="Opt In"
          checked={state.optIn}
          onChange={(e) => set({ optIn: e.currentTarget.checked })}
        />
        <Checkbox
          label="Show Description"
          checked={state.showDescription}
          onChange={(e) => set({ showDescription: e.currentTarget.checked })}
        />
        <Checkbox
          label="Level 2 Data"
          checked={state.isLevelTwoDataEnabled}
          onChange={(e) => set({ isLevelTwoDataEnabled: e.currentTarget.checked })}
        />
        {canTakeLevelThree && (
          <Checkbox
            label="Level 3 Data"
            checked={state.isLevelThreeDataEnabled}
            onChange={(e) => set({ isLevelThreeDataEnabled: e.currentTarget.checked })}
          />
        )}
      </Group>
      <Group align="flex-end">
        <Checkbox
          label="Save Payment Method"
          description="Card payments are saved to the customer vault."
          checked={state.savePaymentToken}
          onChange={(e) => set({ savePaymentToken: e.currentTarget.checked })}
        />
        {state.savePaymentToken && (
          <Select
            label="Save Mode"
            data={saveModes.map((mode) => ({ value: mode, label: saveModeLabels[mode] }))}
            value={state.saveMode}
            allowDeselect={false}
            onChange={(value) => {
              const mode = saveModes.find((candidate) => candidate === value);
              if (mode) set({ saveMode: mode });
            }}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
    </Stack>
  );
}

function SubscriptionFields({
  state,
  set,
  messages,
  endDate,
}: {
  state: LinkBuilderState;
  set: (change: Partial<LinkBuilderState>) => void;
  messages: LinkMessages;
  endDate: string | null;
}) {
  return (
    <Stack gap="sm" aria-label="Subscription">
      <Radio.Group
        label="Subscription Start"
        value={state.timing}
        onChange={(value) => set({ timing: value === 'trial' ? 'trial' : 'start' })}
      >
        <Group mt="xs">
          <Radio value="start" label="Start date" />
          <Radio value="trial" label="Trial period" />
        </Group>
      </Radio.Group>
      {state.timing === 'start' ? (
        <TextInput
          type="date"
          label="Start Date"
          value={state.start}
          error={messages.start}
          onChange={(event) => set({ start: event.currentTarget.value })}
        />
      ) : (
        <TextInput
          label="Trial Days"
          inputMode="numeric"
          value={state.trial}
          onChange={(event) => set({ trial: event.currentTarget.value })}
        />
      )}
      <Group grow>
        <Select
          label="Interval"
          data={[...linkIntervals]}
          value={state.interval}
          error={messages.interval}
          allowDeselect={false}
          onChange={(value) => {
            const interval = linkIntervals.find((candidate) => candidate === value);
            if (interval) set({ interval });
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Frequency"
          inputMode="numeric"
          value={state.frequency}
          error={messages.frequency}
          onChange={(event) => set({ frequency: event.currentTarget.value })}
        />
        <NumberInput
          label="Cycles"
          description="Blank: until cancelled"
          min={1}
          allowDecimal={false}
          value={state.cycles}
          onChange={(value) => set({ cycles: String(value) })}
        />
      </Group>
      <TextInput
        label="Customer Email"
        type="email"
        value={state.email}
        error={messages.email}
        onChange={(event) => set({ email: event.currentTarget.value })}
      />
      <Text size="sm" aria-label="End date">
        {endDate === null ? 'Ends: when cancelled' : `Ends: ${endDate}`}
      </Text>
    </Stack>
  );
}

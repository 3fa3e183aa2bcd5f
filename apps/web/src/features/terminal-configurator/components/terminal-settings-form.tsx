import { Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { ConfiguratorText } from '@portico/contracts/virtual-terminals/terminal-configuration';
import { CheckboxList } from '../../../components/checkbox';
import {
  isTerminalMethod,
  paymentMethodLabels,
  type TerminalParams,
  type TerminalPaymentMethod,
} from '../utils/terminal-configurator.utils';

type TerminalSettingsFormProps = {
  settings: TerminalParams;
  available: readonly TerminalPaymentMethod[];
  onChange: (settings: TerminalParams) => void;
};

type Toggle = { key: keyof TerminalParams; label: string };

// The configurator's toggles, in their order; Fee Value only with Free Form Amount.
const toggles: readonly Toggle[] = [
  { key: 'showFeeValue', label: 'Fee Value' },
  { key: 'showBillingDetails', label: 'Billing Information' },
  { key: 'freeFormAmount', label: 'Free Form Amount' },
  { key: 'buttonTopPosition', label: 'Button Is In Top Position' },
  { key: 'showLocationsDropdown', label: 'Show Locations Dropdown' },
  { key: 'showLogoUrl', label: 'Show Logo' },
  { key: 'hasSubscriptionAccess', label: 'Show Is Recurring' },
];

export function TerminalSettingsForm({ settings, available, onChange }: TerminalSettingsFormProps) {
  const set = (change: Partial<TerminalParams>) => onChange({ ...settings, ...change });
  return (
    <Stack gap="md">
      {available.length === 0 ? (
        <Text c="dimmed">{ConfiguratorText.NoPaymentMethods}</Text>
      ) : (
        <CheckboxList
          label="Payment Methods"
          options={available.map((method) => ({ value: method, label: paymentMethodLabels[method] }))}
          values={settings.paymentOptions}
          onChange={(values) => set({ paymentOptions: values.filter(isTerminalMethod) })}
        />
      )}
      <Stack gap="xs">
        {toggles
          .filter((toggle) => toggle.key !== 'showFeeValue' || settings.freeFormAmount)
          .map((toggle) => (
            <Switch
              key={toggle.key}
              label={toggle.label}
              checked={settings[toggle.key] === true}
              onChange={(event) => set({ [toggle.key]: event.currentTarget.checked })}
            />
          ))}
      </Stack>
      {!settings.freeFormAmount && (
        <TextInput
          label="Amount"
          inputMode="decimal"
          value={settings.amount}
          onChange={(event) => set({ amount: event.currentTarget.value })}
        />
      )}
      <Textarea
        label="Description"
        rows={3}
        value={settings.description}
        onChange={(event) => set({ description: event.currentTarget.value })}
      />
      <TextInput
        label="Fee Message"
        value={settings.feeMessage}
        onChange={(event) => set({ feeMessage: event.currentTarget.value })}
      />
      <TextInput
        label="Customer Message"
        value={settings.customerMessage}
        onChange={(event) => set({ customerMessage: event.currentTarget.value })}
      />
    </Stack>
  );
}

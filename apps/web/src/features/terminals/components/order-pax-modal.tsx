import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatCentsAsMoney } from '@portico/contracts/money/money';
import {
  clampPaxQuantity,
  paxDeviceNames,
  paxMaxQuantity,
  paxTotalCentsOf,
  type TerminalMerchant,
  TerminalText,
} from '@portico/contracts/terminals/terminals';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../components/toasts';
import { ApiError } from '../../../lib/api-client';
import { useOrderPaxDevice } from '../api/terminal-writes';
import { emptyPaxDraft, type PaxDraft, paxBodyOf } from '../utils/terminal-forms.utils';

type Props = { isOpen: boolean; merchants: readonly TerminalMerchant[]; onClose: () => void };
type TextField = Exclude<keyof PaxDraft, 'quantity'>;

const shipFields: readonly [TextField, string][] = [
  ['shipTo', 'Ship To'],
  ['shipToContact', 'Contact'],
  ['shipToAddress', 'Address'],
  ['shipToCity', 'City'],
  ['shipToState', 'State'],
  ['shipToZip', 'Zip'],
  ['shipToPhone', 'Phone'],
];

// 'Order A Pax Device' (spec 3 §3 Pax order, §5, §8, §9): shipping, the card, the device at 260
// dollars each and a quantity of at least 1. One Idempotency-Key per filled-in form, so a second
// click or a retry never charges twice.
export function OrderPaxModal({ isOpen, merchants, onClose }: Props) {
  const order = useOrderPaxDevice();
  const [draft, setDraft] = useState<PaxDraft>(emptyPaxDraft);
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [isDone, setDone] = useState(false);
  const merchant = merchants.find((candidate) => candidate.id === merchantId) ?? merchants[0];
  const total = paxTotalCentsOf(draft.deviceName, clampPaxQuantity(draft.quantity));
  const set = (field: TextField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // A changed order is a new request.
    setIdempotencyKey(crypto.randomUUID());
  };
  const input = (
    field: TextField,
    label: string,
    extra: { inputMode?: 'numeric'; maxLength?: number } = {},
  ) => (
    <TextInput
      key={field}
      label={label}
      withAsterisk
      value={draft[field]}
      onChange={(event) => set(field)(event.currentTarget.value)}
      {...extra}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = merchant ? paxBodyOf(draft, merchant.id) : null;
    if (body === null) {
      setProblem(TerminalText.PaxRequiredFields);
      return;
    }
    setProblem(null);
    order.mutate(
      { body, idempotencyKey },
      {
        onSuccess: () => {
          setDone(true);
          void showToast({ text: TerminalText.PaxOrdered, type: 'success' });
        },
        onError: (error) => {
          setProblem(
            error instanceof ApiError && error.httpStatus === 400 && error.message !== TerminalText.PaxFailed
              ? TerminalText.PaxRequiredFields
              : TerminalText.PaxFailed,
          );
        },
      },
    );
  }

  return (
    <Modal
      isOpen={isOpen}
      title={TerminalText.OrderTitle}
      onClose={onClose}
      isLarge
      onHidden={() => {
        setDraft(emptyPaxDraft);
        setProblem(null);
        setDone(false);
        setIdempotencyKey(crypto.randomUUID());
        order.reset();
      }}
    >
      {isDone ? (
        <Stack gap="sm">
          <Alert color="green" role="status">
            {TerminalText.PaxOrdered}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <Stack component="form" gap="sm" onSubmit={submit}>
          {merchants.length > 1 && (
            <Select
              label="Merchant"
              data={merchants.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              value={merchant?.id ?? null}
              onChange={setMerchantId}
              allowDeselect={false}
              searchable
              comboboxProps={{ withinPortal: false }}
            />
          )}
          <Title order={3} size="h5">
            Shipping
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {shipFields.map(([field, label]) => input(field, label))}
          </SimpleGrid>
          <Title order={3} size="h5">
            Payment
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {input('cardholderName', 'Cardholder Name')}
            <TextInput
              label="Card Number"
              withAsterisk
              autoComplete="cc-number"
              inputMode="numeric"
              value={draft.ccNum}
              onChange={(event) => set('ccNum')(event.currentTarget.value)}
            />
            {input('expMonth', 'Exp Month (MM)', { inputMode: 'numeric', maxLength: 2 })}
            {input('expYear', 'Exp Year (YY)', { inputMode: 'numeric', maxLength: 2 })}
            <TextInput
              label="CVV"
              withAsterisk
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={4}
              value={draft.cvv}
              onChange={(event) => set('cvv')(event.currentTarget.value)}
            />
            {input('billingZip', 'Billing Zip')}
          </SimpleGrid>
          <Title order={3} size="h5">
            Device
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Device"
              withAsterisk
              data={[...paxDeviceNames]}
              value={draft.deviceName}
              onChange={(value) => set('deviceName')(value ?? paxDeviceNames[0])}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
            <NumberInput
              label="Quantity"
              withAsterisk
              min={1}
              max={paxMaxQuantity}
              allowDecimal={false}
              value={draft.quantity}
              onChange={(value) => {
                setDraft((current) => ({ ...current, quantity: clampPaxQuantity(Number(value)) }));
                setIdempotencyKey(crypto.randomUUID());
              }}
            />
          </SimpleGrid>
          <Text fw={600} aria-live="polite">
            Total: {total === null ? '' : formatCentsAsMoney(total)}
          </Text>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={order.isPending}>
              Place Order
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
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
import {
  FormProblemAndButtons,
  MerchantSelect,
  TextFieldGrid,
  type TextFieldSpec,
} from './terminal-form-parts';

type Props = { isOpen: boolean; merchants: readonly TerminalMerchant[]; onClose: () => void };
type TextField = Exclude<keyof PaxDraft, 'quantity'>;

// Every text field of the order is required.
const required = (
  field: TextField,
  label: string,
  input: Omit<TextFieldSpec<TextField>, 'field' | 'label'> = {},
): TextFieldSpec<TextField> => ({ field, label, isRequired: true, ...input });

const shipFields = [
  required('shipTo', 'Ship To'),
  required('shipToContact', 'Contact'),
  required('shipToAddress', 'Address'),
  required('shipToCity', 'City'),
  required('shipToState', 'State'),
  required('shipToZip', 'Zip'),
  required('shipToPhone', 'Phone'),
];
const paymentFields = [
  required('cardholderName', 'Cardholder Name'),
  required('ccNum', 'Card Number', { autoComplete: 'cc-number', inputMode: 'numeric' }),
  required('expMonth', 'Exp Month (MM)', { inputMode: 'numeric', maxLength: 2 }),
  required('expYear', 'Exp Year (YY)', { inputMode: 'numeric', maxLength: 2 }),
  required('cvv', 'CVV', { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 }),
  required('billingZip', 'Billing Zip'),
];

// 'Order A Pax Device': shipping, the card, the device at 260
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
          <MerchantSelect merchants={merchants} value={merchant?.id ?? null} onChange={setMerchantId} />
          <Title order={3} size="h5">
            Shipping
          </Title>
          <TextFieldGrid fields={shipFields} values={draft} onChange={(field, value) => set(field)(value)} />
          <Title order={3} size="h5">
            Payment
          </Title>
          <TextFieldGrid
            fields={paymentFields}
            values={draft}
            onChange={(field, value) => set(field)(value)}
          />
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
          <FormProblemAndButtons
            problem={problem}
            submitLabel="Place Order"
            isPending={order.isPending}
            onCancel={onClose}
          />
        </Stack>
      )}
    </Modal>
  );
}

import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  type SubpricingFeeField,
  SubpricingText,
  subpricingFeeFields,
  subpricingFieldLabels,
  subpricingMoneyFields,
  subpricingProblems,
} from '@portico/contracts/clients/subpricing';
import { useState } from 'react';
import { showToast } from '../../../components/toasts';
import { useSaveSubpricingRows } from '../api/save-subpricing';

type AddDraft = { mcc_code: string; label: string; card_rate: string } & Record<SubpricingFeeField, string>;

const blankDraft = (): AddDraft =>
  ({
    mcc_code: '',
    label: '',
    card_rate: '',
    ...Object.fromEntries(subpricingFeeFields.map((field) => [field, ''])),
  }) as AddDraft;

const moneyFields: ReadonlySet<string> = new Set(subpricingMoneyFields);
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

// Staff add the configuration of one more MCC code (subpricing add is admin and healnow): its label,
// card rate and every fee; checked with the server's schema before it is sent.
export function SubpricingAddForm({ clientId }: { clientId: string }) {
  const [draft, setDraft] = useState<AddDraft>(blankDraft);
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const save = useSaveSubpricingRows(clientId);
  const set = (field: keyof AddDraft, value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const add = () => {
    const body = {
      client_id: clientId,
      mcc_code: draft.mcc_code.trim(),
      label: orNull(draft.label),
      card_rate: orNull(draft.card_rate),
      ...Object.fromEntries(subpricingFeeFields.map((field) => [field, orNull(draft[field])])),
    };
    const found = subpricingProblems(body);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    save.mutate([body], {
      onSuccess: () => {
        setDraft(blankDraft());
        void showToast({ text: SubpricingText.Added, type: 'success' });
      },
    });
  };
  const input = (
    field: keyof AddDraft,
    label: string,
    extra: { required?: boolean; placeholder?: string } = {},
  ) => (
    <TextInput
      key={field}
      label={label}
      value={draft[field]}
      error={problems[field]}
      leftSection={moneyFields.has(field) ? '$' : undefined}
      inputMode={moneyFields.has(field) || field === 'tax_rate' ? 'decimal' : undefined}
      onChange={(event) => set(field, event.currentTarget.value)}
      {...extra}
    />
  );
  return (
    <form
      aria-label="Add sub-pricing"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {input('mcc_code', 'MCC Code', { required: true, placeholder: 'Enter 4-Digit Code' })}
          {input('label', subpricingFieldLabels.label)}
          {input('card_rate', subpricingFieldLabels.card_rate, { placeholder: '2.90+0.30' })}
        </SimpleGrid>
        <Title order={4} size="h6">
          Fees
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          {subpricingFeeFields.map((field) => input(field, subpricingFieldLabels[field]))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Add Subpricing
          </Button>
        </Group>
        {save.error ? (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

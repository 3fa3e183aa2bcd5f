import { Alert, Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { TerminalMerchant } from '@portico/contracts/terminals/terminals';
import type { ReactNode } from 'react';

// The blocks 'Add New Terminal' and 'Order A Pax Device' share: the merchant choice, a grid of text
// fields read from a field table, and the problem with the form's buttons.

export type TextFieldSpec<Field extends string> = {
  field: Field;
  label: string;
  isRequired?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric';
  maxLength?: number;
};

export function TextFieldGrid<Field extends string>({
  fields,
  values,
  onChange,
  children,
}: {
  fields: readonly TextFieldSpec<Field>[];
  values: Readonly<Record<Field, string>>;
  onChange: (field: Field, value: string) => void;
  // Fields of other kinds, after the text fields.
  children?: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {fields.map(({ field, label, isRequired, ...input }) => (
        <TextInput
          key={field}
          label={label}
          withAsterisk={isRequired}
          value={values[field]}
          onChange={(event) => onChange(field, event.currentTarget.value)}
          {...input}
        />
      ))}
      {children}
    </SimpleGrid>
  );
}

// Only a caller with several merchants chooses; otherwise the form acts on the one it has.
export function MerchantSelect({
  merchants,
  value,
  onChange,
}: {
  merchants: readonly TerminalMerchant[];
  value: string | null;
  onChange: (merchantId: string | null) => void;
}) {
  if (merchants.length <= 1) return null;
  return (
    <Select
      label="Merchant"
      data={merchants.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
      value={value}
      onChange={onChange}
      searchable
      allowDeselect={false}
      comboboxProps={{ withinPortal: false }}
    />
  );
}

export function FormProblemAndButtons({
  problem,
  submitLabel,
  isPending,
  onCancel,
}: {
  problem: string | null;
  submitLabel: string;
  isPending: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isPending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

import { Checkbox as MantineCheckbox, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type CheckboxProps = {
  label: ReactNode;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  description?: ReactNode;
  isDisabled?: boolean;
};

// A single checkbox.
export function Checkbox({ label, isChecked, onChange, description, isDisabled = false }: CheckboxProps) {
  return (
    <MantineCheckbox
      label={label}
      description={description}
      checked={isChecked}
      disabled={isDisabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

export type CheckboxListOption = { value: string; label: ReactNode; isDisabled?: boolean };

type CheckboxListProps = {
  label: ReactNode;
  options: readonly CheckboxListOption[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: ReactNode;
};

// Checkboxes as a list: the values keep the options' order whatever the click order.
export function CheckboxList({ label, options, values, onChange, error }: CheckboxListProps) {
  return (
    <MantineCheckbox.Group
      label={label}
      error={error}
      value={[...values]}
      onChange={(checked) => onChange(options.map((o) => o.value).filter((value) => checked.includes(value)))}
    >
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <MantineCheckbox
            key={option.value}
            value={option.value}
            label={option.label}
            disabled={option.isDisabled}
          />
        ))}
      </Stack>
    </MantineCheckbox.Group>
  );
}

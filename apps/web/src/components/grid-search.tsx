import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type GridSearchProps = {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
};

// The search box above a list grid: narrows the rows as the person types (lib/text-search).
export function GridSearch({ label, placeholder, value, onChange }: GridSearchProps) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value === '' ? null : <CloseButton aria-label="Clear search" onClick={() => onChange('')} size="sm" />
      }
      w={{ base: '100%', sm: 360 }}
    />
  );
}

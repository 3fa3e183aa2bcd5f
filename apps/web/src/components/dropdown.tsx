import { Autocomplete, Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type DropdownOption, dropdownLabelForValue, dropdownValueForText } from './dropdown.utils';

type DropdownProps = {
  label: string;
  options: readonly DropdownOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  // Typing filters the options.
  isAutocomplete?: boolean;
  // Typed text that matches no option is kept as the value, trimmed and lowercased.
  allowsCustomValue?: boolean;
  placeholder?: string;
  error?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  nothingFoundText?: string;
};

// The portal's dropdown, with optional autocomplete and custom value.
export function Dropdown({
  label,
  options,
  value,
  onChange,
  isAutocomplete = false,
  allowsCustomValue = false,
  placeholder,
  error,
  isDisabled = false,
  isRequired = false,
  nothingFoundText = 'Nothing found',
}: DropdownProps) {
  if (allowsCustomValue) {
    return (
      <CustomValueDropdown
        label={label}
        options={options}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        error={error}
        isDisabled={isDisabled}
        isRequired={isRequired}
      />
    );
  }
  return (
    <Select
      label={label}
      data={options.map((option) => ({ value: option.value, label: option.label }))}
      value={value}
      onChange={(next) => onChange(next)}
      searchable={isAutocomplete}
      nothingFoundMessage={nothingFoundText}
      placeholder={placeholder}
      error={error}
      disabled={isDisabled}
      required={isRequired}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

type CustomValueDropdownProps = Omit<
  DropdownProps,
  'isAutocomplete' | 'allowsCustomValue' | 'nothingFoundText'
>;

function CustomValueDropdown({
  label,
  options,
  value,
  onChange,
  placeholder,
  error,
  isDisabled,
  isRequired,
}: CustomValueDropdownProps) {
  const [text, setText] = useState(() => dropdownLabelForValue(value, options));
  useEffect(() => {
    setText(dropdownLabelForValue(value, options));
  }, [value, options]);

  function commit(typed: string) {
    const next = dropdownValueForText(typed, options);
    setText(dropdownLabelForValue(next, options));
    if (next !== value) onChange(next);
  }

  return (
    <Autocomplete
      label={label}
      data={[...new Set(options.map((option) => option.label))]}
      value={text}
      onChange={setText}
      onOptionSubmit={commit}
      onBlur={() => commit(text)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text);
      }}
      placeholder={placeholder}
      error={error}
      disabled={isDisabled}
      required={isRequired}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type SetFilterOption, searchSetOptions, toggleSetValue } from './grid-filters.utils';

// Long value lists show this many matches; the search box narrows the rest.
export const SET_FILTER_SHOWN = 200;

type SetFilterProps = {
  header: string;
  getOptions: () => SetFilterOption[];
  // undefined: every value passes.
  selected: readonly string[] | undefined;
  onChange: (values: string[] | undefined) => void;
};

export function SetFilter({ header, getOptions, selected, onChange }: SetFilterProps) {
  const [search, setSearch] = useState('');
  // Distinct values are collected when the filter opens, not for every column up front.
  const options = useMemo(getOptions, [getOptions]);
  const allKeys = useMemo(() => options.map((option) => option.key), [options]);
  const matches = useMemo(() => searchSetOptions(options, search), [options, search]);
  const selectedKeys = useMemo(() => (selected ? new Set(selected) : null), [selected]);
  const isChecked = (key: string) => selectedKeys === null || selectedKeys.has(key);
  const checkedCount =
    selectedKeys === null ? options.length : allKeys.filter((key) => selectedKeys.has(key)).length;

  return (
    <Stack gap={6}>
      <TextInput
        size="xs"
        aria-label={`Search ${header} values`}
        placeholder="Search values"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Checkbox
        size="xs"
        label="(Select all)"
        checked={checkedCount === options.length}
        indeterminate={checkedCount > 0 && checkedCount < options.length}
        onChange={(event) => onChange(event.currentTarget.checked ? undefined : [])}
      />
      {matches.slice(0, SET_FILTER_SHOWN).map((option) => (
        <Checkbox
          key={option.key}
          size="xs"
          label={option.label}
          checked={isChecked(option.key)}
          onChange={(event) =>
            onChange(toggleSetValue(allKeys, selected, option.key, event.currentTarget.checked))
          }
        />
      ))}
      {matches.length > SET_FILTER_SHOWN && (
        <Text size="xs" c="dimmed">
          {matches.length - SET_FILTER_SHOWN} more values: search to narrow the list
        </Text>
      )}
      {matches.length === 0 && (
        <Text size="xs" c="dimmed">
          No matching values
        </Text>
      )}
    </Stack>
  );
}

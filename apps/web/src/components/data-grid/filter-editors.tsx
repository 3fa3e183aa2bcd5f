import { Group, TextInput } from '@mantine/core';
import type { GridColumnFilter } from '@portico/contracts/grid/grid-layout';
import { useState } from 'react';

type EditorProps<Filter> = {
  header: string;
  filter: Filter | undefined;
  onChange: (filter: GridColumnFilter | undefined) => void;
};

type TextFilter = Extract<GridColumnFilter, { filterType: 'text' }>;
type NumberFilter = Extract<GridColumnFilter, { filterType: 'number' }>;
type DateFilter = Extract<GridColumnFilter, { filterType: 'date' }>;

export function TextFilterEditor({ header, filter, onChange }: EditorProps<TextFilter>) {
  return (
    <TextInput
      size="xs"
      label={`${header} contains`}
      value={filter?.value ?? ''}
      onChange={(event) => onChange({ filterType: 'text', value: event.currentTarget.value })}
    />
  );
}

function parseBound(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  // Half-typed input ('-', '1e') keeps the previous bound.
  return Number.isFinite(value) ? value : undefined;
}

function boundTexts(filter: NumberFilter | undefined) {
  return { min: String(filter?.min ?? ''), max: String(filter?.max ?? '') };
}

export function NumberFilterEditor({ header, filter, onChange }: EditorProps<NumberFilter>) {
  // Typed text stays as typed; the filter gets the parsed bound.
  const [texts, setTexts] = useState(() => boundTexts(filter));
  const [shownFilter, setShownFilter] = useState(filter);
  // A filter changed from outside (cleared, a layout applied) replaces what was typed.
  if (filter !== shownFilter) {
    setShownFilter(filter);
    const min = parseBound(texts.min);
    const max = parseBound(texts.max);
    if (min !== (filter?.min ?? null) || max !== (filter?.max ?? null)) setTexts(boundTexts(filter));
  }
  const update = (bound: 'min' | 'max', text: string) => {
    setTexts((old) => ({ ...old, [bound]: text }));
    const value = parseBound(text);
    if (value === undefined) return;
    onChange({ filterType: 'number', min: filter?.min ?? null, max: filter?.max ?? null, [bound]: value });
  };
  return (
    <Group gap="xs" grow>
      <TextInput
        size="xs"
        label="Min"
        aria-label={`${header} minimum`}
        inputMode="decimal"
        value={texts.min}
        onChange={(event) => update('min', event.currentTarget.value)}
      />
      <TextInput
        size="xs"
        label="Max"
        aria-label={`${header} maximum`}
        inputMode="decimal"
        value={texts.max}
        onChange={(event) => update('max', event.currentTarget.value)}
      />
    </Group>
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function DateFilterEditor({ header, filter, onChange }: EditorProps<DateFilter>) {
  const update = (bound: 'from' | 'to', text: string) => {
    const value = ISO_DATE.test(text) ? text : null;
    onChange({ filterType: 'date', from: filter?.from ?? null, to: filter?.to ?? null, [bound]: value });
  };
  return (
    <Group gap="xs" grow>
      <TextInput
        size="xs"
        type="date"
        label="From"
        aria-label={`${header} from`}
        value={filter?.from ?? ''}
        onChange={(event) => update('from', event.currentTarget.value)}
      />
      <TextInput
        size="xs"
        type="date"
        label="To"
        aria-label={`${header} to`}
        value={filter?.to ?? ''}
        onChange={(event) => update('to', event.currentTarget.value)}
      />
    </Group>
  );
}

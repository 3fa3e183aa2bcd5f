import { Stack, Text, UnstyledButton } from '@mantine/core';
import type { GridColumnFilter, GridFilterModel } from '@portico/contracts/grid/grid-layout';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import styles from './data-grid.module.css';
import type { DataGridFilterKind } from './data-grid.types';
import { DateFilterEditor, NumberFilterEditor, TextFilterEditor } from './filter-editors';
import type { SetFilterOption } from './grid-filters.utils';
import { SetFilter } from './set-filter';

export type FilterColumn = {
  id: string;
  header: string;
  filterKind: DataGridFilterKind;
  getSetOptions: () => SetFilterOption[];
};

type FiltersToolProps = {
  columns: readonly FilterColumn[];
  filters: GridFilterModel;
  onChange: (columnId: string, filter: GridColumnFilter | undefined) => void;
};

// The side panel's Filters tool: one section per column, opened on demand.
export function FiltersTool({ columns, filters, onChange }: FiltersToolProps) {
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set(Object.keys(filters)));
  const toggle = (id: string) =>
    setOpenIds((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (columns.length === 0) {
    return (
      <Text size="xs" c="dimmed" p="xs">
        No column can be filtered
      </Text>
    );
  }
  return (
    <div>
      {columns.map((column) => {
        const isOpen = openIds.has(column.id);
        const isActive = filters[column.id] !== undefined;
        const regionId = `filter-${column.id}`;
        return (
          <div key={column.id} className={styles.toolItem}>
            <UnstyledButton
              w="100%"
              px="xs"
              py={6}
              aria-expanded={isOpen}
              aria-controls={isOpen ? regionId : undefined}
              onClick={() => toggle(column.id)}
              fw={isActive ? 700 : 400}
              fz="sm"
            >
              {isOpen ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />} {column.header}
              {isActive ? ' (filtered)' : ''}
            </UnstyledButton>
            {isOpen && (
              <Stack id={regionId} px="xs" pb="xs" gap={6}>
                <FilterEditor column={column} filter={filters[column.id]} onChange={onChange} />
              </Stack>
            )}
          </div>
        );
      })}
    </div>
  );
}

type FilterEditorProps = {
  column: FilterColumn;
  filter: GridColumnFilter | undefined;
  onChange: (columnId: string, filter: GridColumnFilter | undefined) => void;
};

function FilterEditor({ column, filter, onChange }: FilterEditorProps) {
  const change = (next: GridColumnFilter | undefined) => onChange(column.id, next);
  const { header } = column;
  switch (column.filterKind) {
    case 'text':
      return (
        <TextFilterEditor
          header={header}
          filter={filter?.filterType === 'text' ? filter : undefined}
          onChange={change}
        />
      );
    case 'number':
      return (
        <NumberFilterEditor
          header={header}
          filter={filter?.filterType === 'number' ? filter : undefined}
          onChange={change}
        />
      );
    case 'date':
      return (
        <DateFilterEditor
          header={header}
          filter={filter?.filterType === 'date' ? filter : undefined}
          onChange={change}
        />
      );
    case 'set':
      return (
        <SetFilter
          header={header}
          getOptions={column.getSetOptions}
          selected={filter?.filterType === 'set' ? filter.values : undefined}
          onChange={(values) => change(values === undefined ? undefined : { filterType: 'set', values })}
        />
      );
  }
}

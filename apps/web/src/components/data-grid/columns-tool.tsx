import { ActionIcon, Checkbox, NativeSelect } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import styles from './data-grid.module.css';
import type { DataGridPin } from './data-grid.types';
import { COLUMN_DRAG_TYPE, isColumnDrag } from './data-grid-header';
import type { GridActions } from './use-grid-actions';

export type ToolColumn = { id: string; header: string; isVisible: boolean; pin: DataGridPin | null };

const PIN_OPTIONS = [
  { value: '', label: 'Not pinned' },
  { value: 'left', label: 'Pinned left' },
  { value: 'right', label: 'Pinned right' },
];

function toPin(value: string): DataGridPin | null {
  return value === 'left' || value === 'right' ? value : null;
}

type ColumnsToolProps = { columns: readonly ToolColumn[]; actions: GridActions };

// The side panel's Columns tool: show or hide, order (buttons or drag), pin.
export function ColumnsTool({ columns, actions }: ColumnsToolProps) {
  return (
    <ul aria-label="Columns" style={{ listStyle: 'none', margin: 0, padding: '4px 0' }}>
      {columns.map((column, index) => {
        const previous = columns[index - 1];
        const next = columns[index + 1];
        return (
          <li
            key={column.id}
            className={styles.columnItem}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(COLUMN_DRAG_TYPE, column.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (isColumnDrag(event)) event.preventDefault();
            }}
            onDrop={(event) => {
              const movedId = event.dataTransfer.getData(COLUMN_DRAG_TYPE);
              if (!movedId || movedId === column.id) return;
              event.preventDefault();
              const rect = event.currentTarget.getBoundingClientRect();
              actions.moveColumn(movedId, column.id, event.clientY > rect.top + rect.height / 2);
            }}
          >
            <IconGripVertical size={14} aria-hidden color="var(--mantine-color-gray-5)" />
            <Checkbox
              size="xs"
              style={{ flex: 1, minWidth: 0 }}
              label={column.header}
              checked={column.isVisible}
              onChange={(event) => actions.setVisible(column.id, event.currentTarget.checked)}
            />
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={`Move ${column.header} up`}
              disabled={!previous}
              onClick={() => previous && actions.moveColumn(column.id, previous.id, false)}
            >
              <IconArrowUp size={14} />
            </ActionIcon>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={`Move ${column.header} down`}
              disabled={!next}
              onClick={() => next && actions.moveColumn(column.id, next.id, true)}
            >
              <IconArrowDown size={14} />
            </ActionIcon>
            <NativeSelect
              size="xs"
              w={112}
              aria-label={`Pin ${column.header}`}
              data={PIN_OPTIONS}
              value={column.pin ?? ''}
              onChange={(event) => actions.setPin(column.id, toPin(event.currentTarget.value))}
            />
          </li>
        );
      })}
    </ul>
  );
}

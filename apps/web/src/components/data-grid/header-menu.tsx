import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconDotsVertical } from '@tabler/icons-react';
import type { DataGridAggregate, DataGridPin } from './data-grid.types';
import type { GridActions } from './use-grid-actions';

export const AGGREGATE_LABELS: Record<DataGridAggregate, string> = {
  sum: 'Sum',
  avg: 'Average',
  count: 'Count',
  min: 'Min',
  max: 'Max',
};

const NUMERIC_AGGREGATES: DataGridAggregate[] = ['sum', 'avg', 'count', 'min', 'max'];
const OTHER_AGGREGATES: DataGridAggregate[] = ['count'];

type HeaderMenuProps = {
  columnId: string;
  header: string;
  isSortable: boolean;
  sortDirection: 'asc' | 'desc' | false;
  pin: DataGridPin | null;
  isGrouped: boolean;
  isNumeric: boolean;
  aggregate: DataGridAggregate | null;
  actions: GridActions;
};

// The header's menu: the keyboard and touch way to everything dragging and clicking do.
export function HeaderMenu({
  columnId,
  header,
  isSortable,
  sortDirection,
  pin,
  isGrouped,
  isNumeric,
  aggregate,
  actions,
}: HeaderMenuProps) {
  const aggregates = isNumeric ? NUMERIC_AGGREGATES : OTHER_AGGREGATES;
  const check = (isOn: boolean) => (isOn ? <IconCheck size={14} /> : <span style={{ width: 14 }} />);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`${header} column menu`}
          draggable={false}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDotsVertical size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {isSortable && (
          <>
            <Menu.Item
              onClick={() => actions.setSort(columnId, 'asc')}
              leftSection={check(sortDirection === 'asc')}
            >
              Sort ascending
            </Menu.Item>
            <Menu.Item
              onClick={() => actions.setSort(columnId, 'desc')}
              leftSection={check(sortDirection === 'desc')}
            >
              Sort descending
            </Menu.Item>
            {sortDirection !== false && (
              <Menu.Item onClick={() => actions.setSort(columnId, null)} leftSection={check(false)}>
                Clear sort
              </Menu.Item>
            )}
            <Menu.Divider />
          </>
        )}
        {pin !== 'left' && (
          <Menu.Item onClick={() => actions.setPin(columnId, 'left')} leftSection={check(false)}>
            Pin left
          </Menu.Item>
        )}
        {pin !== 'right' && (
          <Menu.Item onClick={() => actions.setPin(columnId, 'right')} leftSection={check(false)}>
            Pin right
          </Menu.Item>
        )}
        {pin !== null && (
          <Menu.Item onClick={() => actions.setPin(columnId, null)} leftSection={check(false)}>
            Unpin
          </Menu.Item>
        )}
        <Menu.Divider />
        {isGrouped ? (
          <Menu.Item onClick={() => actions.ungroup(columnId)} leftSection={check(false)}>
            Ungroup this column
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => actions.groupBy(columnId)} leftSection={check(false)}>
            Group by this column
          </Menu.Item>
        )}
        <Menu.Label>Group rows show</Menu.Label>
        {aggregates.map((candidate) => (
          <Menu.Item
            key={candidate}
            onClick={() => actions.setAggregate(columnId, candidate)}
            leftSection={check(aggregate === candidate)}
          >
            {AGGREGATE_LABELS[candidate]}
          </Menu.Item>
        ))}
        <Menu.Item
          onClick={() => actions.setAggregate(columnId, null)}
          leftSection={check(aggregate === null)}
        >
          Nothing
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => actions.setVisible(columnId, false)} leftSection={check(false)}>
          Hide column
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

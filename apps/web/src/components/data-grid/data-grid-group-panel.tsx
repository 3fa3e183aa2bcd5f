import { Group, Pill, Text } from '@mantine/core';
import { type DragEvent, useState } from 'react';
import styles from './data-grid.module.css';
import { COLUMN_DRAG_TYPE, isColumnDrag } from './data-grid-header';

export const GROUP_PANEL_HINT = 'Drag a column header here to group rows';

type DataGridGroupPanelProps = {
  groups: readonly { id: string; header: string }[];
  onGroup: (columnId: string) => void;
  onUngroup: (columnId: string) => void;
};

// The row-grouping panel above the grid: drop a header to add a level, remove a chip to drop it.
export function DataGridGroupPanel({ groups, onGroup, onUngroup }: DataGridGroupPanelProps) {
  const [isDropTarget, setIsDropTarget] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setIsDropTarget(false);
    const columnId = event.dataTransfer.getData(COLUMN_DRAG_TYPE);
    if (!columnId) return;
    event.preventDefault();
    onGroup(columnId);
  };
  return (
    <section
      aria-label="Row groups"
      className={isDropTarget ? `${styles.groupPanel} ${styles.groupPanelActive}` : styles.groupPanel}
      onDragOver={(event) => {
        if (!isColumnDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setIsDropTarget(true);
      }}
      onDragLeave={() => setIsDropTarget(false)}
      onDrop={onDrop}
    >
      {groups.length === 0 ? (
        <Text size="xs">{GROUP_PANEL_HINT}</Text>
      ) : (
        <Group gap={6}>
          <Text size="xs">Grouped by</Text>
          {groups.map((group, index) => (
            <Group key={group.id} gap={6}>
              {index > 0 && <Text size="xs">›</Text>}
              <Pill
                withRemoveButton
                onRemove={() => onUngroup(group.id)}
                // Pill hides its remove button from assistive tech and Tab (it expects Backspace in an
                // input); here it is the only way to ungroup, so it is a real button.
                removeButtonProps={{
                  'aria-label': `Remove grouping by ${group.header}`,
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
              >
                {group.header}
              </Pill>
            </Group>
          ))}
        </Group>
      )}
    </section>
  );
}

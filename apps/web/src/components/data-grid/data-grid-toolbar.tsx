import { Badge, Button, Group, Menu, Progress, Text } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet, IconFilter, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type DataGridToolbarProps = {
  onRefresh: () => void;
  isRefreshing: boolean;
  onExport: () => void;
  onExportCsv: () => void;
  // With it, Export is a menu: This view (the browser) or All matching rows (the server).
  onServerExport?: (format: 'csv' | 'xlsx') => void;
  isServerExportPending?: boolean;
  isExporting: boolean;
  // 0..1 while an export runs.
  exportProgress: number;
  canExport: boolean;
  // The saved-layouts bar when the grid has a configuration key.
  layoutsBar: ReactNode;
  hasSidePanel: boolean;
  isSidePanelOpen: boolean;
  onToggleSidePanel: () => void;
  activeFilterCount: number;
  onClearFilters: () => void;
  rowCountText: string;
};

// The grid's toolbar: Refresh, Export Excel, the saved layouts, and the side panel's switch.
export function DataGridToolbar({
  onRefresh,
  isRefreshing,
  onExport,
  onExportCsv,
  onServerExport,
  isServerExportPending = false,
  isExporting,
  exportProgress,
  canExport,
  layoutsBar,
  hasSidePanel,
  isSidePanelOpen,
  onToggleSidePanel,
  activeFilterCount,
  onClearFilters,
  rowCountText,
}: DataGridToolbarProps) {
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={onRefresh}
          loading={isRefreshing}
        >
          Refresh
        </Button>
        {onServerExport ? (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden />}
                loading={isServerExportPending}
                disabled={isExporting}
              >
                Export
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>This view</Menu.Label>
              <Menu.Item onClick={onExport} disabled={!canExport}>
                Excel (.xlsx)
              </Menu.Item>
              <Menu.Item onClick={onExportCsv} disabled={!canExport}>
                CSV
              </Menu.Item>
              <Menu.Divider />
              <Menu.Label>All matching rows</Menu.Label>
              <Menu.Item onClick={() => onServerExport('xlsx')}>Excel (.xlsx), by the server</Menu.Item>
              <Menu.Item onClick={() => onServerExport('csv')}>CSV, by the server</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileSpreadsheet size={14} />}
            onClick={onExport}
            disabled={isExporting || !canExport}
          >
            Export Excel
          </Button>
        )}
        {isExporting && (
          <Progress
            value={Math.round(exportProgress * 100)}
            w={120}
            size="lg"
            aria-label="Export progress"
            transitionDuration={100}
          />
        )}
        {layoutsBar}
      </Group>
      <Group gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" aria-live="polite">
          {rowCountText}
        </Text>
        {activeFilterCount > 0 && (
          <>
            <Badge size="sm" variant="light">
              {activeFilterCount === 1 ? '1 filter' : `${activeFilterCount} filters`}
            </Badge>
            <Button size="xs" variant="subtle" onClick={onClearFilters}>
              Clear filters
            </Button>
          </>
        )}
        {hasSidePanel && (
          <Button
            size="xs"
            variant={isSidePanelOpen ? 'light' : 'default'}
            leftSection={<IconFilter size={14} />}
            aria-pressed={isSidePanelOpen}
            onClick={onToggleSidePanel}
          >
            Filters & Columns
          </Button>
        )}
      </Group>
    </Group>
  );
}

import { Button, Menu } from '@mantine/core';
import type { ExportFormat } from '@portico/contracts/exports/exports';
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';

// The table's Export: every customer the search matches, written by the server (the table shows the
// first 100 only).
export function VaultExportMenu({
  onExport,
  isPending,
}: {
  onExport: (format: ExportFormat) => void;
  isPending: boolean;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={isPending}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>All matching customers</Menu.Label>
        <Menu.Item onClick={() => onExport('xlsx')}>Excel (.xlsx), by the server</Menu.Item>
        <Menu.Item onClick={() => onExport('csv')}>CSV, by the server</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

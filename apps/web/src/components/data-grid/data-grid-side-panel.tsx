import { Tabs } from '@mantine/core';
import type { GridFilterModel } from '@portico/contracts/grid/grid-layout';
import { ColumnsTool, type ToolColumn } from './columns-tool';
import styles from './data-grid.module.css';
import { type FilterColumn, FiltersTool } from './filters-tool';
import type { GridActions } from './use-grid-actions';

type DataGridSidePanelProps = {
  filterColumns: readonly FilterColumn[];
  filters: GridFilterModel;
  toolColumns: readonly ToolColumn[];
  actions: GridActions;
};

// The side panel with its Filters and Columns tools.
export function DataGridSidePanel({ filterColumns, filters, toolColumns, actions }: DataGridSidePanelProps) {
  return (
    <aside className={styles.sidePanel} aria-label="Filters and columns">
      <Tabs defaultValue="filters" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="filters">Filters</Tabs.Tab>
          <Tabs.Tab value="columns">Columns</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="filters">
          <FiltersTool columns={filterColumns} filters={filters} onChange={actions.setFilter} />
        </Tabs.Panel>
        <Tabs.Panel value="columns">
          <ColumnsTool columns={toolColumns} actions={actions} />
        </Tabs.Panel>
      </Tabs>
    </aside>
  );
}

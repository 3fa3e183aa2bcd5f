import { Button, Group, Select, TextInput } from '@mantine/core';
import { type GridLayout, namedLayoutKey } from '@portico/contracts/grid/grid-layout';
import { type JSX, useState } from 'react';
import { type LayoutSchedule, ScheduleLayoutModal } from '../export/schedule-layout-modal';
import { getGridConfig } from './grid-config.api';
import { type LayoutAction, useGridLayoutActions } from './use-grid-layout-actions';

type GridLayoutsBarProps = {
  configKey: string;
  getLayout: () => GridLayout;
  applyLayout: (layout: GridLayout) => void;
  // A grid whose named layouts can be scheduled: Schedule opens the schedule form for the picked one.
  schedule?: LayoutSchedule | undefined;
};

// With a grid configuration key, the default layout's Load and Save, a picker of the
// named layouts with Load, Save, Delete (and Schedule where the grid can be scheduled), and a Create
// box for a new named layout.
export function GridLayoutsBar({
  configKey,
  getLayout,
  applyLayout,
  schedule,
}: GridLayoutsBarProps): JSX.Element {
  const layouts = useGridLayoutActions({ configKey, getLayout, applyLayout });
  const [isScheduling, setScheduling] = useState(false);
  const isBusy = layouts.isLoading || layouts.isSaving;
  const hasSelection = layouts.selectedName !== null;
  const actionButton = (label: string, action: LayoutAction, onClick: () => Promise<void>) => (
    <Button
      size="xs"
      variant={action === 'delete-named' ? 'light' : 'default'}
      color={action === 'delete-named' ? 'red' : undefined}
      onClick={() => void onClick()}
      loading={layouts.runningAction === action}
      disabled={isBusy || (action.endsWith('-named') && !hasSelection)}
    >
      {label}
    </Button>
  );

  return (
    <Group gap="xs" wrap="wrap" align="flex-start" role="group" aria-label="Saved layouts" aria-busy={isBusy}>
      {actionButton('Load Default Report', 'load-default', layouts.loadDefault)}
      {actionButton('Save Default Report', 'save-default', layouts.saveDefault)}
      <Select
        size="xs"
        w={200}
        aria-label="Saved layout"
        placeholder={layouts.isNamesError ? 'Saved layouts could not be loaded' : 'Saved layouts'}
        data={layouts.savedNames}
        value={layouts.selectedName}
        onChange={layouts.selectName}
        nothingFoundMessage="No saved layouts"
        searchable
        allowDeselect={false}
        disabled={isBusy}
      />
      {actionButton('Load', 'load-named', layouts.loadNamed)}
      {actionButton('Save', 'save-named', layouts.saveNamed)}
      {actionButton('Delete', 'delete-named', layouts.deleteNamed)}
      {schedule && (
        <Button
          size="xs"
          variant="default"
          onClick={() => setScheduling(true)}
          disabled={isBusy || !hasSelection}
        >
          Schedule
        </Button>
      )}
      {schedule && layouts.selectedName !== null && (
        <ScheduleLayoutModal
          isOpen={isScheduling}
          onClose={() => setScheduling(false)}
          layoutName={layouts.selectedName}
          loadLayout={() => getGridConfig(namedLayoutKey(configKey, layouts.selectedName ?? ''))}
          schedule={schedule}
        />
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void layouts.create();
        }}
      >
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            size="xs"
            w={200}
            aria-label="New layout name"
            placeholder="New layout name"
            value={layouts.newName}
            onChange={(event) => layouts.changeNewName(event.currentTarget.value)}
            error={layouts.nameError}
          />
          <Button size="xs" type="submit" loading={layouts.runningAction === 'create'} disabled={isBusy}>
            Create
          </Button>
        </Group>
      </form>
    </Group>
  );
}

import { type GridLayout, namedLayoutKey } from '@portico/contracts/grid/grid-layout';
import { useState } from 'react';
import { showToast } from '../../toasts';
import { useFetchGridConfig, useGridConfigNames, useSaveGridConfig } from './grid-config.api';
import { GridLayoutsText, layoutFailureText, newLayoutNameError } from './grid-layouts.utils';

export type LayoutAction =
  | 'load-default'
  | 'save-default'
  | 'load-named'
  | 'save-named'
  | 'delete-named'
  | 'create';

const loadingActions: readonly LayoutAction[] = ['load-default', 'load-named'];

type LayoutActionsOptions = {
  configKey: string;
  getLayout: () => GridLayout;
  applyLayout: (layout: GridLayout) => void;
};

function toastFailure(error: unknown) {
  void showToast({ text: layoutFailureText(error), type: 'danger' });
}

// The saved-layouts bar's state and calls (the grid configuration calls): one action runs
// at a time, and while it runs (loading or saving) every button waits.
export function useGridLayoutActions({ configKey, getLayout, applyLayout }: LayoutActionsOptions) {
  const names = useGridConfigNames(configKey);
  const save = useSaveGridConfig(configKey);
  const fetchLayout = useFetchGridConfig();
  const [runningAction, setRunningAction] = useState<LayoutAction | null>(null);
  const [chosenName, setChosenName] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const savedNames = names.data ?? [];
  // A name deleted elsewhere (or not listed yet) is no selection.
  const selectedName = chosenName !== null && savedNames.includes(chosenName) ? chosenName : null;
  const isLoading = runningAction !== null && loadingActions.includes(runningAction);
  const isSaving = runningAction !== null && !isLoading;

  async function run(action: LayoutAction, work: () => Promise<void>) {
    if (runningAction !== null) return;
    setRunningAction(action);
    try {
      await work();
    } catch (error) {
      toastFailure(error);
    } finally {
      setRunningAction(null);
    }
  }

  async function loadLayout(key: string) {
    const layout = await fetchLayout(key);
    if (layout === null) {
      void showToast({ text: GridLayoutsText.NotFound, type: 'info' });
      return;
    }
    applyLayout(layout);
    void showToast({ text: GridLayoutsText.Loaded, type: 'success' });
  }

  async function saveLayout(key: string, layout: GridLayout | null) {
    await save.mutateAsync({ key, layout });
    void showToast({
      text: layout === null ? GridLayoutsText.Deleted : GridLayoutsText.Saved,
      type: 'success',
    });
  }

  function withSelected(work: (name: string) => Promise<void>) {
    return () => (selectedName === null ? Promise.resolve() : work(selectedName));
  }

  return {
    savedNames,
    isNamesError: names.isError,
    selectedName,
    selectName: setChosenName,
    newName,
    nameError,
    changeNewName(value: string) {
      setNewName(value);
      setNameError(null);
    },
    runningAction,
    isLoading,
    isSaving,
    loadDefault: () => run('load-default', () => loadLayout(configKey)),
    saveDefault: () => run('save-default', () => saveLayout(configKey, getLayout())),
    loadNamed: () =>
      run(
        'load-named',
        withSelected((name) => loadLayout(namedLayoutKey(configKey, name))),
      ),
    saveNamed: () =>
      run(
        'save-named',
        withSelected((name) => saveLayout(namedLayoutKey(configKey, name), getLayout())),
      ),
    deleteNamed: () =>
      run(
        'delete-named',
        withSelected(async (name) => {
          await saveLayout(namedLayoutKey(configKey, name), null);
          setChosenName(null);
        }),
      ),
    create: () => {
      const error = newLayoutNameError(configKey, newName, savedNames);
      setNameError(error);
      if (error !== null) return Promise.resolve();
      const name = newName.trim();
      return run('create', async () => {
        await saveLayout(namedLayoutKey(configKey, name), getLayout());
        setNewName('');
        setChosenName(name);
      });
    },
  };
}

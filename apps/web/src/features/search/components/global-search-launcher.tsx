import { Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { GlobalSearchText } from '@portico/contracts/search/global-search-text';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { isApplePlatform, searchShortcutLabel } from '../utils/search-shortcut.utils';

const loadDialog = () => import('./global-search-dialog');
// The dialog, its list and its query load on first use: the signed-in first load carries only this box.
const GlobalSearchDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.GlobalSearchDialog })),
);

// The header's search box and the Ctrl-K / Cmd-K shortcut: both open the one search dialog.
export function GlobalSearchLauncher() {
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const shortcut = searchShortcutLabel(isApplePlatform());

  function open() {
    setHasOpened(true);
    setOpen(true);
  }

  // Also from inside a text box: the shortcut is the search, wherever the focus is.
  useHotkeys([['mod+K', open]], [], true);

  return (
    <>
      <UnstyledButton
        onClick={open}
        // Fetch the dialog's code as the pointer or the focus comes near, before the click.
        onMouseEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        aria-label={`${GlobalSearchText.Label} (${shortcut})`}
        aria-haspopup="dialog"
        data-testid="header-search"
        px="sm"
        h={36}
        w={{ base: 40, sm: 260 }}
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-default)',
        }}
      >
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconSearch size={16} aria-hidden />
            <Text size="sm" c="dimmed" truncate="end" visibleFrom="sm">
              {GlobalSearchText.Label}…
            </Text>
          </Group>
          <Kbd size="xs" visibleFrom="sm" aria-hidden>
            {shortcut}
          </Kbd>
        </Group>
      </UnstyledButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <GlobalSearchDialog isOpen={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

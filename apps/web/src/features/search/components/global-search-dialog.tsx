import { Box, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { GlobalSearchText, globalSearchMaxLength } from '@portico/contracts/search/global-search-text';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePortalMenu } from '../../../lib/auth/use-portal-menu';
import { formatDateTime } from '../../../lib/time-zone/date-time-format';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useGlobalSearch } from '../api/get-global-search';
import {
  flatOptions,
  menuPagesMatching,
  movedActiveIndex,
  searchOptionElementId,
  searchOptionGroups,
} from '../utils/search-options.utils';

// Typing waits this long before the server is asked, so a word typed quickly is one request.
export const SEARCH_DEBOUNCE_MS = 150;

type GlobalSearchDialogProps = { isOpen: boolean; onClose: () => void; initialText?: string };

// One search box over the caller's pages (from their menu, in the browser) and their rows (the
// server's groups). A combobox: the text box owns the focus, the arrow keys move the active option
// of the listbox, Enter opens it, Esc closes the dialog.
export function GlobalSearchDialog({ isOpen, onClose, initialText = '' }: GlobalSearchDialogProps) {
  const [text, setText] = useState(initialText);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [debounced] = useDebouncedValue(text.trim().slice(0, globalSearchMaxLength), SEARCH_DEBOUNCE_MS);
  const menu = usePortalMenu();
  const search = useGlobalSearch(debounced);
  const timeZone = useUserTimeZone();
  const navigate = useNavigate();
  const listboxId = useId();
  const headingIdPrefix = useId();

  // Each opening starts from the text the header box held (or none).
  useEffect(() => {
    if (isOpen) {
      setText(initialText);
      setActiveIndex(-1);
    }
  }, [isOpen, initialText]);

  const isCurrent = debounced === text.trim() && debounced !== '';
  const groups = useMemo(
    () => searchOptionGroups(menuPagesMatching(menu, text), isCurrent ? (search.data ?? []) : [], menu),
    [menu, text, isCurrent, search.data],
  );
  const options = useMemo(() => flatOptions(groups), [groups]);
  const active = activeIndex >= 0 && activeIndex < options.length ? activeIndex : -1;

  function open(index: number) {
    const option = options[index];
    if (!option) return;
    onClose();
    void navigate(option.path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex(movedActiveIndex(active, options.length, event.key));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(active >= 0 ? active : 0);
    }
  }

  const hasText = text.trim() !== '';
  const isSearching = hasText && (!isCurrent || search.isFetching);
  let optionIndex = 0;

  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={GlobalSearchText.DialogTitle}
      size="lg"
      yOffset="10vh"
      closeButtonProps={{ 'aria-label': 'Close search' }}
      transitionProps={{ duration: 0 }}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          label={GlobalSearchText.Label}
          placeholder={GlobalSearchText.Placeholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={isSearching ? <Loader size="xs" aria-hidden /> : null}
          value={text}
          maxLength={globalSearchMaxLength}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? searchOptionElementId(listboxId, active) : undefined}
          description={GlobalSearchText.Hint}
          autoComplete="off"
          spellCheck={false}
        />
        <Box
          role="listbox"
          id={listboxId}
          aria-label="Search results"
          mah="60vh"
          style={{ overflowY: 'auto' }}
        >
          {groups.map((group) => {
            const headingId = `${headingIdPrefix}-${group.kind}`;
            return (
              <Box key={group.kind} role="group" aria-labelledby={headingId} mb="xs">
                <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4}>
                  {group.title}
                </Text>
                {group.options.map((option) => {
                  const index = optionIndex++;
                  const isActive = index === active;
                  return (
                    <UnstyledButton
                      key={option.key}
                      id={searchOptionElementId(listboxId, index)}
                      role="option"
                      aria-selected={isActive}
                      tabIndex={-1}
                      // A moving pointer picks the option it is over; a pointer that rests where
                      // the list appears under it does not take the keyboard's place.
                      onMouseMove={() => {
                        if (!isActive) setActiveIndex(index);
                      }}
                      onClick={() => open(index)}
                      display="block"
                      w="100%"
                      px="xs"
                      py={6}
                      bg={isActive ? 'orange.0' : undefined}
                      style={{ borderRadius: 4 }}
                    >
                      <Group justify="space-between" wrap="nowrap" gap="sm">
                        <Text size="sm" fw={600} truncate="end">
                          {option.title}
                        </Text>
                        {option.occurredAt !== null && (
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {formatDateTime(option.occurredAt, timeZone)}
                          </Text>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" truncate="end">
                        {option.detail}
                      </Text>
                    </UnstyledButton>
                  );
                })}
              </Box>
            );
          })}
        </Box>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {!hasText
            ? ''
            : search.isError && isCurrent
              ? GlobalSearchText.Failed
              : isSearching
                ? GlobalSearchText.Searching
                : options.length === 0
                  ? GlobalSearchText.NothingFound
                  : `${options.length} ${options.length === 1 ? 'result' : 'results'}`}
        </Text>
      </Stack>
    </Modal>
  );
}

import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { type MenuEntry, menuEntries } from '../menu-entries';

type SidebarMenuProps = {
  onNavigate: () => void;
};

function isEntryActive(entry: MenuEntry, pathname: string): boolean {
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}

export function SidebarMenu({ onNavigate }: SidebarMenuProps) {
  const { pathname } = useLocation();
  // The sign-in issue filters this list by role, permission and spec 1 §6 visibility rules
  // (audit and demo menus, internal domains, parent membership, skipped_menu_titles).
  const visibleEntries = menuEntries;

  return (
    <ScrollArea type="scroll" h="100%">
      <nav aria-label="Main menu">
        {visibleEntries.map((entry) => {
          const EntryIcon = entry.icon;
          return (
            <NavLink
              key={entry.path}
              component={Link}
              to={entry.path}
              label={entry.title}
              leftSection={<EntryIcon size={18} stroke={1.6} aria-hidden />}
              active={isEntryActive(entry, pathname)}
              onClick={onNavigate}
              variant="light"
            />
          );
        })}
      </nav>
    </ScrollArea>
  );
}

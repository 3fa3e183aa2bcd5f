import { Button, Menu } from '@mantine/core';
import type { ApplicationStatus } from '@portico/contracts/enrollment/enroll';
import { IconChevronDown } from '@tabler/icons-react';
import {
  actionMenuItemsFor,
  canOpenMenuItem,
  type EnrollmentPageRights,
  type EnrollmentPanel,
  moreActionItems,
  openMenuItems,
} from '../enrollment-panels';
import { jumpMenuGroups, sectionAnchor } from '../utils/enrollment-sections';

function MenuButton({ label }: { label: string }) {
  return (
    <Menu.Target>
      <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
        {label}
      </Button>
    </Menu.Target>
  );
}

// Jump-to: scrolls to a section of Account Details or Processing.
export function JumpToMenu() {
  return (
    <Menu position="bottom-end">
      <MenuButton label="Jump to" />
      <Menu.Dropdown>
        {jumpMenuGroups.map((group) => [
          <Menu.Label key={`${group.title}-label`}>{group.title}</Menu.Label>,
          ...group.items.map((item) => (
            <Menu.Item
              key={item.section}
              onClick={() =>
                document.getElementById(sectionAnchor(item.section))?.scrollIntoView({ behavior: 'smooth' })
              }
            >
              {item.label}
            </Menu.Item>
          )),
        ])}
      </Menu.Dropdown>
    </Menu>
  );
}

type ActionsMenuProps = {
  applicationStatus: ApplicationStatus | null;
  onOpen: (panel: EnrollmentPanel) => void;
};

export function ActionsMenu({ applicationStatus, onOpen }: ActionsMenuProps) {
  return (
    <Menu position="bottom-end">
      <MenuButton label="Actions" />
      <Menu.Dropdown>
        {actionMenuItemsFor(applicationStatus).map((item) => (
          <Menu.Item key={item.panel} onClick={() => onOpen(item.panel)}>
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {moreActionItems.map((item) => (
          <Menu.Item key={item.panel} onClick={() => onOpen(item.panel)}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

type OpenMenuProps = {
  ids: { id: string; parentId: string | null };
  rights: EnrollmentPageRights;
  onOpen: (panel: EnrollmentPanel) => void;
};

// Open menu; links open in a new tab.
export function OpenMenu({ ids, rights, onOpen }: OpenMenuProps) {
  const items = openMenuItems.filter((item) => canOpenMenuItem(rights, item));
  return (
    <Menu position="bottom-end">
      <MenuButton label="Open" />
      <Menu.Dropdown>
        {items.map((item) => {
          if (item.kind === 'panel') {
            return (
              <Menu.Item key={item.label} onClick={() => onOpen(item.panel)}>
                {item.label}
              </Menu.Item>
            );
          }
          const href = item.href(ids);
          return (
            <Menu.Item
              key={item.label}
              component="a"
              href={href ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              disabled={href === null}
            >
              {item.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Button, Menu } from '@mantine/core';
import { portalBasePath } from '@portico/contracts/access/routes';
import type { AccountDetail } from '@portico/contracts/clients/account-detail';
import { IconChevronDown } from '@tabler/icons-react';

export type AccountPanel =
  | 'ids'
  | 'events'
  | 'notes'
  | 'documents'
  | 'users'
  | 'hierarchy'
  | 'subpricing'
  | 'requests'
  | 'developer';

export const accountPanelTitles: Record<AccountPanel, string> = {
  ids: 'IDs',
  events: 'Events',
  notes: 'Notes',
  documents: 'Documents',
  users: 'Users & Contacts',
  hierarchy: 'Edit Hierarchy',
  subpricing: 'Add MCC Code',
  requests: 'Requests',
  developer: 'Developer Enrollment',
};

type MenuProps = { account: AccountDetail; onOpen: (panel: AccountPanel) => void };

// Links menu, by role: staff get the review links, parents the parent link and
// Users & Contacts; Enablement Options (the account data page) are admin only.
export function LinksMenu({ account, onOpen }: MenuProps) {
  const view = account.view;
  const base = portalBasePath;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          Links
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onOpen('ids')}>
          {view.shows_full_data ? 'IDs & Full Data' : 'IDs'}
        </Menu.Item>
        {account.parent && (
          <Menu.Item
            component="a"
            href={`${base}/account/${account.parent.id}`}
            target="_blank"
            rel="noopener"
          >
            Parent Account
          </Menu.Item>
        )}
        {view.shows_review_links && (
          <>
            <Menu.Item onClick={() => onOpen('events')}>Events</Menu.Item>
            <Menu.Item onClick={() => onOpen('documents')}>Documents</Menu.Item>
            <Menu.Item onClick={() => onOpen('notes')}>Notes</Menu.Item>
          </>
        )}
        {view.shows_users_contacts && <Menu.Item onClick={() => onOpen('users')}>Users & Contacts</Menu.Item>}
        <Menu.Item onClick={() => onOpen('requests')}>Request Deactivation, Deletion or Ticket</Menu.Item>
        {view.shows_enablement_options && (
          <Menu.Item component="a" href={`${base}/account/${account.id}/data`}>
            Enablement Options
          </Menu.Item>
        )}
        {view.is_staff && (
          <Menu.Item component="a" href={`${base}/account/${account.id}/data`}>
            Account Data
          </Menu.Item>
        )}
        {account.enrollment_id && (
          <Menu.Item
            component="a"
            href={`${base}/terms/${account.id}/${account.enrollment_id}`}
            target="_blank"
            rel="noopener"
          >
            Terms and Conditions
          </Menu.Item>
        )}
        {view.shows_payment_page && (
          // Addresses carry publishable keys only.
          <Menu.Item
            component="a"
            href={`${base}/createlink/${account.public_key}`}
            target="_blank"
            rel="noopener"
          >
            Payment Page
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

// Actions menu (staff): Add MCC Code (sub-pricing per MCC) and Edit Hierarchy; the
// developer enrollment side panel for an account that came through enrollment (its calls name it).
export function ActionsMenu({ account, onOpen }: MenuProps) {
  if (!account.view.can_change_parent) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onOpen('subpricing')}>Add MCC Code</Menu.Item>
        <Menu.Item onClick={() => onOpen('hierarchy')}>Edit Hierarchy</Menu.Item>
        {account.enrollment_id && (
          <Menu.Item onClick={() => onOpen('developer')}>Developer Enrollment</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

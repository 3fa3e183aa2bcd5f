import { Alert, Button, Drawer, Group, Loader, Menu, Stack, Title } from '@mantine/core';
import { accountDataSections, submerchantSections } from '@portico/contracts/account-data/account-data';
import { IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useAccountData } from '../api/get-account-data';
import { useEnablementState } from '../api/get-enablement-state';
import { accountDataKeys } from '../api/keys';
import { AccountDataSections } from './account-data-sections';
import { EnablementPanel } from './enablement-panel';
import { EventsPanel } from './events-panel';
import { IdsPanel } from './ids-panel';
import { ProPayPortal } from './propay-portal';

// What a panel from another feature gets: whose account it is, and a way to close the drawer once
// it changed the account (the page's data is read again).
export type ComposedPanelContext = { accountName: string; parentName: string | null; onChanged: () => void };

// Panels the app layer brings from other features (users, Setup MCC Code, hierarchy, ticket, notes,
// documents, certification).
export type ComposedPanel = {
  key: string;
  label: string;
  render: (context: ComposedPanelContext) => ReactNode;
};

type OwnPanel = 'enablement' | 'ids' | 'events';
const ownPanelTitles: Record<OwnPanel, string> = {
  enablement: 'Manage Processor Enablement',
  ids: 'IDs',
  events: 'Events',
};

const ownPanels = Object.keys(ownPanelTitles).filter(isOwnPanel);

function isOwnPanel(key: string | null): key is OwnPanel {
  return key === 'enablement' || key === 'ids' || key === 'events';
}

// The side panels, in the order the page lists them.
const panelOrder = [
  'enablement',
  'users',
  'ids',
  'mcc',
  'hierarchy',
  'ticket',
  'events',
  'notes',
  'documents',
  'certification',
];

function panelRank(key: string): number {
  const rank = panelOrder.indexOf(key);
  return rank === -1 ? panelOrder.length : rank;
}

function jumpTo(sectionId: string) {
  document.getElementById(sectionId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

// /account/{clientid}/data: jump-to sections, the account's data, and side panels.
export function AccountDataView({ clientId, panels }: { clientId: string; panels: ComposedPanel[] }) {
  const account = useAccountData(clientId);
  const queryClient = useQueryClient();
  const enablement = useEnablementState(clientId);
  const [openPanel, setOpenPanel] = useState<string | null>(null);

  if (account.isPending) return <Loader aria-label="Loading account" />;
  if (account.isError) return <Alert color="red">{account.error.message}</Alert>;
  const data = account.data;
  const composed = panels.find((panel) => panel.key === openPanel);
  const ownPanel = isOwnPanel(openPanel) ? openPanel : null;
  const menuPanels = [
    ...ownPanels.map((key) => ({ key, label: ownPanelTitles[key] })),
    ...panels.map((panel) => ({ key: panel.key, label: panel.label })),
  ].sort((a, b) => panelRank(a.key) - panelRank(b.key));
  const hasProPayAccount = enablement.data?.propay.is_enabled ?? false;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{data.dba_name ?? data.name}</Title>
        <Group gap="xs">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
                Jump to
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {accountDataSections.map((section) => (
                <Menu.Item key={section.id} onClick={() => jumpTo(section.id)}>
                  {section.label}
                </Menu.Item>
              ))}
              {data.submerchant && (
                <>
                  <Menu.Label>Submerchant Settings</Menu.Label>
                  {submerchantSections.map((section) => (
                    <Menu.Item key={section.id} onClick={() => jumpTo(section.id)}>
                      {section.label}
                    </Menu.Item>
                  ))}
                </>
              )}
            </Menu.Dropdown>
          </Menu>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
                Links
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {menuPanels.map((panel) => (
                <Menu.Item key={panel.key} onClick={() => setOpenPanel(panel.key)}>
                  {panel.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <AccountDataSections
        account={data}
        processingExtra={hasProPayAccount ? <ProPayPortal clientId={clientId} /> : null}
      />
      <Drawer
        opened={openPanel !== null}
        onClose={() => setOpenPanel(null)}
        position="right"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={ownPanel ? ownPanelTitles[ownPanel] : (composed?.label ?? '')}
      >
        {ownPanel === 'enablement' && <EnablementPanel clientId={clientId} />}
        {ownPanel === 'ids' && <IdsPanel account={data} />}
        {ownPanel === 'events' && <EventsPanel clientId={clientId} />}
        {composed?.render({
          accountName: data.dba_name ?? data.name,
          parentName: data.parent?.name ?? null,
          onChanged: () => {
            setOpenPanel(null);
            void queryClient.invalidateQueries({ queryKey: accountDataKeys.record(clientId) });
          },
        })}
      </Drawer>
    </Stack>
  );
}

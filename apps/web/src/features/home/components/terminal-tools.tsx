import { Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { DashboardLabel, DashboardText } from '@portico/contracts/transactions/texts';
import { ConfiguratorText } from '@portico/contracts/virtual-terminals/terminal-configuration';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal';
import { useVirtualTerminals } from '../../../lib/virtual-terminals/get-virtual-terminals';
import {
  configureOptionLabel,
  configureTerminalPath,
  type TerminalAccount,
  virtualTerminalPath,
} from '../utils/terminal-accounts.utils';

type TerminalToolsProps = {
  // undefined while the merchant list loads.
  accounts: readonly TerminalAccount[] | undefined;
};

type OpenModal = 'open' | 'configure' | null;

// The transaction tools: Open a Virtual Terminal, Configure a Virtual Terminal.
export function TerminalTools({ accounts }: TerminalToolsProps) {
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const openable = (accounts ?? []).filter((account) => account.canOpen);
  const isConfigurable = openable.some((account) => account.canConfigure);
  const isLoading = accounts === undefined;
  const close = () => setOpenModal(null);

  return (
    <>
      <Button onClick={() => setOpenModal('open')} disabled={isLoading}>
        {DashboardLabel.OpenVirtualTerminal}
      </Button>
      <Button
        variant="default"
        onClick={() => setOpenModal('configure')}
        disabled={isLoading || !isConfigurable}
      >
        {isLoading || isConfigurable
          ? DashboardLabel.ConfigureVirtualTerminal
          : `${DashboardLabel.ConfigureVirtualTerminal} ${DashboardLabel.NotConfigurable}`}
      </Button>
      <Modal isOpen={openModal === 'open'} title={DashboardLabel.SelectVirtualTerminal} onClose={close}>
        {openModal === 'open' && <OpenTerminalForm accounts={openable} />}
      </Modal>
      <Modal
        isOpen={openModal === 'configure'}
        title={DashboardLabel.SelectTerminalToConfigure}
        onClose={close}
      >
        {openModal === 'configure' && <ConfigureTerminalForm accounts={openable} />}
      </Modal>
    </>
  );
}

function NoAccounts() {
  return (
    <Text size="sm" c="dimmed">
      No merchant account offers a virtual terminal to you.
    </Text>
  );
}

// The chosen account has no API key: GET /api/user/apikeys gave none for it.
function SelectionHint({ account }: { account: TerminalAccount | undefined }) {
  if (!account) {
    return (
      <Text size="sm" c="dimmed">
        {DashboardText.PleaseSelectTerminalFirst}
      </Text>
    );
  }
  if (account.publishableKey === null) {
    return (
      <Text size="sm" c="dimmed">
        No virtual terminal key is available for this merchant yet.
      </Text>
    );
  }
  return null;
}

// Each merchant's terminals (inactive ones marked), from GET /api/virtualterminalurl.
function TerminalSelect({
  account,
  terminalId,
  onChange,
}: {
  account: TerminalAccount | undefined;
  terminalId: string | null;
  onChange: (terminalId: string | null) => void;
}) {
  const terminals = useVirtualTerminals(account?.publishableKey ?? null);
  if (account === undefined || account.publishableKey === null) return null;
  if (terminals.isPending) return <Loader size="sm" aria-label="Loading terminals" />;
  if (terminals.error) {
    return (
      <Text size="sm" c="red">
        {terminals.error.message}
      </Text>
    );
  }
  if (terminals.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {ConfiguratorText.NoTerminals}
      </Text>
    );
  }
  return (
    <Select
      label="Terminal"
      placeholder="Pick a terminal"
      data={terminals.data.map((terminal) => ({
        value: terminal.id,
        label: terminal.is_active ? terminal.name : `${terminal.name} (Inactive)`,
      }))}
      value={terminalId}
      onChange={onChange}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function OpenTerminalForm({ accounts }: { accounts: readonly TerminalAccount[] }) {
  const navigate = useNavigate();
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const [terminalId, setTerminalId] = useState<string | null>(null);
  if (accounts.length === 0) return <NoAccounts />;
  const account = accounts.find((candidate) => candidate.merchantId === merchantId);
  const path = account ? virtualTerminalPath(account, terminalId ?? undefined) : null;

  return (
    <Stack gap="sm">
      <Select
        label="Merchant Account"
        placeholder="Pick a merchant account"
        data={accounts.map((candidate) => ({ value: candidate.merchantId, label: candidate.name }))}
        value={merchantId}
        onChange={(next) => {
          setMerchantId(next);
          setTerminalId(null);
        }}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <SelectionHint account={account} />
      <TerminalSelect account={account} terminalId={terminalId} onChange={setTerminalId} />
      <Group justify="flex-end">
        <Button disabled={path === null} onClick={() => path && navigate(path)}>
          Go
        </Button>
      </Group>
    </Stack>
  );
}

function ConfigureTerminalForm({ accounts }: { accounts: readonly TerminalAccount[] }) {
  const navigate = useNavigate();
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const [terminalId, setTerminalId] = useState<string | null>(null);
  if (accounts.length === 0) return <NoAccounts />;
  const account = accounts.find((candidate) => candidate.merchantId === merchantId);
  const path = account
    ? configureTerminalPath(account, { isNew: false, terminalId: terminalId ?? undefined })
    : null;
  const newPath = account ? configureTerminalPath(account, { isNew: true }) : null;

  return (
    <Stack gap="sm">
      <Select
        label="Merchant Account"
        placeholder="Pick a merchant account"
        data={accounts.map((candidate) => ({
          value: candidate.merchantId,
          label: configureOptionLabel(candidate),
          disabled: !candidate.canConfigure,
        }))}
        value={merchantId}
        onChange={(next) => {
          setMerchantId(next);
          setTerminalId(null);
        }}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <SelectionHint account={account} />
      <TerminalSelect account={account} terminalId={terminalId} onChange={setTerminalId} />
      <Group justify="flex-end">
        <Button variant="default" disabled={newPath === null} onClick={() => newPath && navigate(newPath)}>
          {DashboardLabel.CreateNewTerminal}
        </Button>
        <Button disabled={path === null} onClick={() => path && navigate(path)}>
          Go
        </Button>
      </Group>
    </Stack>
  );
}

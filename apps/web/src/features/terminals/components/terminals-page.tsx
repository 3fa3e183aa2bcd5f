import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Permission } from '@portico/contracts/access/permission-names';
import { hasPermission } from '@portico/contracts/access/permissions';
import { type TerminalRow, TerminalText } from '@portico/contracts/terminals/terminals';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';
import { showToast } from '../../../components/toasts';
import { apiErrorMessage } from '../../../lib/api-client';
import { useSignedInSession } from '../../../lib/auth/session-context';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useTerminalMerchants } from '../api/get-terminal-merchants';
import { useTerminals } from '../api/get-terminals';
import { terminalColumns } from '../utils/terminal-columns.utils';
import { AddTerminalModal } from './add-terminal-modal';
import { AssignLocationModal } from './assign-location-modal';
import { DeleteTerminalModal } from './delete-terminal-modal';
import { OrderPaxModal } from './order-pax-modal';

// /terminals: the Terminal Settings grid, Add New
// Terminal, Assign Terminal Location, Delete Terminal and, for a merchant whose terminals setting is
// pax, Order A Pax Device. Terminal Admin where the merchant uses permissions; processor-audit users
// see the grid without its controls.
export function TerminalsPage() {
  const { user, actingRole } = useSignedInSession();
  const navigate = useNavigate();
  const isAllowed = actingRole === 'admin' || hasPermission(user, Permission.TerminalAdmin);

  useEffect(() => {
    if (isAllowed) return;
    void showToast({ text: TerminalText.NoPermission, type: 'danger' });
    void navigate('/', { replace: true });
  }, [isAllowed, navigate]);

  if (!isAllowed) return null;
  return <TerminalSettings canManage={!user.processor_audit_user} />;
}

type Dialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'order' }
  | { kind: 'assign'; terminal: TerminalRow }
  | { kind: 'delete'; terminal: TerminalRow };

function TerminalSettings({ canManage }: { canManage: boolean }) {
  const timeZone = useUserTimeZone();
  const terminals = useTerminals();
  const merchants = useTerminalMerchants();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const managed = merchants.data ?? [];
  const paxMerchants = managed.filter((merchant) => merchant.can_order_pax);
  const close = () => setDialog({ kind: 'none' });

  const columns = useMemo<readonly DataGridColumn<TerminalRow>[]>(
    () =>
      canManage
        ? [
            {
              id: 'actions',
              header: 'Actions',
              kind: 'text',
              value: () => '',
              width: 150,
              // Pinned: the grid draws only the columns in view, and the buttons must stay at hand.
              pinned: 'left',
              filter: false,
              isSortable: false,
              renderCell: (row) => (
                <Group gap={4} wrap="nowrap" h="100%">
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={`Assign location of lane ${row.lane_id}`}
                    onClick={() => setDialog({ kind: 'assign', terminal: row })}
                  >
                    Assign
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    color="red"
                    aria-label={`Delete terminal on lane ${row.lane_id}`}
                    onClick={() => setDialog({ kind: 'delete', terminal: row })}
                  >
                    Delete
                  </Button>
                </Group>
              ),
            },
            ...terminalColumns,
          ]
        : terminalColumns,
    [canManage],
  );

  return (
    <Stack gap="md">
      <Title order={1}>{TerminalText.PageTitle}</Title>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} size="h3">
          {TerminalText.GridTitle}
        </Title>
        {canManage && (
          <Group gap="sm" wrap="wrap">
            <Button onClick={() => setDialog({ kind: 'add' })} disabled={managed.length === 0}>
              {TerminalText.AddTitle}
            </Button>
            {paxMerchants.length > 0 && (
              <Button variant="default" onClick={() => setDialog({ kind: 'order' })}>
                {TerminalText.OrderTitle}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {!terminals.isPending && !terminals.isError && terminals.data.length === 0 && (
        <Text role="status">No terminals yet.</Text>
      )}
      <DataGrid
        ariaLabel={TerminalText.GridTitle}
        columns={columns}
        rows={terminals.data ?? []}
        getRowId={(row) => row.id}
        isLoading={terminals.isPending}
        error={
          terminals.isError ? apiErrorMessage(terminals.error, 'The terminals could not be loaded.') : null
        }
        onRefresh={() => void terminals.refetch()}
        timeZone={timeZone}
        height="max(420px, calc(100vh - 300px))"
        showGroupPanel={false}
        exportFileName={TerminalText.ExportFile}
      />
      {canManage && (
        <>
          <AddTerminalModal isOpen={dialog.kind === 'add'} merchants={managed} onClose={close} />
          <OrderPaxModal isOpen={dialog.kind === 'order'} merchants={paxMerchants} onClose={close} />
          <AssignLocationModal
            terminal={dialog.kind === 'assign' ? dialog.terminal : null}
            merchants={managed}
            onClose={close}
          />
          <DeleteTerminalModal terminal={dialog.kind === 'delete' ? dialog.terminal : null} onClose={close} />
        </>
      )}
    </Stack>
  );
}

import type { TerminalRow } from '@portico/contracts/terminals/terminals';
import type { DataGridColumn } from '../../../components/data-grid/data-grid.types';

export const connectionLabels: Readonly<Record<string, string>> = {
  open: 'Connected',
  closed: 'Not connected',
};

// A terminal as management sees it: the Terminal Settings grid and its 'Terminal Report.xlsx'. The
// auth key shows only as its last four.
export const terminalColumns: readonly DataGridColumn<TerminalRow>[] = [
  { id: 'lane_id', header: 'Lane ID', kind: 'text', value: (row) => row.lane_id, width: 110 },
  { id: 'tpn', header: 'TPN', kind: 'text', value: (row) => row.tpn ?? '', width: 150 },
  {
    id: 'register_id',
    header: 'Register ID',
    kind: 'text',
    value: (row) => row.register_id ?? '',
    width: 120,
  },
  { id: 'sn', header: 'Serial Number', kind: 'text', value: (row) => row.sn ?? '', width: 150 },
  { id: 'terminal_type', header: 'Device Type', kind: 'text', value: (row) => row.terminal_type, width: 120 },
  {
    id: 'sub_entity',
    header: 'Location',
    kind: 'text',
    value: (row) => row.sub_entity?.name ?? 'Unassigned',
    width: 180,
  },
  { id: 'client', header: 'Merchant', kind: 'text', value: (row) => row.client.name, width: 220 },
  {
    id: 'connection_status',
    header: 'Connection',
    kind: 'enum',
    enumLabels: connectionLabels,
    value: (row) => row.connection_status,
    width: 140,
  },
  { id: 'is_active', header: 'Active', kind: 'boolean', value: (row) => row.is_active, width: 90 },
  {
    id: 'auth_key_last4',
    header: 'Auth Key',
    kind: 'text',
    value: (row) => (row.auth_key_last4 ? `••••${row.auth_key_last4}` : ''),
    width: 110,
  },
];

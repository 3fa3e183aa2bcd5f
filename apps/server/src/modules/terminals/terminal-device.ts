import type { TerminalDevice } from '../../integrations/terminals/terminal-provider';

// A stored terminal, as far as the terminal provider needs it.
export type StoredTerminal = {
  id: string;
  clientId: string;
  isActive: boolean;
  tpn: string | null;
  registerId: string | null;
  laneId: string;
  sn: string | null;
  terminalType: TerminalDevice['deviceType'];
};

// The one mapping from a terminal row to the device the provider links, watches and charges on.
export function terminalDeviceOf(row: StoredTerminal): TerminalDevice & { id: string; isActive: boolean } {
  return {
    id: row.id,
    isActive: row.isActive,
    clientId: row.clientId,
    tpn: row.tpn,
    registerId: row.registerId,
    laneId: row.laneId,
    serialNumber: row.sn,
    deviceType: row.terminalType,
  };
}

import type { TerminalDeviceType } from '@portico/contracts/terminals/terminals';

// Card-present devices are linked and watched at an outside service (design.md §5). Portico speaks to
// it through this interface; this build ships a deterministic sandbox behind it (sandbox-terminals.ts).
// The auth key crosses this interface in the clear only on the way to the provider.

export type TerminalDevice = {
  clientId: string;
  tpn: string | null;
  registerId: string | null;
  laneId: string;
  serialNumber: string | null;
  deviceType: TerminalDeviceType;
};

// linked: the device answers; pending: accepted, not linked yet (the portal keeps the terminal and
// says so); refused: the provider would not link it (nothing is kept).
export type TerminalLinkAnswer =
  | { outcome: 'linked' }
  | { outcome: 'pending' }
  | { outcome: 'refused'; reason: string };

export type TerminalConnectionStatus = 'open' | 'closed';

export type TerminalProvider = {
  readonly name: string;
  link(device: TerminalDevice, authKey: string): Promise<TerminalLinkAnswer>;
  unlink(device: TerminalDevice): Promise<void>;
  // Keyed by the caller's own ids; an inactive terminal is closed whatever the device says.
  connectionStatuses(
    devices: readonly (TerminalDevice & { id: string; isActive: boolean })[],
  ): Promise<Map<string, TerminalConnectionStatus>>;
};

import type { TerminalDeviceType } from '@portico/contracts/terminals/terminals';

// Card-present devices are linked and watched at an outside service. Portico speaks to
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

// A sale on the device: the payer's card never leaves it; the provider answers only the
// brand, the last four and its own reference. A repeated key answers the first sale's answer.
export type DeviceSaleAnswer =
  | { outcome: 'approved'; reference: string; brand: 'VISA' | 'MC' | 'DISC' | 'AMEX'; last4: string }
  | { outcome: 'declined'; reference: string; reason: string; code: string };

// The device cannot take a sale (closed, unlinked): nothing was charged.
export class DeviceClosedError extends Error {}

export type TerminalProvider = {
  readonly name: string;
  link(device: TerminalDevice, authKey: string): Promise<TerminalLinkAnswer>;
  unlink(device: TerminalDevice): Promise<void>;
  // Keyed by the caller's own ids; an inactive terminal is closed whatever the device says.
  connectionStatuses(
    devices: readonly (TerminalDevice & { id: string; isActive: boolean })[],
  ): Promise<Map<string, TerminalConnectionStatus>>;
  // Waits for the device's answer; throws DeviceClosedError when the device cannot take it.
  sale(
    device: TerminalDevice & { isActive: boolean },
    amountCents: number,
    idempotencyKey: string,
  ): Promise<DeviceSaleAnswer>;
  // The answer the provider gave to this key; null when it never received it.
  saleOf(idempotencyKey: string): Promise<DeviceSaleAnswer | null>;
};

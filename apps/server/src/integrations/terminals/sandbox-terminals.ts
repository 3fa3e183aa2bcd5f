import { createHash } from 'node:crypto';
import { sandboxDeclineCodeOf } from '../processors/sandbox-processor';
import {
  DeviceClosedError,
  type DeviceSaleAnswer,
  type TerminalDevice,
  type TerminalLinkAnswer,
  type TerminalProvider,
} from './terminal-provider';

// The sandbox answers at once and deterministically (README "Sandboxes"), from the TPN (the lane id
// when there is no TPN):
// - ending in 9: the link is refused (the portal shows 'Failed to Add Terminal');
// - ending in 8: accepted but never linked: kept, and its connection stays closed (the portal shows
//   'Reload Page. Terminal May Have Been Added But Not Yet Linked...');
// - anything else: linked, and open while the terminal is active.
// Unlinking always succeeds.
// A sale on an open device is approved (a sandbox VISA ending in 1117) unless the amount ends in .13
// (declined, with the card sandbox's response code); a closed device refuses it. One answer per idempotency key.

export const sandboxTerminalsName = 'sandbox';

export const SandboxTerminalText = {
  LinkRefused: 'Sandbox terminals: a TPN ending in 9 is refused',
  SaleDeclined: 'Sandbox terminals: an amount ending in .13 is declined',
  DeviceClosed: 'Sandbox terminals: the device is not connected',
} as const;

function identityOf(device: Pick<TerminalDevice, 'tpn' | 'laneId'>): string {
  return (device.tpn?.trim() || device.laneId).trim();
}

function isOpen(device: Pick<TerminalDevice, 'tpn' | 'laneId'> & { isActive: boolean }): boolean {
  return device.isActive && !identityOf(device).endsWith('8');
}

export function createSandboxTerminalProvider(): TerminalProvider {
  // The device's own record of its sales, by key (the sandbox lives as long as the process).
  const sales = new Map<string, DeviceSaleAnswer>();
  return {
    name: sandboxTerminalsName,
    async link(device): Promise<TerminalLinkAnswer> {
      const identity = identityOf(device);
      if (identity.endsWith('9')) return { outcome: 'refused', reason: SandboxTerminalText.LinkRefused };
      if (identity.endsWith('8')) return { outcome: 'pending' };
      return { outcome: 'linked' };
    },
    async unlink() {},
    async connectionStatuses(devices) {
      return new Map(
        devices.map((device) => [device.id, isOpen(device) ? ('open' as const) : ('closed' as const)]),
      );
    },
    async sale(device, amountCents, idempotencyKey) {
      const known = sales.get(idempotencyKey);
      if (known !== undefined) return known;
      if (!isOpen(device)) throw new DeviceClosedError(SandboxTerminalText.DeviceClosed);
      const reference = `dev_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}`;
      const answer: DeviceSaleAnswer =
        amountCents % 100 === 13
          ? {
              outcome: 'declined',
              reference,
              reason: SandboxTerminalText.SaleDeclined,
              code: sandboxDeclineCodeOf(amountCents),
            }
          : { outcome: 'approved', reference, brand: 'VISA', last4: '1117' };
      sales.set(idempotencyKey, answer);
      return answer;
    },
    async saleOf(idempotencyKey) {
      return sales.get(idempotencyKey) ?? null;
    },
  };
}

import type { TerminalDevice, TerminalLinkAnswer, TerminalProvider } from './terminal-provider';

// The sandbox answers at once and deterministically (README "Sandboxes"), from the TPN (the lane id
// when there is no TPN):
// - ending in 9: the link is refused (the portal shows 'Failed to Add Terminal');
// - ending in 8: accepted but never linked: kept, and its connection stays closed (the portal shows
//   'Reload Page. Terminal May Have Been Added But Not Yet Linked...');
// - anything else: linked, and open while the terminal is active.
// Unlinking always succeeds.

export const sandboxTerminalsName = 'sandbox';

export const SandboxTerminalText = {
  LinkRefused: 'Sandbox terminals: a TPN ending in 9 is refused',
} as const;

function identityOf(device: Pick<TerminalDevice, 'tpn' | 'laneId'>): string {
  return (device.tpn?.trim() || device.laneId).trim();
}

export function createSandboxTerminalProvider(): TerminalProvider {
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
        devices.map((device) => [
          device.id,
          device.isActive && !identityOf(device).endsWith('8') ? ('open' as const) : ('closed' as const),
        ]),
      );
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createSandboxTerminalProvider, SandboxTerminalText } from './sandbox-terminals';
import type { TerminalDevice } from './terminal-provider';

const device = (tpn: string | null, laneId = '1'): TerminalDevice => ({
  clientId: '00000000-0000-4000-8000-000000000001',
  tpn,
  registerId: null,
  laneId,
  serialNumber: null,
  deviceType: 'PAX',
});

describe('sandbox terminal provider', () => {
  const provider = createSandboxTerminalProvider();

  it('refuses a TPN ending in 9, keeps one ending in 8 pending, links the rest', async () => {
    expect(await provider.link(device('100000000009'), 'key')).toEqual({
      outcome: 'refused',
      reason: SandboxTerminalText.LinkRefused,
    });
    expect(await provider.link(device('100000000008'), 'key')).toEqual({ outcome: 'pending' });
    expect(await provider.link(device('100000000001'), 'key')).toEqual({ outcome: 'linked' });
  });

  it('reads the lane id when there is no TPN', async () => {
    expect((await provider.link(device(null, '19'), 'key')).outcome).toBe('refused');
    expect((await provider.link(device('  ', '7'), 'key')).outcome).toBe('linked');
  });

  it('answers open only for an active, linked device', async () => {
    const statuses = await provider.connectionStatuses([
      { ...device('1'), id: 'a', isActive: true },
      { ...device('1'), id: 'b', isActive: false },
      { ...device('8'), id: 'c', isActive: true },
    ]);
    expect(Object.fromEntries(statuses)).toEqual({ a: 'open', b: 'closed', c: 'closed' });
  });
});

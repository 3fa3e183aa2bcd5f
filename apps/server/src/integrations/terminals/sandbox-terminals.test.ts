import { describe, expect, it } from 'vitest';
import { createSandboxTerminalProvider, SandboxTerminalText } from './sandbox-terminals';
import { DeviceClosedError, type TerminalDevice } from './terminal-provider';

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

  it('approves a sale on an open device with a card brand and last four only, once per key', async () => {
    const sandbox = createSandboxTerminalProvider();
    const answer = await sandbox.sale({ ...device('1'), isActive: true }, 2_500, 'key-1');
    expect(answer).toEqual({
      outcome: 'approved',
      reference: expect.stringMatching(/^dev_/),
      brand: 'VISA',
      last4: '1117',
    });
    // A repeated key answers the first answer, whatever the amount.
    expect(await sandbox.sale({ ...device('1'), isActive: true }, 1_013, 'key-1')).toEqual(answer);
    expect(await sandbox.saleOf('key-1')).toEqual(answer);
    expect(await sandbox.saleOf('key-2')).toBeNull();
  });

  it('declines an amount ending in .13', async () => {
    const answer = await provider.sale({ ...device('1'), isActive: true }, 1_013, 'key-3');
    expect(answer).toMatchObject({ outcome: 'declined', reason: SandboxTerminalText.SaleDeclined });
  });

  it('refuses a sale on a closed device and records nothing', async () => {
    await expect(provider.sale({ ...device('1'), isActive: false }, 100, 'key-4')).rejects.toThrow(
      DeviceClosedError,
    );
    await expect(provider.sale({ ...device('8'), isActive: true }, 100, 'key-5')).rejects.toThrow(
      DeviceClosedError,
    );
    expect(await provider.saleOf('key-4')).toBeNull();
  });
});

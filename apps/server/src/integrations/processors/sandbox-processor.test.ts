import { describe, expect, it } from 'vitest';
import { createSandboxProcessorDirectory, isSandboxDeclinedAmount } from './sandbox-processor';

const transaction = {
  id: '6f1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11',
  processor: 'fis' as const,
  paymentMethod: 'card',
  amountCents: 4_223,
  token: 'VISA-1111-12-2030',
};

describe('sandbox processor', () => {
  it('declines amounts ending in .13 and approves the rest', () => {
    expect(isSandboxDeclinedAmount(1_013)).toBe(true);
    expect(isSandboxDeclinedAmount(13)).toBe(true);
    expect(isSandboxDeclinedAmount(1_012)).toBe(false);
    expect(isSandboxDeclinedAmount(1_300)).toBe(false);
  });

  it('answers void on the transaction amount and refund on the refunded amount', async () => {
    const gateway = createSandboxProcessorDirectory().gatewayFor('fis');
    expect(gateway.name).toBe('fis');
    expect((await gateway.void(transaction)).outcome).toBe('approved');
    expect((await gateway.void({ ...transaction, amountCents: 5_013 })).outcome).toBe('declined');
    expect((await gateway.refund(transaction, 213)).outcome).toBe('declined');
    expect((await gateway.refund(transaction, 211)).outcome).toBe('approved');
  });

  it('gives every answer its own sandbox reference', async () => {
    const gateway = createSandboxProcessorDirectory().gatewayFor(null);
    const first = await gateway.refund(transaction, 100);
    const second = await gateway.refund(transaction, 100);
    expect(first.reference).toMatch(/^SBX-SANDBOX-[0-9a-f]{12}$/);
    expect(first.reference).not.toBe(second.reference);
  });
});

import { describe, expect, it } from 'vitest';
import { grossAmountCentsOfTransaction, netAmountCentsOfTransaction } from './gross-net';
import {
  centsOfMoneyText,
  lastFourDigitsOfWireTransaction,
  moneyFactsOfTransaction,
  transactionSchema,
  voidRefundCandidateOfTransaction,
} from './transaction';
import { buildWireTransaction } from './transaction.factory';
import { canVoidTransaction } from './void-refund-eligibility';

describe('transactionSchema', () => {
  it('accepts a transaction as the API shapes it', () => {
    expect(transactionSchema.parse(buildWireTransaction())).toEqual(buildWireTransaction());
  });

  it('accepts payment_status as a string or null ("true or false, may be a string")', () => {
    for (const payment_status of ['true', 'false', null] as const) {
      expect(transactionSchema.safeParse(buildWireTransaction({ payment_status })).success).toBe(true);
    }
    expect(transactionSchema.safeParse({ ...buildWireTransaction(), payment_status: 'maybe' }).success).toBe(
      false,
    );
  });

  it('refuses float amounts and unknown types', () => {
    expect(transactionSchema.safeParse({ ...buildWireTransaction(), amount: 100.1 }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...buildWireTransaction(), amount: '100.1' }).success).toBe(false);
    expect(transactionSchema.safeParse({ ...buildWireTransaction(), type: 'wire' }).success).toBe(false);
  });

  it('requires UTC times', () => {
    const local = { ...buildWireTransaction(), created_at: '2025-07-15T09:00:00-04:00' };
    expect(transactionSchema.safeParse(local).success).toBe(false);
  });

  it('strips processor fields other than the masked account number', () => {
    const withSecrets = buildWireTransaction();
    const parsed = transactionSchema.parse({
      ...withSecrets,
      data: {
        ...withSecrets.data,
        third_party_api_response: { AUTH_MASKED_ACCOUNT_NBR: 'XXXX4242', AUTH_KEY: 's3cr3t' },
      },
    });
    expect(parsed.data.third_party_api_response).toEqual({ AUTH_MASKED_ACCOUNT_NBR: 'XXXX4242' });
  });
});

describe('wire transaction adapters', () => {
  it('feeds the gross and net rules in cents', () => {
    const facts = moneyFactsOfTransaction(buildWireTransaction());
    expect(facts).toEqual({
      actionMode: 'charge',
      amountCents: 10_000,
      feeCents: 320,
      paymentStatus: true,
      proPayStatus: null,
    });
    expect(grossAmountCentsOfTransaction(facts)).toBe(10_000);
    expect(netAmountCentsOfTransaction(facts)).toBe(9_680);
  });

  it('counts a missing fee (no REPORTS_ADVANCED) as 0', () => {
    expect(moneyFactsOfTransaction(buildWireTransaction({ fee: undefined })).feeCents).toBe(0);
  });

  it('feeds the void and refund rules', () => {
    const candidate = voidRefundCandidateOfTransaction(buildWireTransaction());
    expect(candidate.createdAt.toISOString()).toBe('2025-07-15T13:00:00.000Z');
    expect(
      canVoidTransaction(candidate, new Date('2025-07-15T20:00:00.000Z'), {
        hasMerchantLevelPermissions: false,
      }),
    ).toBe(true);
  });

  it('reads the last 4 digits from the token, then the masked number', () => {
    expect(lastFourDigitsOfWireTransaction(buildWireTransaction())).toBe('4242');
    const opaque = buildWireTransaction({
      data: {
        api_response: { token: 'tok_1' },
        third_party_api_response: { AUTH_MASKED_ACCOUNT_NBR: 'XXXX1881' },
      },
    });
    expect(lastFourDigitsOfWireTransaction(opaque)).toBe('1881');
    expect(
      lastFourDigitsOfWireTransaction(
        buildWireTransaction({ data: { api_response: null, third_party_api_response: null } }),
      ),
    ).toBe('n/a');
  });

  it('refuses an amount it cannot hold exactly', () => {
    expect(() => centsOfMoneyText('12345678901234.00')).toThrow(RangeError);
  });
});

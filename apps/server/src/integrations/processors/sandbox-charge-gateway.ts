import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { ChargeGateway, PaymentToken, TokenIssuer } from './processor-gateway';
import { lookupSandboxKey, recordSandboxOperation } from './sandbox-processor';

// The sandbox gateway's side of taking a payment. Tokens are stateless: the facts Portico may keep
// (issuer, last four, expiry), never the number, signed with a sub-key of the data key and good for
// 15 minutes, like a real gateway's one-time token. Saved vault tokens (ISSUER-last4-mm-yyyy,
// BANK-last4) are the sandbox's long-lived tokens: they hold no secret (the vault and the reports
// show them), so they are read only for a saved method found under its customer and merchant
// (readSavedToken), never accepted as a one-time token (readIssuedToken). Charges share the
// void/refund ledger: one answer per idempotency key; amounts ending in .13 are declined. A wallet
// token stands for one of the sandbox wallet's two test cards (contracts payment-frame/wallet.ts),
// good through December two years on.

export const sandboxTokenLifetimeMs = 15 * 60 * 1000;
const TOKEN_PREFIX = 'sbx_tok_';
const MAC_BYTES = 32;

const tokenFacts = z.object({
  i: z.enum(['VISA', 'MC', 'DISC', 'AMEX', 'BANK']),
  l: z.string().regex(/^\d{4}$/),
  m: z.number().int().min(1).max(12).nullable(),
  y: z.number().int().nullable(),
  // Expiry of the token itself (ms), and a nonce so two tokens of one card differ.
  e: z.number().int(),
  n: z.string(),
  // How the card came in (processor-gateway.ts CardEntry); absent when keyed.
  s: z.enum(['swiped', 'apple_pay', 'google_pay']).optional(),
});

// Sandbox numbers begin with '1': the second digit picks the brand a test needs.
export function sandboxIssuerOf(number: string): TokenIssuer {
  const brands: Record<string, TokenIssuer> = { '3': 'AMEX', '5': 'MC', '6': 'DISC' };
  return brands[number[1] ?? ''] ?? 'VISA';
}

const savedTokenPattern = /^(VISA|MC|DISC|AMEX)-(\d{4})-(\d{2})-(\d{4})$|^BANK-(\d{4})$/;

export function createSandboxChargeGateway(db: Db, dataKey: () => Buffer): ChargeGateway {
  let key: Buffer | undefined;
  const macOf = (payload: string) => {
    key ??= Buffer.from(hkdfSync('sha256', dataKey(), Buffer.alloc(0), 'portico sandbox card token v1', 32));
    return createHmac('sha256', key).update(payload).digest();
  };
  const issue = (facts: Omit<z.infer<typeof tokenFacts>, 'e' | 'n'>): PaymentToken => {
    const payload = Buffer.from(
      JSON.stringify({ ...facts, e: Date.now() + sandboxTokenLifetimeMs, n: randomBytes(8).toString('hex') }),
    ).toString('base64url');
    return {
      token: `${TOKEN_PREFIX}${payload}.${macOf(payload).toString('base64url')}`,
      issuer: facts.i,
      last4: facts.l,
      expMonth: facts.m,
      expYear: facts.y,
      ...(facts.s ? { entry: facts.s } : {}),
    };
  };
  return {
    name: 'sandbox',
    tokenizeCard: async (card) =>
      issue({ i: sandboxIssuerOf(card.number), l: card.number.slice(-4), m: card.expMonth, y: card.expYear }),
    tokenizeBank: async (bank) => issue({ i: 'BANK', l: bank.accountNumber.slice(-4), m: null, y: null }),
    tokenizeSwiped: async (card) =>
      issue({
        i: sandboxIssuerOf(card.number),
        l: card.number.slice(-4),
        m: card.expMonth,
        y: card.expYear,
        s: 'swiped',
      }),
    tokenizeWallet: async (wallet, now) =>
      issue({ i: wallet.issuer, l: wallet.last4, m: 12, y: now.getUTCFullYear() + 2, s: wallet.wallet }),
    readSavedToken(token) {
      const saved = savedTokenPattern.exec(token);
      if (!saved) return null;
      const [, issuer, last4, month, year, bankLast4] = saved;
      if (bankLast4 !== undefined) {
        return { token, issuer: 'BANK', last4: bankLast4, expMonth: null, expYear: null };
      }
      const parsedIssuer = z.enum(['VISA', 'MC', 'DISC', 'AMEX']).parse(issuer);
      return {
        token,
        issuer: parsedIssuer,
        last4: last4 ?? '',
        expMonth: Number(month),
        expYear: Number(year),
      };
    },
    readIssuedToken(token, now) {
      if (!token.startsWith(TOKEN_PREFIX)) return null;
      const [payload = '', macText = ''] = token.slice(TOKEN_PREFIX.length).split('.');
      const given = Buffer.from(macText, 'base64url');
      if (given.length !== MAC_BYTES || given.toString('base64url') !== macText) return null;
      if (!timingSafeEqual(given, macOf(payload))) return null;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const facts = tokenFacts.safeParse(json);
      if (!facts.success || facts.data.e < now.getTime()) return null;
      return {
        token,
        issuer: facts.data.i,
        last4: facts.data.l,
        expMonth: facts.data.m,
        expYear: facts.data.y,
        ...(facts.data.s ? { entry: facts.data.s } : {}),
      };
    },
    charge: (processorName, charge, idempotencyKey) =>
      recordSandboxOperation(
        db,
        processorName,
        'charge',
        charge.transactionId,
        charge.amountCents,
        idempotencyKey,
      ),
    lookup: (idempotencyKey) => lookupSandboxKey(db, idempotencyKey),
  };
}

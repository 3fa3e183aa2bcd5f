import { randomUUID } from 'node:crypto';
import { DeclineText } from '@portico/contracts/payment-frame/decline';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameErrorCode, PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build-test-app';
import { buildClient } from '../../../test/factories';
import { tableTexts } from '../../../test/table-texts';
import { openTestDatabase } from '../../../test/test-database';
import { buildApp, loggerOptions } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { clientConfigs, clients } from '../../db/schema/clients';
import { transactions } from '../../db/schema/transactions';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';

// The frame's card payments that are not keyed. Apple Pay and Google Pay through the
// sandbox wallet's token, a swiped card through its own token (the number and expiry the browser
// read; never the track): approved, declined, a frozen merchant refused, a double click paying once,
// and a token of one kind refused for another method.

// A sandbox (begins with 1), Luhn-valid number that appears nowhere else.
const swipedNumber = '1234567890123452';

let app: Awaited<ReturnType<typeof buildApp>>;
let database: DatabaseHandle;
const logLines: string[] = [];
let merchant: { id: string; publicKey: string };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    logger: { ...loggerOptions('trace'), stream: { write: (line: string) => logLines.push(line) } },
  });
  await app.ready();
  const row = await buildClient(app.db, { publicKey: randomUUID(), apiKey: randomUUID(), level: 'Merchant' });
  await app.db
    .insert(clientConfigs)
    .values({ clientId: row.id, payment: 'fis', highTicketCents: 100_000 })
    .onConflictDoUpdate({
      target: clientConfigs.clientId,
      set: { payment: 'fis', highTicketCents: 100_000 },
    });
  merchant = { id: row.id, publicKey: row.publicKey };
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let payerCount = 0;
function payerAddress(): string {
  payerCount += 1;
  return `10.2.${Math.floor(payerCount / 250)}.${payerCount % 250}`;
}

function signedLink(overrides: Partial<PaymentFrameParams> = {}) {
  const params = encodePaymentFrameParams({
    publishableKey: merchant.publicKey,
    paymentOptions: ['apple_pay', 'google_pay', 'swipe'],
    freeFormAmount: true,
    ...overrides,
  });
  return { params, sig: signPaymentFrameParams(app, params) };
}

async function tokenOf(payload: Record<string, string>): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment-frame/tokenize',
    payload,
    remoteAddress: payerAddress(),
  });
  expect(res.statusCode).toBe(200);
  return res.json().message.token;
}

const walletToken = (wallet: 'apple_pay' | 'google_pay', issuer: 'VISA' | 'MC') =>
  tokenOf({ kind: 'wallet', wallet, issuer });
const swipeToken = () => tokenOf({ kind: 'swipe', number: swipedNumber, expMonth: '12', expYear: '2030' });

async function charge(body: Record<string, unknown>, key: string = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: '/api/payment-frame/charge',
    remoteAddress: payerAddress(),
    headers: { 'idempotency-key': key },
    payload: body,
  });
}

async function rowOf(id: string) {
  const [row] = await app.db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

async function countOf() {
  return (await app.db.select().from(transactions).where(eq(transactions.clientId, merchant.id))).length;
}

describe('POST /api/payment-frame/tokenize: swipe and wallet', () => {
  it('tokenises a swiped card without a CVV, and answers neither number nor track', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment-frame/tokenize',
      payload: { kind: 'swipe', number: swipedNumber, expMonth: '12', expYear: '30' },
      remoteAddress: payerAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      issuer: 'VISA',
      last4: '3452',
      exp_month: 12,
      exp_year: 2030,
    });
    expect(res.body).not.toContain(swipedNumber);
  });

  it('names what is wrong with a swiped card, and refuses track text in place of a number', async () => {
    const cases: [Record<string, string>, number, string | null][] = [
      [{ number: '1234567890123453' }, 400, PaymentFrameText.CardNumberNotValid],
      [{ number: '4242424242424242' }, 400, PaymentFrameText.SandboxCardOnly],
      [{ expYear: '2020', expMonth: '01' }, 400, PaymentFrameText.CardExpired],
      // The schema refuses anything longer than a number (a track is far longer).
      [{ number: `%B${swipedNumber}^DOE/JANE^3012101?` }, 400, null],
    ];
    for (const [override, status, message] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payment-frame/tokenize',
        payload: { kind: 'swipe', number: swipedNumber, expMonth: '12', expYear: '2030', ...override },
        remoteAddress: payerAddress(),
      });
      expect(res.statusCode).toBe(status);
      if (message !== null) {
        expect(res.json().error).toMatchObject({ code: PaymentFrameErrorCode.CardInvalid, message });
      }
    }
  });

  it("answers the sandbox wallet card's brand and last four", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment-frame/tokenize',
      payload: { kind: 'wallet', wallet: 'google_pay', issuer: 'MC' },
      remoteAddress: payerAddress(),
    });
    expect(res.json().message).toMatchObject({ issuer: 'MC', last4: '4444', exp_month: 12 });
  });
});

describe('POST /api/payment-frame/charge: Apple Pay, Google Pay and swipe', () => {
  it('books Apple Pay as action_mode apple_pay, once for a double click', async () => {
    const body = {
      ...signedLink(),
      amount: '31.50',
      method: 'apple_pay',
      token: await walletToken('apple_pay', 'VISA'),
    };
    const key = randomUUID();
    const before = await countOf();
    const [first, second] = await Promise.all([charge(body, key), charge(body, key)]);
    expect([first.statusCode, second.statusCode].sort()[0]).toBe(200);
    const replay = await charge(body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().message).toMatchObject({ amount: '31.50', issuer: 'VISA', last4: '1117' });
    expect(await countOf()).toBe(before + 1);
    expect(await rowOf(replay.json().message.id)).toMatchObject({
      type: 'charge',
      actionMode: 'apple_pay',
      action: 'Apple Pay sale',
      paymentMethod: 'card',
      processor: 'fis',
      cardBrand: 'VISA',
      last4: '1117',
      amountCents: 3150,
      status: 'Approved',
      meta: { entry_mode: 'wallet', wallet: 'apple_pay' },
    });
  });

  it("books Google Pay as a charge with the wallet card's brand and last four", async () => {
    const res = await charge({
      ...signedLink(),
      amount: '8.00',
      method: 'google_pay',
      token: await walletToken('google_pay', 'MC'),
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(res.json().message.id)).toMatchObject({
      actionMode: 'charge',
      action: 'Google Pay sale',
      cardBrand: 'MC',
      last4: '4444',
      meta: { entry_mode: 'wallet', wallet: 'google_pay' },
    });
  });

  it('books a swiped card with entry mode swiped; no number or track in any table or log line', async () => {
    const res = await charge({
      ...signedLink(),
      amount: '12.00',
      method: 'swipe',
      token: await swipeToken(),
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(res.json().message.id)).toMatchObject({
      actionMode: 'charge',
      action: 'Swiped sale',
      last4: '3452',
      token: 'VISA-3452-12-2030',
      meta: { entry_mode: 'swiped' },
    });
    const tables = await tableTexts(app.db);
    expect(tables.length).toBeGreaterThan(20);
    for (const { table, text } of tables) {
      expect(text, table).not.toContain(swipedNumber);
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.some((line) => line.includes(swipedNumber))).toBe(false);
  });

  it('declines .13 amounts for each method and books nothing', async () => {
    const before = await countOf();
    for (const [method, token] of [
      ['apple_pay', await walletToken('apple_pay', 'VISA')],
      ['google_pay', await walletToken('google_pay', 'VISA')],
      ['swipe', await swipeToken()],
    ] as const) {
      const res = await charge({ ...signedLink(), amount: '20.13', method, token });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({
        code: PaymentFrameErrorCode.Declined,
        message: DeclineText.DeclinedByBank,
      });
    }
    expect(await countOf()).toBe(before);
  });

  it('refuses a frozen merchant for each method', async () => {
    const before = await countOf();
    await app.db.update(clients).set({ isActive: false }).where(eq(clients.id, merchant.id));
    try {
      for (const [method, token] of [
        ['apple_pay', await walletToken('apple_pay', 'VISA')],
        ['google_pay', await walletToken('google_pay', 'MC')],
        ['swipe', await swipeToken()],
      ] as const) {
        const res = await charge({ ...signedLink(), amount: '5.00', method, token });
        expect(res.statusCode).toBe(422);
        expect(res.json().error).toMatchObject({
          code: PaymentFrameErrorCode.MerchantCannotTakePayments,
          message: PaymentFrameText.MerchantCannotTakePayments,
        });
      }
    } finally {
      await app.db.update(clients).set({ isActive: true }).where(eq(clients.id, merchant.id));
    }
    expect(await countOf()).toBe(before);
  });

  it('refuses a token of another kind, and a method the link does not offer', async () => {
    const keyed = await tokenOf({
      kind: 'card',
      number: swipedNumber,
      expMonth: '12',
      expYear: '2030',
      cvv: '123',
    });
    const cases: [Record<string, unknown>, string, string][] = [
      // A keyed card is not a wallet payment nor a swipe, nor a wallet token a keyed card.
      [
        { method: 'apple_pay', token: keyed },
        PaymentFrameErrorCode.CardInvalid,
        PaymentFrameText.CardTokenNotValid,
      ],
      [
        { method: 'swipe', token: keyed },
        PaymentFrameErrorCode.CardInvalid,
        PaymentFrameText.CardTokenNotValid,
      ],
      [
        { method: 'google_pay', token: await walletToken('apple_pay', 'VISA') },
        PaymentFrameErrorCode.CardInvalid,
        PaymentFrameText.CardTokenNotValid,
      ],
      [
        { method: 'credit_card', token: await swipeToken() },
        PaymentFrameErrorCode.CardInvalid,
        PaymentFrameText.CardTokenNotValid,
      ],
      [
        {
          ...signedLink({ paymentOptions: ['credit_card'] }),
          method: 'apple_pay',
          token: await walletToken('apple_pay', 'VISA'),
        },
        PaymentFrameErrorCode.MethodNotAvailable,
        PaymentFrameText.MethodNotAvailable,
      ],
    ];
    const before = await countOf();
    for (const [override, code, message] of cases) {
      const res = await charge({ ...signedLink(), amount: '5.00', ...override });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error).toMatchObject({ code, message });
    }
    expect(await countOf()).toBe(before);
  });
});

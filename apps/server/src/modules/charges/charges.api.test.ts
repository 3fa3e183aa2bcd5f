import { randomUUID } from 'node:crypto';
import { Permission } from '@portico/contracts/access/permission-names';
import type { ChargeBody } from '@portico/contracts/payment-frame/charge';
import { DeclineText } from '@portico/contracts/payment-frame/decline';
import { encodePaymentFrameParams, type PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { PaymentFrameErrorCode, PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { ConfiguratorText } from '@portico/contracts/virtual-terminals/terminal-configuration';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { testConfig } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { buildClient } from '../../../test/factories';
import { paymentFramePayer } from '../../../test/payment-frame-payer';
import { tableTexts } from '../../../test/table-texts';
import { openTestDatabase } from '../../../test/test-database';
import { buildApp, loggerOptions } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { roles, subEntities, userSubEntities } from '../../db/schema/access';
import { clientConfigs, clientPricing, clients } from '../../db/schema/clients';
import { fileBlobs } from '../../db/schema/documents';
import { rateLimitCounters } from '../../db/schema/jobs';
import { paymentAttempts } from '../../db/schema/payment-attempts';
import { auditLog } from '../../db/schema/system';
import { virtualTerminalUrls } from '../../db/schema/terminals';
import { transactions } from '../../db/schema/transactions';
import { users } from '../../db/schema/users';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';
import type { ChargeGateway } from '../../integrations/processors/processor-gateway';
import { reconcilePendingAttempts } from '../../lib/money-attempt';
import { signPaymentFrameParams } from '../../lib/payment-frame-signature';
import { chargeOperationOf } from './charge-booking';
import { takeCharge } from './charges.service';
import type { PaymentFrameCaller } from './charges.types';

// A payment through the frame becomes one transaction, a double submit pays once, card numbers and
// CVVs reach no table and no log line, and every bad input is a clear message to the payer, never a
// 5xx.

const pan = '1111222233334444'.slice(0, 15);
// A Luhn-valid sandbox number (begins with 1) that appears nowhere else.
const cardNumber = `${pan}${luhnDigit(pan)}`;
const cvv = '7319';

function luhnDigit(partial: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    const number = `${partial}${digit}`;
    let sum = 0;
    for (let index = 0; index < number.length; index += 1) {
      let value = Number(number[number.length - 1 - index]);
      if (index % 2 === 1) {
        value *= 2;
        if (value > 9) value -= 9;
      }
      sum += value;
    }
    if (sum % 10 === 0) return String(digit);
  }
  throw new Error('unreachable');
}

let app: Awaited<ReturnType<typeof buildApp>>;
let database: DatabaseHandle;
const logLines: string[] = [];
let merchant: { id: string; publicKey: string; apiKey: string };
let harbor: { id: string; publicKey: string };

beforeAll(async () => {
  database = await openTestDatabase({ demoAccounts: true });
  app = await buildApp({
    config: testConfig(),
    database,
    logger: { ...loggerOptions('trace'), stream: { write: (line: string) => logLines.push(line) } },
  });
  await app.ready();
  payer = paymentFramePayer(app);
  const row = await buildClient(app.db, { publicKey: randomUUID(), apiKey: randomUUID(), level: 'Merchant' });
  await app.db
    .insert(clientConfigs)
    .values({ clientId: row.id, payment: 'fis', ach: 'xpress', highTicketCents: 100_000 })
    .onConflictDoUpdate({
      target: clientConfigs.clientId,
      set: { payment: 'fis', ach: 'xpress', highTicketCents: 100_000 },
    });
  merchant = { id: row.id, publicKey: row.publicKey, apiKey: row.apiKey };
  const [harborRow] = await app.db
    .select({ id: clients.id, publicKey: clients.publicKey })
    .from(clients)
    .where(eq(clients.name, 'Harbor Lane Coffee Roasters'));
  if (!harborRow) throw new Error('no Harbor Lane');
  harbor = harborRow;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let payer: ReturnType<typeof paymentFramePayer>;
const payerAddress = () => payer.address();
const tokenize = (payload: Record<string, string>) => payer.tokenize(payload);
const charge = (body: Record<string, unknown>, options: { key?: string; cookie?: string } = {}) =>
  payer.charge(body, options);

function signedLink(overrides: Partial<PaymentFrameParams> = {}) {
  return payer.signedLink(merchant.publicKey, {
    paymentOptions: ['credit_card', 'bank'],
    amount: '25.00',
    ...overrides,
  });
}

async function cardToken(overrides: Record<string, string> = {}): Promise<string> {
  const res = await tokenize({
    kind: 'card',
    number: cardNumber,
    expMonth: '12',
    expYear: '2030',
    cvv,
    ...overrides,
  });
  expect(res.statusCode).toBe(200);
  return res.json().message.token;
}

async function expectRefused(
  res: Awaited<ReturnType<typeof charge>>,
  status: number,
  code: string,
  message: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json().error).toMatchObject({ code, message });
}

// The one location the demo cashier (demo.barista) is tied to.
async function baristaLocation() {
  const [row] = await app.db
    .select({ id: subEntities.id, name: subEntities.name })
    .from(subEntities)
    .innerJoin(userSubEntities, eq(userSubEntities.subEntityId, subEntities.id))
    .innerJoin(users, eq(users.id, userSubEntities.userId))
    .where(eq(users.email, demo.barista));
  if (!row) throw new Error('the demo cashier has no location');
  return row;
}

async function transactionsOf(clientId: string) {
  return app.db.select().from(transactions).where(eq(transactions.clientId, clientId));
}

// The money attempts made for a merchant: none is made when the merchant is refused before paying.
async function attemptsOf(clientId: string) {
  return (await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.clientId, clientId))).length;
}

describe('POST /api/payment-frame/tokenize', () => {
  it('answers a token, issuer, last four and expiry, never the number or CVV', async () => {
    const res = await tokenize({ kind: 'card', number: cardNumber, expMonth: '12', expYear: '30', cvv });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      issuer: 'VISA',
      last4: cardNumber.slice(-4),
      exp_month: 12,
      exp_year: 2030,
    });
    expect(res.body).not.toContain(cardNumber);
    expect(res.body).not.toContain(cvv);
  });

  it('names what is wrong with a card: Luhn, test numbers, expiry, CVV', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ number: `${pan}${(Number(luhnDigit(pan)) + 1) % 10}` }, PaymentFrameText.CardNumberNotValid],
      [{ number: '4242424242424242' }, PaymentFrameText.SandboxCardOnly],
      [{ expMonth: '01', expYear: '2020' }, PaymentFrameText.CardExpired],
      [{ cvv: '1' }, PaymentFrameText.CvvNotValid],
    ];
    for (const [override, message] of cases) {
      const res = await tokenize({
        kind: 'card',
        number: cardNumber,
        expMonth: '12',
        expYear: '2030',
        cvv,
        ...override,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: PaymentFrameErrorCode.CardInvalid, message });
    }
  });

  it('checks a bank account before tokenising it', async () => {
    const bad = await tokenize({
      kind: 'bank',
      routingNumber: '011000016',
      accountNumber: '123456789',
      accountType: 'checking',
    });
    expect(bad.json().error.message).toBe(PaymentFrameText.RoutingNumberNotValid);
    const good = await tokenize({
      kind: 'bank',
      routingNumber: '011000015',
      accountNumber: '123456789',
      accountType: 'checking',
    });
    expect(good.json().message).toMatchObject({ issuer: 'BANK', last4: '6789' });
  });
});

describe('POST /api/payment-frame/charge', () => {
  it('turns a sandbox card payment into one transaction, once for a double submit', async () => {
    const token = await cardToken();
    const body = {
      ...signedLink(),
      amount: '25.00',
      method: 'credit_card',
      token,
      firstName: 'Ada',
      email: 'Ada@Example.com',
    };
    const key = randomUUID();
    const [first, second] = await Promise.all([charge(body, { key }), charge(body, { key })]);
    const answers = [first, second].map((res) => res.statusCode).sort();
    // The second of two concurrent submits either replays the answer or is told the first is in flight.
    expect(answers[0]).toBe(200);
    expect([200, 409]).toContain(answers[1]);
    const replay = await charge(body, { key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().message).toMatchObject({
      amount: '25.00',
      status: 'Approved',
      message: PaymentFrameText.PaymentSuccessful,
    });

    const rows = (await transactionsOf(merchant.id)).filter((row) => row.id === replay.json().message.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountCents: 2500,
      type: 'charge',
      actionMode: 'charge',
      paymentMethod: 'card',
      processor: 'fis',
      cardBrand: 'VISA',
      last4: cardNumber.slice(-4),
      token: `VISA-${cardNumber.slice(-4)}-12-2030`,
      customerEmail: 'ada@example.com',
      paymentStatus: true,
      status: 'Approved',
    });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'charge'), eq(auditLog.targetId, replay.json().message.id)));
    expect(audit?.outcome).toBe('success');
  });

  it('limits one payer address to 30 charges a minute, refused ones included, counted for every instance', async () => {
    const address = '10.250.0.1';
    const chargeFrom = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/payment-frame/charge',
        remoteAddress: address,
        headers: { 'idempotency-key': randomUUID() },
        payload: body,
      });
    // A link of no merchant: refused, and counted.
    const unknown = payer.signedLink(randomUUID(), { amount: '25.00' });
    const token = await cardToken();
    for (let i = 0; i < 30; i += 1) {
      const res = await chargeFrom({ ...unknown, amount: '25.00', method: 'credit_card', token });
      expect(res.json().error.message).toBe(PaymentFrameText.InvalidLink);
    }
    const before = (await transactionsOf(merchant.id)).length;
    const limited = await chargeFrom({
      ...signedLink(),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests, slow down',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await transactionsOf(merchant.id)).length).toBe(before);
    // In the shared counters (the same key the route limits use), not in one instance's memory.
    const [counter] = await app.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `POST/api/payment-frame/charge-${address}`));
    expect(counter?.hits).toBe(31);
    // Another address is not held back.
    expect(
      (await charge({ ...signedLink(), amount: '25.00', method: 'credit_card', token: await cardToken() }))
        .statusCode,
    ).toBe(200);
  });

  it('plans on a merchant remembered from an earlier charge only while it is unchanged, counting each hit once', async () => {
    const address = '10.250.0.2';
    const chargeFrom = async (amount: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payment-frame/charge',
        remoteAddress: address,
        headers: { 'idempotency-key': randomUUID() },
        payload: {
          ...signedLink({ freeFormAmount: true, amount: undefined }),
          amount,
          method: 'credit_card',
          token: await cardToken(),
        },
      });
    const hits = async () => {
      const [counter] = await app.db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, `POST/api/payment-frame/charge-${address}`));
      return counter?.hits;
    };
    // Read, then remembered: each charge counts once.
    expect((await chargeFrom('25.00')).statusCode).toBe(200);
    expect((await chargeFrom('25.00')).statusCode).toBe(200);
    expect(await hits()).toBe(2);
    // Refused by the plan, before any claim: counted on the way out.
    await expectRefused(
      await chargeFrom('1500.00'),
      400,
      PaymentFrameErrorCode.AmountInvalid,
      PaymentFrameText.AmountOverLimit,
    );
    expect(await hits()).toBe(3);
    // The merchant raises its high-ticket limit: the remembered one is out of date, the claim finds it
    // changed, and the charge is planned again on the merchant as it is now, its hit counted once.
    await app.db
      .update(clientConfigs)
      .set({ highTicketCents: 200_000 })
      .where(eq(clientConfigs.clientId, merchant.id));
    try {
      const larger = await chargeFrom('1500.00');
      expect(larger.statusCode, larger.body).toBe(200);
      expect(larger.json().message).toMatchObject({ amount: '1500.00', status: 'Approved' });
      expect(await hits()).toBe(4);
    } finally {
      await app.db
        .update(clientConfigs)
        .set({ highTicketCents: 100_000 })
        .where(eq(clientConfigs.clientId, merchant.id));
    }
  });

  it('charges the fee the merchant passes on when the page shows it, as part of the amount', async () => {
    await app.db
      .insert(clientPricing)
      .values({ clientId: merchant.id, cardRate: '2.90+0.30', cardP2c: true, achRate: '1.00+0.25' })
      .onConflictDoUpdate({
        target: clientPricing.clientId,
        set: { cardRate: '2.90+0.30', cardP2c: true, achRate: '1.00+0.25', achP2c: false },
      });
    const info = await app.inject({
      method: 'GET',
      url: `/api/payment-frame/merchant?key=${merchant.publicKey}`,
    });
    expect(info.json().message.passed_on_rates).toEqual({ credit_card: '2.90+0.30', bank: null });

    const withFee = await charge({
      ...signedLink({ showFeeValue: true, feeMessage: 'A 2.9% + $0.30 fee applies to card payments.' }),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
    });
    expect(withFee.statusCode, withFee.body).toBe(200);
    // 2.90 % of 25.00 is 0.725 -> 0.73, plus 0.30.
    expect(withFee.json().message).toMatchObject({ amount: '26.03', fee: '1.03' });
    const [booked] = await app.db
      .select({ amountCents: transactions.amountCents, surchargeCents: transactions.surchargeCents })
      .from(transactions)
      .where(eq(transactions.id, withFee.json().message.id));
    expect(booked).toEqual({ amountCents: 2603, surchargeCents: 103 });

    // Not shown, not charged; and ACH's rate is not passed on.
    const hidden = await charge({
      ...signedLink(),
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
    });
    expect(hidden.json().message).toMatchObject({ amount: '25.00', fee: '0.00' });
    const bankToken = await tokenize({
      kind: 'bank',
      routingNumber: '011000015',
      accountNumber: '123456789',
      accountType: 'checking',
    });
    const ach = await charge({
      ...signedLink({ showFeeValue: true }),
      amount: '25.00',
      method: 'bank',
      token: bankToken.json().message.token,
    });
    expect(ach.json().message).toMatchObject({ amount: '25.00', fee: '0.00' });
    await app.db.delete(clientPricing).where(eq(clientPricing.clientId, merchant.id));
  });

  it('keeps the card number and CVV out of every table and every log line', async () => {
    const token = await cardToken();
    expect(
      (await charge({ ...signedLink(), amount: '25.00', method: 'credit_card', token })).statusCode,
    ).toBe(200);
    const tables = await tableTexts(app.db);
    expect(tables.length).toBeGreaterThan(20);
    for (const { table, text } of tables) {
      expect(text, table).not.toContain(cardNumber);
      // A quoted value or key only: a bare 'cvv' turns up by chance in random ciphertext (base64).
      expect(text, table).not.toMatch(new RegExp(`"${cvv}"|"cvv"`, 'i'));
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(cardNumber);
    expect(logLines.join('\n')).not.toContain(`"${cvv}"`);
  });

  it('takes ACH through a bank token and books it as an ACH debit', async () => {
    const bank = await tokenize({
      kind: 'bank',
      routingNumber: '011000015',
      accountNumber: '9876543210',
      accountType: 'savings',
    });
    const res = await charge({
      ...signedLink(),
      amount: '25.00',
      method: 'bank',
      token: bank.json().message.token,
    });
    expect(res.statusCode).toBe(200);
    const [row] = (await transactionsOf(merchant.id)).filter((r) => r.id === res.json().message.id);
    expect(row).toMatchObject({
      type: 'ach',
      actionMode: 'debit',
      paymentMethod: 'check',
      processor: 'xpress',
      last4: '3210',
    });
  });

  it('charges a saved vault method of the link customer', async () => {
    const [customer] = await app.db
      .insert(vaultCustomers)
      .values({ clientId: merchant.id, firstName: 'Vera', lastName: 'Vault', email: 'vera@example.com' })
      .returning();
    if (!customer) throw new Error('no customer');
    const [method] = await app.db
      .insert(vaultPaymentMethods)
      .values({
        customerId: customer.id,
        token: 'MC-4321-09-2031',
        issuer: 'MC',
        last4: '4321',
        expMonth: 9,
        expYear: 2031,
      })
      .returning();
    if (!method) throw new Error('no method');
    // The merchant passes its card rate on and the page shows fees, but the frame shows none for a
    // saved method: none is charged.
    await app.db
      .insert(clientPricing)
      .values({ clientId: merchant.id, cardRate: '2.90+0.30', cardP2c: true })
      .onConflictDoUpdate({ target: clientPricing.clientId, set: { cardRate: '2.90+0.30', cardP2c: true } });
    const link = signedLink({ customerId: customer.id, showFeeValue: true });
    const res = await charge({ ...link, amount: '25.00', method: 'saved', paymentMethodId: method.id });
    await app.db.delete(clientPricing).where(eq(clientPricing.clientId, merchant.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ amount: '25.00', fee: '0.00' });
    const [row] = (await transactionsOf(merchant.id)).filter((r) => r.id === res.json().message.id);
    expect(row).toMatchObject({
      customerId: customer.id,
      last4: '4321',
      cardBrand: 'MC',
      customerFirstName: 'Vera',
    });
    const foreign = await charge({
      ...signedLink(),
      amount: '25.00',
      method: 'saved',
      paymentMethodId: method.id,
    });
    expect(foreign.json().error.message).toBe(PaymentFrameText.SavedMethodNotFound);
  });

  describe('bad input: a clear message, no transaction, never a 5xx', () => {
    it('refuses bad amounts', async () => {
      const before = (await transactionsOf(merchant.id)).length;
      const token = await cardToken();
      const free = signedLink({ freeFormAmount: true, amount: undefined });
      const cases: [string, string][] = [
        ['10.005', PaymentFrameText.AmountTooManyDecimals],
        ['-10.00', PaymentFrameText.AmountNotPositive],
        ['1000.01', PaymentFrameText.AmountOverLimit],
        ['ten', PaymentFrameText.AmountNotValid],
        ['', PaymentFrameText.FieldRequired],
      ];
      for (const [amount, message] of cases) {
        await expectRefused(
          await charge({ ...free, amount, method: 'credit_card', token }),
          400,
          PaymentFrameErrorCode.AmountInvalid,
          message,
        );
      }
      // A fixed-amount link charges its amount and nothing else.
      await expectRefused(
        await charge({ ...signedLink(), amount: '1.00', method: 'credit_card', token }),
        400,
        PaymentFrameErrorCode.AmountInvalid,
        PaymentFrameText.AmountMustMatchLink,
      );
      expect((await transactionsOf(merchant.id)).length).toBe(before);
    });

    it('refuses tampered params, unsigned params from a payer, a revoked key and a secret key', async () => {
      const token = await cardToken();
      const link = signedLink();
      const tampered = encodePaymentFrameParams({
        publishableKey: merchant.publicKey,
        amount: '0.01',
        paymentOptions: ['credit_card'],
      });
      const invalid = [PaymentFrameErrorCode.InvalidLink, PaymentFrameText.InvalidLink] as const;
      await expectRefused(
        await charge({ params: tampered, sig: link.sig, amount: '0.01', method: 'credit_card', token }),
        400,
        ...invalid,
      );
      await expectRefused(
        await charge({ params: tampered, amount: '0.01', method: 'credit_card', token }),
        400,
        ...invalid,
      );
      await expectRefused(
        await charge({ params: 'bm90IGpzb24=', amount: '1.00', method: 'credit_card', token }),
        400,
        ...invalid,
      );
      const revoked = await buildClient(app.db, { publicKey: randomUUID(), apiKey: randomUUID() });
      const revokedLink = encodePaymentFrameParams({ publishableKey: revoked.publicKey, amount: '25.00' });
      const revokedSig = signPaymentFrameParams(app, revokedLink);
      await app.db.update(clients).set({ publicKey: randomUUID() }).where(eq(clients.id, revoked.id));
      await expectRefused(
        await charge({ params: revokedLink, sig: revokedSig, amount: '25.00', method: 'credit_card', token }),
        400,
        ...invalid,
      );
      const secret = encodePaymentFrameParams({ publishableKey: merchant.apiKey, amount: '25.00' });
      await expectRefused(
        await charge({
          params: secret,
          sig: signPaymentFrameParams(app, secret),
          amount: '25.00',
          method: 'credit_card',
          token,
        }),
        400,
        PaymentFrameErrorCode.SecretKeyInAddress,
        ConfiguratorText.SecretKeyInAddress,
      );
      const merchantAnswer = await app.inject({
        method: 'GET',
        url: `/api/payment-frame/merchant?key=${merchant.apiKey}`,
      });
      expect(merchantAnswer.json().error.code).toBe(PaymentFrameErrorCode.SecretKeyInAddress);
    });

    it('tells the payer of a frozen or disabled merchant it cannot take payments, without the risk state, and charges nothing', async () => {
      const token = await cardToken();
      const body = { ...signedLink(), amount: '25.00', method: 'credit_card', token };
      const before = (await transactionsOf(merchant.id)).length;
      const attemptsBefore = await attemptsOf(merchant.id);
      for (const change of [{ isActive: false }, { status: 'Inactive' as const }]) {
        await app.db.update(clients).set(change).where(eq(clients.id, merchant.id));
        const res = await charge(body);
        await expectRefused(
          res,
          422,
          PaymentFrameErrorCode.MerchantCannotTakePayments,
          PaymentFrameText.MerchantCannotTakePayments,
        );
        expect(res.json().error.message).toBe('This merchant cannot take payments right now.');
        expect(res.body).not.toMatch(/frozen|risk|MERCHANT_FROZEN/i);
        await app.db.update(clients).set({ isActive: true, status: null }).where(eq(clients.id, merchant.id));
      }
      expect((await transactionsOf(merchant.id)).length).toBe(before);
      expect(await attemptsOf(merchant.id)).toBe(attemptsBefore);
    });

    it('refuses an expired or foreign token, a method the link does not offer, a missing required field', async () => {
      const token = await cardToken();
      await expectRefused(
        await charge({ ...signedLink(), amount: '25.00', method: 'bank', token }),
        400,
        PaymentFrameErrorCode.CardInvalid,
        PaymentFrameText.CardTokenNotValid,
      );
      await expectRefused(
        await charge({ ...signedLink(), amount: '25.00', method: 'credit_card', token: `${token}x` }),
        400,
        PaymentFrameErrorCode.CardInvalid,
        PaymentFrameText.CardTokenNotValid,
      );
      await expectRefused(
        await charge({
          ...signedLink({ paymentOptions: ['bank'] }),
          amount: '25.00',
          method: 'credit_card',
          token,
        }),
        422,
        PaymentFrameErrorCode.MethodNotAvailable,
        PaymentFrameText.MethodNotAvailable,
      );
      // Cash moves no money at a processor: only the merchant's staff record it.
      await expectRefused(
        await charge({ ...signedLink({ paymentOptions: ['cash'] }), amount: '25.00', method: 'cash' }),
        422,
        PaymentFrameErrorCode.MethodNotAvailable,
        PaymentFrameText.MethodNotAvailable,
      );
      const withField = signedLink({
        customFields: [{ name: 'Invoice', type: 'text', requireForGuest: true }],
      });
      await expectRefused(
        await charge({ ...withField, amount: '25.00', method: 'credit_card', token }),
        400,
        PaymentFrameErrorCode.CustomFieldRequired,
        PaymentFrameText.CustomFieldRequired('Invoice'),
      );
      const filled = await charge({
        ...withField,
        amount: '25.00',
        method: 'credit_card',
        token,
        customFields: { Invoice: 'A-17' },
      });
      expect(filled.statusCode).toBe(200);
    });

    it("refuses a link's required phone left out, and records it when given", async () => {
      const link = signedLink({ phoneOption: 'required' });
      await expectRefused(
        await charge({ ...link, amount: '25.00', method: 'credit_card', token: await cardToken() }),
        400,
        PaymentFrameErrorCode.CustomFieldRequired,
        PaymentFrameText.CustomFieldRequired('Phone'),
      );
      const paid = await charge({
        ...link,
        amount: '25.00',
        method: 'credit_card',
        token: await cardToken(),
        phone: '617-555-0100',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const [row] = await app.db
        .select({ meta: transactions.meta })
        .from(transactions)
        .where(eq(transactions.id, paid.json().message.id));
      expect(row?.meta).toMatchObject({ phone: '617-555-0100' });
    });

    it("refuses a link's required e-mail left out, and records it when given", async () => {
      const link = signedLink({ emailOption: 'required' });
      await expectRefused(
        await charge({ ...link, amount: '25.00', method: 'credit_card', token: await cardToken() }),
        400,
        PaymentFrameErrorCode.CustomFieldRequired,
        PaymentFrameText.CustomFieldRequired('Email'),
      );
      await expectRefused(
        await charge({
          ...link,
          amount: '25.00',
          method: 'credit_card',
          token: await cardToken(),
          email: '  ',
        }),
        400,
        PaymentFrameErrorCode.CustomFieldRequired,
        PaymentFrameText.CustomFieldRequired('Email'),
      );
      const paid = await charge({
        ...link,
        amount: '25.00',
        method: 'credit_card',
        token: await cardToken(),
        email: 'Payer@Example.com',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const [row] = await app.db
        .select({ meta: transactions.meta })
        .from(transactions)
        .where(eq(transactions.id, paid.json().message.id));
      expect(row?.meta).toMatchObject({ email: 'payer@example.com' });
    });

    it("refuses a link's billing address with a part left out, and records the address given", async () => {
      const link = signedLink({ billingAddress: true });
      const address = { line1: '12 Harbor Lane', city: 'Salem', state: 'MA', postalCode: '01970' };
      await expectRefused(
        await charge({
          ...link,
          amount: '25.00',
          method: 'credit_card',
          token: await cardToken(),
          billingAddress: { ...address, city: ' ' },
        }),
        400,
        PaymentFrameErrorCode.CustomFieldRequired,
        PaymentFrameText.CustomFieldRequired('City'),
      );
      const paid = await charge({
        ...link,
        amount: '25.00',
        method: 'credit_card',
        token: await cardToken(),
        billingAddress: { ...address, line1: ' 12 Harbor Lane ' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const [row] = await app.db
        .select({ meta: transactions.meta })
        .from(transactions)
        .where(eq(transactions.id, paid.json().message.id));
      expect(row?.meta).toMatchObject({ billingAddress: address });
      // A link that does not ask for it records none of it.
      const unasked = await charge({
        ...signedLink(),
        amount: '25.00',
        method: 'credit_card',
        token: await cardToken(),
        billingAddress: address,
      });
      expect(unasked.statusCode, unasked.body).toBe(200);
      const [plain] = await app.db
        .select({ meta: transactions.meta })
        .from(transactions)
        .where(eq(transactions.id, unasked.json().message.id));
      expect(plain?.meta).not.toHaveProperty('billingAddress');
    });

    it('answers a decline with its reason in words and books nothing; a reused key for another body is a conflict', async () => {
      const token = await cardToken();
      const before = (await transactionsOf(merchant.id)).length;
      const declined = await charge({
        ...signedLink({ freeFormAmount: true }),
        amount: '20.13',
        method: 'credit_card',
        token,
      });
      await expectRefused(declined, 422, PaymentFrameErrorCode.Declined, DeclineText.DeclinedByBank);
      expect(declined.body).not.toMatch(/sandbox|\.13|"05"/i);
      for (const [amount, text] of [
        ['51.13', DeclineText.OverLimit],
        ['54.13', DeclineText.CardExpired],
        ['99.13', DeclineText.Generic],
      ] as const) {
        const answer = await charge({
          ...signedLink({ freeFormAmount: true }),
          amount,
          method: 'credit_card',
          token: await cardToken(),
        });
        await expectRefused(answer, 422, PaymentFrameErrorCode.Declined, text);
      }
      expect((await transactionsOf(merchant.id)).length).toBe(before);
      const key = randomUUID();
      expect(
        (await charge({ ...signedLink(), amount: '25.00', method: 'credit_card', token }, { key }))
          .statusCode,
      ).toBe(200);
      const reused = await charge(
        { ...signedLink(), amount: '25.00', method: 'credit_card', token, firstName: 'Eve' },
        { key },
      );
      expect(reused.statusCode).toBe(409);
      expect((await transactionsOf(merchant.id)).length).toBe(before + 1);
    });
  });
});

// The one-statement claim and settle (lib/money-attempt.ts) keep exactly-once: an approval the server
// never booked is booked once by the reconcile and replayed to the retry; a settle that finds the
// attempt already concluded writes nothing.
describe('a charge the gateway approved but the server never booked', () => {
  const payer: PaymentFrameCaller = { session: null, origin: { ip: '10.9.0.1', userAgent: null } };

  // The gateway moves the money, then the connection drops before its answer (and its record of the
  // key cannot be read either): the attempt stays pending with the money taken.
  async function chargeLostInFlight(key: string, body: ChargeBody) {
    const real = app.chargeGateway;
    const lossy: ChargeGateway = {
      ...real,
      readIssuedToken: (token, now) => real.readIssuedToken(token, now),
      charge: async (processorName, gatewayCharge, idempotencyKey) => {
        await real.charge(processorName, gatewayCharge, idempotencyKey);
        throw new Error('connection reset');
      },
      lookup: async () => {
        throw new Error('connection reset');
      },
    };
    const deps = { db: app.db, gateway: lossy, dataKey: () => app.dataKey(), now: app.now };
    await expect(
      takeCharge(deps, payer, body, key, { key: 'test-payer', max: 30, windowSeconds: 60 }),
    ).rejects.toMatchObject({
      code: PaymentFrameErrorCode.ProcessorUnavailable,
    });
  }

  const realDeps = () => ({
    db: app.db,
    gateway: app.chargeGateway,
    dataKey: () => app.dataKey(),
    now: app.now,
  });

  async function successAuditsOf(transactionId: string) {
    return app.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, transactionId), eq(auditLog.outcome, 'success')));
  }

  it('is booked once by the reconcile, and the retry with the same key replays it', async () => {
    const link = signedLink();
    const key = randomUUID();
    const body = { ...link, amount: '25.00', method: 'credit_card' as const, token: await cardToken() };
    const before = (await transactionsOf(merchant.id)).length;
    await chargeLostInFlight(key, body);
    expect(await transactionsOf(merchant.id)).toHaveLength(before);

    const summary = await reconcilePendingAttempts(app.db, { charge: chargeOperationOf(realDeps()) });
    expect(summary).toMatchObject({ settled: 1, failed: 0 });
    const after = await transactionsOf(merchant.id);
    expect(after).toHaveLength(before + 1);

    const retry = await charge(body, { key });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const id = z.uuid().parse(retry.json().message.id);
    expect(after.filter((row) => row.id === id)).toHaveLength(1);
    expect(await successAuditsOf(id)).toHaveLength(1);
  });

  it('writes nothing when another settle concluded the attempt first', async () => {
    const link = signedLink();
    const key = randomUUID();
    const body = { ...link, amount: '25.00', method: 'credit_card' as const, token: await cardToken() };
    const before = (await transactionsOf(merchant.id)).length;
    await chargeLostInFlight(key, body);

    // While this reconcile holds the attempt as pending, another one books it.
    const operation = chargeOperationOf(realDeps());
    const racing = {
      ...operation,
      lookup: async (attempt: Parameters<typeof operation.lookup>[0]) => {
        await reconcilePendingAttempts(app.db, { charge: operation });
        return operation.lookup(attempt);
      },
    };
    const summary = await reconcilePendingAttempts(app.db, { charge: racing });
    expect(summary).toMatchObject({ settled: 1, failed: 0, stillPending: 0 });
    const after = await transactionsOf(merchant.id);
    expect(after).toHaveLength(before + 1);
    const retry = await charge(body, { key });
    expect(retry.statusCode).toBe(200);
    const id = z.uuid().parse(retry.json().message.id);
    expect(await successAuditsOf(id)).toHaveLength(1);
  });
});

describe('GET /api/payment-frame/logo (the showLogoUrl param)', () => {
  it("answers the merchant's logo by its publishable key without a session, 404 without one, and refuses a secret key", async () => {
    const logo = (key: string) =>
      app.inject({ method: 'GET', url: `/api/payment-frame/logo?key=${key}`, remoteAddress: payerAddress() });
    const none = await logo(merchant.publicKey);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toMatchObject({ code: PaymentFrameErrorCode.LogoNotFound });
    // A 1 by 1 PNG's first bytes are enough: the route answers the stored bytes as they are.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const storageKey = `logos/${randomUUID()}`;
    await app.db.insert(fileBlobs).values({ storageKey, content: png });
    await app.db.update(clients).set({ logoStorageKey: storageKey }).where(eq(clients.id, merchant.id));
    const found = await logo(merchant.publicKey);
    expect(found.statusCode).toBe(200);
    expect(found.headers['content-type']).toBe('image/png');
    expect(found.rawPayload.equals(png)).toBe(true);
    expect((await logo(merchant.apiKey)).json().error).toMatchObject({
      code: PaymentFrameErrorCode.SecretKeyInAddress,
    });
    await app.db.update(clients).set({ logoStorageKey: null }).where(eq(clients.id, merchant.id));
  });
});

describe('the locations dropdown (the showLocationsDropdown param)', () => {
  it("lists the merchant's locations only for signed params that ask, and records the chosen one; a foreign one is refused", async () => {
    const suffix = randomUUID().slice(0, 8);
    const [north] = await app.db
      .insert(subEntities)
      .values({ clientId: merchant.id, name: `North Dock ${suffix}`, customFields: { Site: 'N1' } })
      .returning({ id: subEntities.id, name: subEntities.name });
    const [foreign] = await app.db
      .insert(subEntities)
      .values({ clientId: harbor.id, name: `Harbor Annex ${suffix}` })
      .returning({ id: subEntities.id });
    if (!north || !foreign) throw new Error('no locations');
    const info = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/api/payment-frame/merchant?${query}`,
        remoteAddress: payerAddress(),
      });
    const link = signedLink({ showLocationsDropdown: true });
    const listed = await info(new URLSearchParams({ key: merchant.publicKey, ...link }).toString());
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().message.locations).toContainEqual({ id: north.id, name: north.name });
    const unsigned = await info(
      new URLSearchParams({ key: merchant.publicKey, params: link.params }).toString(),
    );
    expect(unsigned.json().message.locations).toEqual([]);
    const notAsked = await info(new URLSearchParams({ key: merchant.publicKey, ...signedLink() }).toString());
    expect(notAsked.json().message.locations).toEqual([]);

    const before = (await transactionsOf(merchant.id)).length;
    await expectRefused(
      await charge({
        ...link,
        amount: '25.00',
        method: 'credit_card',
        token: await cardToken(),
        locationId: foreign.id,
      }),
      400,
      PaymentFrameErrorCode.LocationNotValid,
      PaymentFrameText.LocationNotValid,
    );
    await expectRefused(
      await charge({
        ...signedLink(),
        amount: '25.00',
        method: 'credit_card',
        token: await cardToken(),
        locationId: north.id,
      }),
      400,
      PaymentFrameErrorCode.LocationNotValid,
      PaymentFrameText.LocationNotValid,
    );
    expect((await transactionsOf(merchant.id)).length).toBe(before);
    const paid = await charge({
      ...link,
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
      locationId: north.id,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = (await transactionsOf(merchant.id)).filter((r) => r.id === paid.json().message.id);
    expect(row?.subEntityId).toBe(north.id);
    expect(row?.apiResponse).toMatchObject({
      sub_location: { name: north.name, custom_fields: { Site: 'N1' } },
    });
  });
});

describe('the virtual terminal (a signed-in user, unsigned params)', () => {
  it('lets a user with Virtual Terminal charge and record cash on their merchant', async () => {
    const cookie = await sessionCookieFor(app.db, demo.owner);
    const params = encodePaymentFrameParams({
      publishableKey: harbor.publicKey,
      isVirtualTerminal: true,
      paymentOptions: ['credit_card', 'cash'],
    });
    const token = await cardToken();
    const card = await charge(
      { params, amount: '12.34', method: 'credit_card', token, zip: '02134' },
      { cookie },
    );
    expect(card.statusCode).toBe(200);
    const cash = await charge({ params, amount: '5.00', method: 'cash' }, { cookie });
    expect(cash.statusCode).toBe(200);
    const [row] = (await transactionsOf(harbor.id)).filter((r) => r.id === cash.json().message.id);
    expect(row).toMatchObject({ type: 'cash', paymentMethod: 'cash', processor: null, amountCents: 500 });
    const info = await app.inject({
      method: 'GET',
      url: `/api/payment-frame/merchant?key=${harbor.publicKey}`,
      headers: { cookie },
    });
    expect(info.json().message.virtual_terminal.payment_options).toEqual(
      expect.arrayContaining(['credit_card', 'cash']),
    );
  });

  it('lets a Virtual Terminal user key a payment over the high-ticket limit, flagged for risk review', async () => {
    const cookie = await sessionCookieFor(app.db, demo.owner);
    const [config] = await app.db
      .select({ limit: clientConfigs.highTicketCents })
      .from(clientConfigs)
      .where(eq(clientConfigs.clientId, harbor.id));
    const over = (config?.limit ?? 0) + 100;
    const params = encodePaymentFrameParams({
      publishableKey: harbor.publicKey,
      isVirtualTerminal: true,
      paymentOptions: ['credit_card', 'cash'],
    });
    const res = await charge({ params, amount: (over / 100).toFixed(2), method: 'cash' }, { cookie });
    expect(res.statusCode).toBe(200);
    const [trail] = await app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'charge'), eq(auditLog.targetId, res.json().message.id)));
    expect(trail?.details).toMatchObject({ risk: expect.arrayContaining(['high_ticket']) });
  });

  it("applies the role's custom-field access of the terminal: required, optional, hidden and never recorded", async () => {
    const [terminal] = await app.db
      .insert(virtualTerminalUrls)
      .values({
        clientId: harbor.id,
        name: 'Field access counter',
        url: '/app/responsive-iframe/payment',
        urlId: `fa-${randomUUID().slice(0, 8)}`,
        customFields: [
          { name: 'Order Number', type: 'text', required: false, requireForGuest: false },
          { name: 'Table Number', type: 'text', required: false, requireForGuest: false },
          { name: 'Manager Note', type: 'text', required: false, requireForGuest: false },
        ],
      })
      .returning({ id: virtualTerminalUrls.id });
    if (!terminal) throw new Error('no terminal');
    const [cashier] = await app.db
      .select({ id: roles.id, access: roles.customFieldAccess })
      .from(roles)
      .where(and(eq(roles.clientId, harbor.id), eq(roles.name, 'Cashier')));
    if (!cashier) throw new Error('no Cashier role');
    await app.db
      .update(roles)
      .set({
        customFieldAccess: {
          ...cashier.access,
          [terminal.id]: { 'Order Number': 'require', 'Table Number': 'show' },
        },
      })
      .where(eq(roles.id, cashier.id));
    const cashierCookie = await sessionCookieFor(app.db, demo.barista);
    const info = await app.inject({
      method: 'GET',
      url: `/api/payment-frame/merchant?key=${harbor.publicKey}`,
      headers: { cookie: cashierCookie },
    });
    expect(info.json().message.virtual_terminal.custom_field_access[terminal.id]).toEqual({
      'Order Number': 'require',
      'Table Number': 'show',
    });
    // The browser's params may name any fields, or none: the stored terminal and the role decide.
    const params = encodePaymentFrameParams({
      publishableKey: harbor.publicKey,
      isVirtualTerminal: true,
      paymentOptions: ['cash'],
      terminalId: terminal.id,
      customFields: [{ name: 'Table Number', type: 'text' }],
    });
    await expectRefused(
      await charge(
        { params, amount: '4.00', method: 'cash', customFields: { 'Table Number': '3' } },
        {
          cookie: cashierCookie,
        },
      ),
      400,
      PaymentFrameErrorCode.CustomFieldRequired,
      PaymentFrameText.CustomFieldRequired('Order Number'),
    );
    const taken = await charge(
      {
        params,
        amount: '4.00',
        method: 'cash',
        customFields: { 'Order Number': 'A-9', 'Manager Note': 'comp it' },
        // The cashier is tied to a location: they must choose it.
        locationId: (await baristaLocation()).id,
      },
      { cookie: cashierCookie },
    );
    expect(taken.statusCode, taken.body).toBe(200);
    const [row] = await app.db
      .select({ meta: transactions.meta })
      .from(transactions)
      .where(eq(transactions.id, taken.json().message.id));
    // The hidden field the role may not set is not recorded.
    expect(row?.meta).toMatchObject({ customFields: { 'Order Number': 'A-9' } });
    expect(JSON.stringify(row?.meta)).not.toContain('Manager Note');

    // The owner's role names no access for this terminal: every field as configured, all optional.
    const ownerCookie = await sessionCookieFor(app.db, demo.owner);
    const owners = await charge(
      { params, amount: '4.00', method: 'cash', customFields: { 'Manager Note': 'ok' } },
      { cookie: ownerCookie },
    );
    expect(owners.statusCode, owners.body).toBe(200);
    // Unsigned params without a stored terminal record no fields the browser made up.
    const madeUp = await charge(
      {
        params: encodePaymentFrameParams({
          publishableKey: harbor.publicKey,
          isVirtualTerminal: true,
          paymentOptions: ['cash'],
          customFields: [{ name: 'Anything', type: 'text' }],
        }),
        amount: '4.00',
        method: 'cash',
        customFields: { Anything: 'x' },
      },
      { cookie: ownerCookie },
    );
    expect(madeUp.statusCode).toBe(200);
    const [madeUpRow] = await app.db
      .select({ meta: transactions.meta })
      .from(transactions)
      .where(eq(transactions.id, madeUp.json().message.id));
    expect(JSON.stringify(madeUpRow?.meta)).not.toContain('Anything');
  });

  it('refuses unsigned params to someone without Virtual Terminal on the merchant', async () => {
    const cookie = await sessionCookieFor(app.db, demo.copperOwner);
    const params = encodePaymentFrameParams({
      publishableKey: harbor.publicKey,
      isVirtualTerminal: true,
      paymentOptions: ['credit_card', 'cash'],
    });
    const res = await charge({ params, amount: '5.00', method: 'cash' }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(PaymentFrameErrorCode.InvalidLink);
    expect(Permission.VirtualTerminal).toBe('Virtual Terminal');
  });
});

describe('the colour scheme a host asks for (the colorScheme param)', () => {
  it('is signed with the rest of the link: a dark link is signed and paid, and its scheme cannot change under its signature', async () => {
    const cookie = await sessionCookieFor(app.db, demo.owner);
    const link: PaymentFrameParams = {
      publishableKey: harbor.publicKey,
      amount: '25.00',
      paymentOptions: ['credit_card'],
    };
    const dark = encodePaymentFrameParams({ ...link, colorScheme: 'dark' });
    const signed = await app.inject({
      method: 'POST',
      url: '/api/payment-frame/sign',
      headers: { cookie },
      payload: { params: dark },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const sig: string = signed.json().message.sig;
    const opened = await app.inject({
      method: 'GET',
      url: `/api/payment-frame/merchant?${new URLSearchParams({ key: harbor.publicKey, params: dark, sig })}`,
      remoteAddress: payerAddress(),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().message.link_state).toBe('open');
    const paid = await charge({
      params: dark,
      sig,
      amount: '25.00',
      method: 'credit_card',
      token: await cardToken(),
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // The same link turned light (its scheme taken out) under the dark link's signature is tampered.
    const before = (await transactionsOf(harbor.id)).length;
    await expectRefused(
      await charge({
        params: encodePaymentFrameParams(link),
        sig,
        amount: '25.00',
        method: 'credit_card',
        token: await cardToken(),
      }),
      400,
      PaymentFrameErrorCode.InvalidLink,
      PaymentFrameText.InvalidLink,
    );
    expect(await transactionsOf(harbor.id)).toHaveLength(before);

    // Light and dark only.
    const sepia = await app.inject({
      method: 'POST',
      url: '/api/payment-frame/sign',
      headers: { cookie },
      payload: { params: btoa(JSON.stringify({ ...link, colorScheme: 'sepia' })) },
    });
    expect(sepia.statusCode).toBe(400);
    expect(sepia.json().error.code).toBe(PaymentFrameErrorCode.InvalidLink);
  });
});

describe('a virtual terminal user tied to locations of the merchant', () => {
  it('must choose one of theirs: offered without the dropdown, refused without one, recorded with it', async () => {
    // The demo cashier is tied to Pearl District of Harbor Lane; the owner to no location.
    const pearl = await baristaLocation();
    const [other] = await app.db
      .insert(subEntities)
      .values({ clientId: harbor.id, name: `Market Stall ${randomUUID().slice(0, 8)}` })
      .returning({ id: subEntities.id });
    if (!other) throw new Error('no location');
    const cookie = await sessionCookieFor(app.db, demo.barista);
    // The virtual terminal's own params, without showLocationsDropdown.
    const params = encodePaymentFrameParams({
      publishableKey: harbor.publicKey,
      isVirtualTerminal: true,
      paymentOptions: ['credit_card', 'cash'],
    });
    const info = async (as: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/payment-frame/merchant?${new URLSearchParams({ key: harbor.publicKey, params })}`,
          headers: { cookie: await sessionCookieFor(app.db, as) },
        })
      ).json().message;
    const owners = await info(demo.owner);
    expect(owners.locations).toEqual([]);
    expect(owners.virtual_terminal.location_required).toBe(false);
    const cashiers = await info(demo.barista);
    expect(cashiers.locations).toEqual([pearl]);
    expect(cashiers.virtual_terminal.location_required).toBe(true);

    const before = (await transactionsOf(harbor.id)).length;
    await expectRefused(
      await charge({ params, amount: '5.00', method: 'cash' }, { cookie }),
      400,
      PaymentFrameErrorCode.LocationRequired,
      PaymentFrameText.LocationRequired,
    );
    await expectRefused(
      await charge({ params, amount: '5.00', method: 'cash', locationId: other.id }, { cookie }),
      400,
      PaymentFrameErrorCode.LocationNotValid,
      PaymentFrameText.LocationNotValid,
    );
    expect(await transactionsOf(harbor.id)).toHaveLength(before);

    const paid = await charge({ params, amount: '5.00', method: 'cash', locationId: pearl.id }, { cookie });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = (await transactionsOf(harbor.id)).filter((r) => r.id === paid.json().message.id);
    expect(row?.subEntityId).toBe(pearl.id);
    expect(row?.apiResponse).toMatchObject({ sub_location: { name: pearl.name } });
    // The owner, tied to none, still pays without choosing.
    const ownerCookie = await sessionCookieFor(app.db, demo.owner);
    const ownersCash = await charge({ params, amount: '5.00', method: 'cash' }, { cookie: ownerCookie });
    expect(ownersCash.statusCode, ownersCash.body).toBe(200);
  });
});

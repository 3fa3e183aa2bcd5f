import { randomUUID } from 'node:crypto';
import { LinkOptionsErrorCode, LinkOptionsText } from '@portico/contracts/payment-frame/link-options';
import type { PaymentFrameParams } from '@portico/contracts/payment-frame/params';
import {
  RichDescriptionErrorCode,
  RichDescriptionText,
} from '@portico/contracts/payment-frame/rich-description';
import { PaymentFrameErrorCode, PaymentFrameText } from '@portico/contracts/payment-frame/texts';
import { receiptResponse } from '@portico/contracts/transactions/receipt';
import { transactionMetaSchema } from '@portico/contracts/transactions/transaction';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClientOf, sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { secretApiKeyOf } from '../../../test/factories';
import { linkBuilderParams, paymentFramePayer } from '../../../test/payment-frame-payer';
import { clients } from '../../db/schema/clients';
import { paymentAttempts } from '../../db/schema/payment-attempts';
import { transactions } from '../../db/schema/transactions';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';

// Each payment pays a link of its own (a one-time link takes one payment).
// A payment link's options take effect on the charge: the tip is added to the total and kept, the
// opt-in answer and shipping address are kept and shown, a full name is required when the link asks,
// the card goes to the vault when asked, level 2 / level 3 data is kept; an option the link does not
// offer, or a bad answer, is refused with its message and nothing is saved.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let payer: ReturnType<typeof paymentFramePayer>;
let merchant: { id: string; publicKey: string; apiKey: string };

const pan = '111122223333444';
const cardNumber = `${pan}${luhnDigit(pan)}`;

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

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  payer = paymentFramePayer(ctx.app);
  const id = await defaultClientOf(ctx.app.db, demo.owner);
  const [row] = await ctx.app.db
    .select({ publicKey: clients.publicKey })
    .from(clients)
    .where(eq(clients.id, id));
  if (!row) throw new Error('no demo merchant');
  merchant = { id, publicKey: row.publicKey, apiKey: await secretApiKeyOf(ctx.app.db, id) };
});
afterAll(async () => {
  await ctx.close();
});

async function cardToken(): Promise<string> {
  const res = await payer.tokenize({
    kind: 'card',
    number: cardNumber,
    expMonth: '12',
    expYear: '2031',
    cvv: '123',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message.token;
}

async function pay(options: Partial<PaymentFrameParams>, body: Record<string, unknown>) {
  const link = payer.signedLink(
    merchant.publicKey,
    linkBuilderParams(merchant.publicKey, { amount: '25.00', linkId: randomUUID(), ...options }),
  );
  return payer.charge({
    ...link,
    amount: '25.00',
    method: 'credit_card',
    token: await cardToken(),
    firstName: 'Robin',
    lastName: 'Vale',
    email: 'robin.vale@example.com',
    ...body,
  });
}

async function counts() {
  const rows = await ctx.app.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.clientId, merchant.id));
  const attempts = await ctx.app.db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.clientId, merchant.id));
  return { transactions: rows.length, attempts: attempts.length };
}

// The refusal's status, code and message, and nothing saved: no transaction, no money attempt.
async function expectRefusedSavingNothing(
  send: () => Promise<{ statusCode: number; json: () => { error: unknown } }>,
  status: number,
  code: string,
  message: string,
) {
  const before = await counts();
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json().error).toMatchObject({ code, message });
  expect(await counts()).toEqual(before);
}

async function storedPayment(id: string) {
  const [row] = await ctx.app.db.select().from(transactions).where(eq(transactions.id, id));
  if (!row) throw new Error('no transaction');
  return { row, options: transactionMetaSchema.parse(row.meta).linkOptions };
}

async function receiptOf(id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/receipt?id=${id}`,
    headers: { cookie: await sessionCookieFor(ctx.app.db, demo.owner) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return receiptResponse.parse(res.json()).message;
}

describe('tip (allowTip)', () => {
  it('adds the tip to the total charged, keeps it and shows it on the receipt', async () => {
    const res = await pay({ allowTip: true }, { tip: '4.50' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().message;
    expect(result).toMatchObject({ amount: '29.50', tip: '4.50' });
    const { row, options } = await storedPayment(result.id);
    expect(row.amountCents).toBe(2950);
    expect(options).toEqual({ tip: '4.50' });
    const receipt = await receiptOf(result.id);
    expect(receipt).toMatchObject({ amount: '29.50', tip: '4.50' });
  });

  it('refuses a tip the link does not offer, one above the amount and one that is not an amount', async () => {
    await expectRefusedSavingNothing(
      () => pay({}, { tip: '1.00' }),
      422,
      LinkOptionsErrorCode.NotOffered,
      LinkOptionsText.TipNotOffered,
    );
    await expectRefusedSavingNothing(
      () => pay({ allowTip: true }, { tip: '25.01' }),
      400,
      LinkOptionsErrorCode.Invalid,
      LinkOptionsText.TipTooLarge,
    );
    await expectRefusedSavingNothing(
      () => pay({ allowTip: true }, { tip: '1.234' }),
      400,
      LinkOptionsErrorCode.Invalid,
      LinkOptionsText.TipInvalid,
    );
  });
});

describe('opt-in, full name and shipping address', () => {
  it('keeps the opt-in answer, yes or no, only where the link asks', async () => {
    const yes = await pay({ optIn: true }, { optIn: true });
    expect(yes.statusCode, yes.body).toBe(200);
    expect((await storedPayment(yes.json().message.id)).options).toEqual({ optIn: true });
    const unanswered = await pay({ optIn: true }, {});
    expect((await storedPayment(unanswered.json().message.id)).options).toEqual({ optIn: false });
    await expectRefusedSavingNothing(
      () => pay({}, { optIn: true }),
      422,
      LinkOptionsErrorCode.NotOffered,
      LinkOptionsText.OptionNotOffered,
    );
  });

  it('requires a first and last name when the link asks for the full name', async () => {
    await expectRefusedSavingNothing(
      () => pay({ fullName: true }, { lastName: '  ' }),
      400,
      PaymentFrameErrorCode.CustomFieldRequired,
      LinkOptionsText.FullNameRequired,
    );
    expect((await pay({ fullName: true }, {})).statusCode).toBe(200);
  });

  it('requires the whole shipping address, keeps it and prints it on the receipt', async () => {
    const address = { line1: '9 Quay Street', city: 'Portland', state: 'ME', postalCode: '04101' };
    await expectRefusedSavingNothing(
      () => pay({ address: true }, { shippingAddress: { ...address, city: ' ' } }),
      400,
      PaymentFrameErrorCode.CustomFieldRequired,
      PaymentFrameText.CustomFieldRequired('Shipping city'),
    );
    await expectRefusedSavingNothing(
      () => pay({}, { shippingAddress: address }),
      422,
      LinkOptionsErrorCode.NotOffered,
      LinkOptionsText.OptionNotOffered,
    );
    const res = await pay({ address: true }, { shippingAddress: address });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().message.id;
    expect((await storedPayment(id)).options).toEqual({ shippingAddress: address });
    expect((await receiptOf(id)).shipping_address).toEqual(['9 Quay Street', 'Portland, ME 04101']);
  });
});

describe('savePaymentToken and saveMode', () => {
  async function vaultOf(email: string) {
    const customers = await ctx.app.db.select().from(vaultCustomers).where(eq(vaultCustomers.email, email));
    const methods =
      customers[0] === undefined
        ? []
        : await ctx.app.db
            .select()
            .from(vaultPaymentMethods)
            .where(eq(vaultPaymentMethods.customerId, customers[0].id));
    return { customers, methods };
  }

  it('saves the card to the vault as its display token when the payer asks, once per card', async () => {
    const email = 'saver@example.com';
    const notAsked = await pay({ savePaymentToken: true, saveMode: 'ask' }, { email, saveCard: false });
    expect(notAsked.statusCode, notAsked.body).toBe(200);
    expect((await vaultOf(email)).customers).toHaveLength(0);

    for (let round = 0; round < 2; round += 1) {
      const res = await pay({ savePaymentToken: true, saveMode: 'ask' }, { email, saveCard: true });
      expect(res.statusCode, res.body).toBe(200);
      const { row, options } = await storedPayment(res.json().message.id);
      expect(options).toEqual({ savedToVault: true });
      const vault = await vaultOf(email);
      expect(vault.customers).toHaveLength(1);
      expect(row.customerId).toBe(vault.customers[0]?.id);
    }
    const { methods } = await vaultOf(email);
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({
      token: `VISA-${cardNumber.slice(-4)}-12-2031`,
      last4: cardNumber.slice(-4),
    });
    expect(JSON.stringify(methods)).not.toContain(cardNumber);
  });

  it("saves every card on an 'always' link and refuses saving without an e-mail or where not offered", async () => {
    const res = await pay({ savePaymentToken: true, saveMode: 'always' }, { email: 'always@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await vaultOf('always@example.com')).methods).toHaveLength(1);
    await expectRefusedSavingNothing(
      () => pay({ savePaymentToken: true, saveMode: 'always' }, { email: '' }),
      400,
      LinkOptionsErrorCode.Invalid,
      LinkOptionsText.SaveNeedsEmail,
    );
    await expectRefusedSavingNothing(
      () => pay({}, { saveCard: true }),
      422,
      LinkOptionsErrorCode.NotOffered,
      LinkOptionsText.OptionNotOffered,
    );
  });
});

describe('level 2 and level 3 data', () => {
  it('keeps the PO number, tax amount and line items with the payment', async () => {
    const res = await pay(
      { isLevelTwoDataEnabled: true, isLevelThreeDataEnabled: true },
      {
        levelTwo: { poNumber: 'PO-7781', taxAmount: '1.5' },
        lineItems: [
          { description: 'Espresso beans 1 kg', productCode: 'EB-1', quantity: '2', unitPrice: '10' },
          { description: '', productCode: '', quantity: '', unitPrice: '' },
        ],
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedPayment(res.json().message.id)).options).toEqual({
      levelTwo: { poNumber: 'PO-7781', taxAmount: '1.50' },
      levelThree: {
        lineItems: [
          { description: 'Espresso beans 1 kg', productCode: 'EB-1', quantity: 2, unitPrice: '10.00' },
        ],
      },
    });
  });

  it('refuses a bad line item, a tax above the amount and data the link does not take', async () => {
    await expectRefusedSavingNothing(
      () =>
        pay(
          { isLevelThreeDataEnabled: true },
          { lineItems: [{ description: 'Mugs', quantity: '0', unitPrice: '3' }] },
        ),
      400,
      LinkOptionsErrorCode.Invalid,
      LinkOptionsText.LineItemInvalid(1),
    );
    await expectRefusedSavingNothing(
      () => pay({ isLevelTwoDataEnabled: true }, { levelTwo: { taxAmount: '30.00' } }),
      400,
      LinkOptionsErrorCode.Invalid,
      LinkOptionsText.TaxInvalid,
    );
    await expectRefusedSavingNothing(
      () => pay({}, { levelTwo: { poNumber: 'PO-1' } }),
      422,
      LinkOptionsErrorCode.NotOffered,
      LinkOptionsText.LevelDataNotOffered,
    );
  });
});

describe('rich-text description (POST /api/payment-links/sign)', () => {
  const sign = (description: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payment-links/sign',
      headers: { authorization: `Bearer ${merchant.apiKey}` },
      payload: {
        params: Buffer.from(JSON.stringify(linkBuilderParams(merchant.publicKey, { description }))).toString(
          'base64',
        ),
      },
    });

  it('signs allow-listed styles and font sizes from 10 to 30 px', async () => {
    const res = await sign(
      '<p><strong>Invoice</strong> &amp; <span style="font-size: 30px">thanks</span></p><ul><li>one</li></ul>',
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses scripts, attributes and font sizes outside the range, with what is wrong', async () => {
    const cases: [string, string][] = [
      ['<script>alert(1)</script>', RichDescriptionText.NotAllowed('<script>')],
      ['<p onclick="steal()">hi</p>', RichDescriptionText.NotAllowed('<p>')],
      ['<img src=x onerror=alert(1)>', RichDescriptionText.NotAllowed('<img>')],
      ['<span style="font-size: 40px">big</span>', RichDescriptionText.FontSizeOutOfRange],
      ['<span style="color: red">red</span>', RichDescriptionText.NotAllowed('<span>')],
      ['<strong>open <em>cross</strong></em>', RichDescriptionText.Unbalanced],
    ];
    for (const [description, message] of cases) {
      const res = await sign(description);
      expect(res.statusCode, description).toBe(400);
      expect(res.json().error).toMatchObject({ code: RichDescriptionErrorCode.NotAllowed, message });
    }
  });
});

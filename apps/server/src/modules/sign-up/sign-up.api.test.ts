import { SignUpErrorCode, SignUpText } from '@portico/contracts/clients/sign-up';
import { encodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { receiptResponse } from '@portico/contracts/transactions/receipt';
import { reportPageResponse } from '@portico/contracts/transactions/report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, outboxFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { paymentFramePayer } from '../../../test/payment-frame-payer';
import { memberships } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { enrollments } from '../../db/schema/enrollments';
import { auditLog } from '../../db/schema/system';
import { transactions } from '../../db/schema/transactions';
import { users } from '../../db/schema/users';

const publicUrl = 'http://localhost:3999';
// The sign-in budget, which the sign-up shares.
const signUpsPerMinute = 8;
let built: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  built = await buildTestApp(
    {
      dataKeyHex: '6b'.repeat(32),
      publicUrl,
      authRateLimitPerMinute: signUpsPerMinute,
    },
    { demoAccounts: true },
  );
});
afterAll(async () => {
  await built.close();
});

function signUp(payload: object, headers: Record<string, string> = {}) {
  return built.app.inject({ method: 'POST', url: '/api/sign-up', payload, headers });
}

const business = {
  business_name: 'Juniper Tea House',
  first_name: 'June',
  last_name: 'Park',
  email: 'June@JuniperTea.example',
  phone: '(503) 555-0142',
};

async function enrollmentsByEmail(email: string) {
  return built.app.db.select().from(enrollments).where(eq(enrollments.email, email));
}

describe('POST /api/sign-up', () => {
  it('creates a lead enrollment under the provider that staff see in Onboarding, and mails the link', async () => {
    const res = await signUp(business);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: SignUpText.Received });
    await built.app.mail.idle();

    const [lead] = await enrollmentsByEmail('june@junipertea.example');
    const [root] = await built.app.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.name, 'Portico Payments'));
    expect(lead).toMatchObject({
      dbaName: 'Juniper Tea House',
      firstName: 'June',
      lastName: 'Park',
      applicationStatus: 'SEND LINK',
      status: 'cta_sent',
      parentId: root?.id,
      clientId: null,
    });

    const onboarding = await callAs(built.app, demo.admin, 'GET', '/api/portal/onboarding-meta');
    expect(onboarding.json().message).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: lead?.id, dba_name: 'Juniper Tea House' })]),
    );

    const [mail] = await outboxFor(built.app.db, 'june@junipertea.example');
    const link = new URL(mail?.bodyText?.match(/https?:\/\/\S+/)?.[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl}/app/enroll/${root?.id}/${lead?.id}`);
    // The link opens the application (the click-to-agree page's own check).
    const view = await built.app.inject({
      method: 'GET',
      url: `/api/public/enroll/${lead?.id}?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`,
    });
    expect(view.statusCode).toBe(200);
    const [audit] = await built.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, lead?.id ?? ''));
    expect(audit?.action).toBe('enrollment.sign_up');
  });

  it('answers an address with an account the same way, creating nothing and mailing a sign-in note', async () => {
    const before = await built.app.db.select({ id: enrollments.id }).from(enrollments);
    const res = await signUp({ ...business, email: demo.owner.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: SignUpText.Received });
    await built.app.mail.idle();
    expect(await built.app.db.select({ id: enrollments.id }).from(enrollments)).toHaveLength(before.length);
    const [mail] = await outboxFor(built.app.db, demo.owner);
    expect(mail?.subject).toBe('You already have a Portico account');
  });

  it('refuses unknown keys, a bad address and a cross-site post, creating nothing', async () => {
    const before = await built.app.db.select({ id: enrollments.id }).from(enrollments);
    expect((await signUp({ ...business, email: 'grape@vine.example', is_admin: true })).statusCode).toBe(400);
    expect((await signUp({ ...business, email: 'not-an-address' })).statusCode).toBe(400);
    expect((await signUp({ ...business, email: 'grape@vine.example', business_name: ' ' })).statusCode).toBe(
      400,
    );
    const forged = await signUp(
      { ...business, email: 'grape@vine.example' },
      { origin: 'https://evil.example' },
    );
    expect(forged.statusCode).toBe(403);
    expect(await built.app.db.select({ id: enrollments.id }).from(enrollments)).toHaveLength(before.length);
  });

  it('mails one address at most three times a day, answering the fourth the same and sending nothing', async () => {
    // An unknown address (a lead each time) and one with an account (a sign-in note each time).
    for (const [email, ip] of [
      ['quince@orchard.example', '198.51.100.61'],
      [demo.barista, '198.51.100.62'],
    ] as const) {
      const answers = [];
      for (let call = 0; call < 4; call += 1) {
        const res = await built.app.inject({
          method: 'POST',
          url: '/api/sign-up',
          payload: { ...business, email },
          remoteAddress: ip,
        });
        answers.push(res.json());
      }
      await built.app.mail.idle();
      expect(answers).toEqual(Array(4).fill({ status: true, message: SignUpText.Received }));
      expect(await outboxFor(built.app.db, email)).toHaveLength(3);
    }
    expect(await enrollmentsByEmail('quince@orchard.example')).toHaveLength(3);
  });

  it('is rate-limited', async () => {
    // One more than the budget allows in a minute, whatever the earlier tests spent.
    const statuses: number[] = [];
    for (let call = 0; call <= signUpsPerMinute; call += 1) {
      statuses.push((await signUp({ ...business, email: 'limit@vine.example', is_admin: 1 })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('POST /api/sandboxlink', () => {
  it('answers the sandbox sign-up page for the address to staff and parents', async () => {
    const res = await callAs(built.app, demo.reseller, 'POST', '/api/sandboxlink', {
      email: 'Dev@Orbit.example',
    });
    expect(res.statusCode).toBe(200);
    const link = new URL(res.json().message);
    expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl}/app/sign-up`);
    expect(link.searchParams.get('sandbox')).toBe('true');
    expect(link.searchParams.get('email')).toBe('dev@orbit.example');
    // The invitation the sandbox sign-up needs, signed for this address.
    expect(link.searchParams.get('token')).toMatch(/^v1\.\d+\.[\w-]+$/);
    expect(
      (await built.app.inject({ method: 'POST', url: '/api/sandboxlink', payload: { email: 'a@b.example' } }))
        .statusCode,
    ).toBe(401);
    expect((await callAs(built.app, demo.admin, 'POST', '/api/sandboxlink', { email: 'x' })).statusCode).toBe(
      400,
    );
  });

  it("refuses a merchant's own users, who may not open accounts (403)", async () => {
    const res = await callAs(built.app, demo.owner, 'POST', '/api/sandboxlink', {
      email: 'dev@orbit.example',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the sandbox sign-up', () => {
  // Its own address, so the rate-limit test above cannot have spent this budget.
  const developerIp = '198.51.100.23';
  const signUpFrom = (payload: object) =>
    built.app.inject({ method: 'POST', url: '/api/sign-up', payload, remoteAddress: developerIp });
  const orbit = { business_name: 'Orbit Labs', first_name: 'Ada', last_name: 'Byron' };

  async function invitationFor(email: string) {
    const res = await callAs(built.app, demo.admin, 'POST', '/api/sandboxlink', { email });
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json().message).searchParams.get('token') ?? '';
  }
  async function userByEmail(email: string) {
    const [row] = await built.app.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  it('opens a sandbox account with the applicant as its developer, off the live path', async () => {
    const token = await invitationFor('ada@orbit.example');
    const res = await signUpFrom({ ...orbit, email: 'Ada@Orbit.example', sandbox_token: token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, message: SignUpText.Received });

    const [lead] = await enrollmentsByEmail('ada@orbit.example');
    // Marked as a sandbox lead: status in_development, its account already made; the application
    // itself still waits to be finished and reviewed before anything goes live.
    expect(lead).toMatchObject({ applicationStatus: 'SEND LINK', status: 'in_development' });
    const [account] = await built.app.db
      .select()
      .from(clients)
      .where(eq(clients.id, lead?.clientId ?? ''));
    expect(account).toMatchObject({
      status: 'in_development',
      isInCertification: true,
      parentId: lead?.parentId,
    });
    expect(account?.sandboxApiKey).toMatch(/^sk_test_/);

    const developer = await userByEmail('ada@orbit.example');
    expect(developer).toMatchObject({ userType: 'user', label: 'Technology', defaultClientId: account?.id });
    const membership = await built.app.db
      .select({ clientId: memberships.clientId })
      .from(memberships)
      .where(eq(memberships.userId, developer?.id ?? ''));
    expect(membership).toEqual([{ clientId: account?.id }]);

    const [audit] = await built.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, lead?.id ?? ''));
    expect(audit).toMatchObject({ action: 'enrollment.sign_up', clientId: account?.id });
    expect(audit?.details).toMatchObject({ is_sandbox: true });

    // The developer can sign in and open the sandbox account, as a member of it.
    const own = await callAs(built.app, 'ada@orbit.example', 'GET', `/api/account/${account?.id}`);
    expect(own.statusCode, own.body).toBe(200);

    await built.app.mail.idle();
    const [mail] = await outboxFor(built.app.db, 'ada@orbit.example');
    expect(mail?.subject).toBe('Your Portico sandbox is ready');
    expect(mail?.bodyText).toContain(`${publicUrl}/app/login`);
    expect(mail?.bodyText).toContain(`${publicUrl}/app/enroll/${lead?.parentId}/${lead?.id}?token=`);
  });

  it('refuses an invitation for another address or a forged one (400), creating nothing', async () => {
    const token = await invitationFor('someone@orbit.example');
    for (const sandboxToken of [token, 'v1.4102444800.AAAA', `${token}x`]) {
      const res = await signUpFrom({ ...orbit, email: 'mallory@orbit.example', sandbox_token: sandboxToken });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: SignUpErrorCode.SandboxLinkInvalid,
        message: SignUpText.SandboxLinkInvalid,
      });
    }
    expect(await enrollmentsByEmail('mallory@orbit.example')).toEqual([]);
    expect(await userByEmail('mallory@orbit.example')).toBeUndefined();
  });
});

describe("a sandbox account's payments", () => {
  const developerIp = '198.51.100.24';
  const email = 'grace@lovelace-labs.example';

  it('takes a test payment on the frame with its publishable key, listed as a test payment', async () => {
    const invitation = await callAs(built.app, demo.admin, 'POST', '/api/sandboxlink', { email });
    const token = new URL(invitation.json().message).searchParams.get('token') ?? '';
    const signed = await built.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      remoteAddress: developerIp,
      payload: {
        business_name: 'Lovelace Labs',
        first_name: 'Grace',
        last_name: 'Hopper',
        email,
        sandbox_token: token,
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [lead] = await enrollmentsByEmail(email);
    const [account] = await built.app.db
      .select()
      .from(clients)
      .where(eq(clients.id, lead?.clientId ?? ''));
    if (!account) throw new Error('no sandbox account');
    expect(account.publicKey).toMatch(/^pk_test_[A-Za-z0-9_-]{43}$/);

    // The developer signs a payment link of the account; a payer opens it and pays.
    const params = encodePaymentFrameParams({
      publishableKey: account.publicKey,
      amount: '12.00',
      paymentOptions: ['credit_card'],
    });
    const sign = await callAs(built.app, email, 'POST', '/api/payment-frame/sign', { params });
    expect(sign.statusCode, sign.body).toBe(200);
    const sig: string = sign.json().message.sig;
    const frame = await built.app.inject({
      method: 'GET',
      url: `/api/payment-frame/merchant?${new URLSearchParams({ key: account.publicKey, params, sig })}`,
    });
    expect(frame.statusCode, frame.body).toBe(200);
    expect(frame.json().message).toMatchObject({ name: 'Lovelace Labs', can_take_card: true });
    const payer = paymentFramePayer(built.app);
    const card = await payer.tokenize({
      kind: 'card',
      number: '1111111111111117',
      expMonth: '12',
      expYear: '2030',
      cvv: '123',
    });
    expect(card.statusCode, card.body).toBe(200);
    const paid = await payer.charge({
      params,
      sig,
      amount: '12.00',
      method: 'credit_card',
      token: card.json().message.token,
      email: 'payer@customer.example',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const transactionId: string = paid.json().message.id;

    const [row] = await built.app.db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(row?.isTest).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const report = await callAs(
      built.app,
      email,
      'GET',
      `/api/v1/report?start=${today}&end=${today}&clientid=${account.id}`,
    );
    expect(report.statusCode, report.body).toBe(200);
    const listed = reportPageResponse.parse(report.json()).message.find(([, t]) => t.id === transactionId);
    expect(listed?.[1].is_test).toBe(true);
    const receipt = await callAs(built.app, email, 'GET', `/api/v1/receipt?id=${transactionId}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receiptResponse.parse(receipt.json()).message.is_test).toBe(true);

    // A live merchant's payment is not a test payment.
    const [live] = await built.app.db
      .select({ isTest: transactions.isTest })
      .from(transactions)
      .innerJoin(clients, eq(clients.id, transactions.clientId))
      .where(eq(clients.status, 'Active'))
      .limit(1);
    expect(live?.isTest ?? false).toBe(false);
  });
});

import { SignUpErrorCode, SignUpText } from '@portico/contracts/clients/sign-up';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, outboxFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo, seedDemoAccounts } from '../../../test/demo-data';
import { memberships } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { enrollments } from '../../db/schema/enrollments';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';

const publicUrl = 'http://localhost:3999';
// The sign-in budget, which the sign-up shares.
const signUpsPerMinute = 8;
let built: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  built = await buildTestApp({
    dataKeyHex: '6b'.repeat(32),
    publicUrl,
    authRateLimitPerMinute: signUpsPerMinute,
  });
  await seedDemoAccounts(built.database);
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

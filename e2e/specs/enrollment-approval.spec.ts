import { type APIRequestContext, expect, test } from '@playwright/test';
import { EnrollmentActionText } from '@portico/contracts/enrollment/enrollment-actions';
import { z } from 'zod';
import { e2eEnvKeys } from '../support/e2e-control';
import { waitForEmailLink } from '../support/mailbox';
import { nextDemoCode } from '../support/second-factor';

// Enrollment review through the API as staff (the enrollment page drives the same calls): KYC with the
// sandbox provider, approval into a live account with production keys, a rejection, and the
// developer e-mail delivered to the real SMTP peer.

const admin = 'admin@portico.example';
const envelope = z.object({ status: z.literal(true), message: z.unknown() });

async function messageOf<T extends z.ZodType>(response: { json(): Promise<unknown> }, schema: T) {
  return schema.parse(envelope.parse(await response.json()).message);
}

// The e-mail link sign-in without the page: ask for the link, exchange its code (POST /auth), then
// the demo authenticator's code when the answer asks for the second factor.
async function signInThroughApi(request: APIRequestContext, email: string) {
  const since = Date.now();
  expect((await request.post('/firebase', { data: { email } })).ok()).toBe(true);
  const link = new URL(await waitForEmailLink(email, since));
  const token = link.searchParams.get('oobCode');
  if (!token) throw new Error('the login link carries no code');
  const signedIn = await request.post('/auth', { data: { token, email } });
  expect(signedIn.ok()).toBe(true);
  const answer = (await signedIn.json()) as { message?: { second_factor_required?: boolean } };
  if (!answer.message?.second_factor_required) return;
  const proved = await request.post('/api/second-factor/challenge', {
    data: { code: await nextDemoCode(email) },
  });
  expect(proved.ok()).toBe(true);
}

async function enrollUnderSummit(request: APIRequestContext, dba: string, lastName: string) {
  const parents = await messageOf(
    await request.get('/api/parent-assignment'),
    z.array(z.object({ parent_id: z.string(), name: z.string() })),
  );
  const summit = parents.find((parent) => parent.name === 'Summit Merchant Services');
  if (!summit) throw new Error('no Summit parent');
  const response = await request.post('/api/enroll', {
    data: {
      application_type: 'Merchant',
      is_from_portal: true,
      dba_name: dba,
      legal_name: `${dba} LLC`,
      email: 'owner@juniper.example',
      parent: summit.parent_id,
      mcc_code: '5812',
      level: 'Merchant',
      card_rate: 'IC+35bps+10c',
      ach_rate: '0.50+0.30',
      principals: [{ first_name: 'June', last_name: lastName, ssn: '123-45-6789' }],
    },
  });
  expect(response.ok()).toBe(true);
  return (await messageOf(response, z.object({ id: z.string() }))).id;
}

type ReceivedMail = { to: string[]; subject: string; text: string; receivedAt: number };

async function waitForMail(to: string, since: number): Promise<ReceivedMail> {
  const controlUrl = process.env[e2eEnvKeys.controlUrl];
  if (!controlUrl) throw new Error('no control server');
  const mailSchema = z.array(
    z.object({ to: z.array(z.string()), subject: z.string(), text: z.string(), receivedAt: z.number() }),
  );
  for (let attempt = 0; attempt < 75; attempt++) {
    const mail = mailSchema.parse(await (await fetch(`${controlUrl}/mail`)).json());
    const found = mail.find((message) => message.receivedAt >= since && message.to.includes(to));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail reached ${to}`);
}

test('staff run KYC and approve: the new merchant exists with production keys', async ({ request }) => {
  await signInThroughApi(request, admin);
  const dba = `Marigold Tea ${Date.now()}`;
  const id = await enrollUnderSummit(request, dba, 'Park');

  const early = await request.patch('/api/enroll/approve', { data: { id } });
  expect(early.status()).toBe(422);

  const kyc = await messageOf(
    await request.post('/api/kyc', { data: { id } }),
    z.object({ kyc_status: z.string() }),
  );
  expect(kyc.kyc_status).toBe('passed');

  const approved = await messageOf(
    await request.patch('/api/enroll/approve', { data: { id } }),
    z.object({
      client_id: z.string(),
      application_status: z.string(),
      public_key: z.string(),
      api_key_last4: z.string(),
    }),
  );
  expect(approved.application_status).toBe('BOARDED');
  expect(approved.public_key).toMatch(/^pk_live_/);
  expect(approved.api_key_last4).toHaveLength(4);

  const clients = await messageOf(
    await request.get('/api/client/my-clients'),
    z.array(z.object({ id: z.string(), name: z.string() })),
  );
  expect(clients.find((client) => client.id === approved.client_id)?.name).toBe(dba);

  // The lead developer is enrolled in production and receives the instructions.
  const developer = `dev-${Date.now()}@marigold.example`;
  const enrolled = await request.post('/api/enroll/developer', {
    data: { id, name: 'Dana Dev', email: developer, environment: 'production' },
  });
  expect(enrolled.ok()).toBe(true);
  const since = Date.now();
  const mailed = await request.post('/api/enroll/developer/email', { data: { id, email: developer } });
  expect(mailed.ok()).toBe(true);
  const mail = await waitForMail(developer, since);
  expect(mail.subject).toBe(`Your Portico developer access for ${dba}`);
  expect(mail.text).toContain('/app/login');
});

test('staff reject a second enrollment: it is barred and cannot be rejected twice', async ({ request }) => {
  await signInThroughApi(request, admin);
  const id = await enrollUnderSummit(request, `Vapor Den ${Date.now()}`, 'Fail');
  const kyc = await messageOf(
    await request.post('/api/kyc', { data: { id } }),
    z.object({ kyc_status: z.string() }),
  );
  expect(kyc.kyc_status).toBe('failed');
  const refused = await request.patch('/api/enroll/approve', { data: { id } });
  expect(refused.status()).toBe(422);
  const rejected = await messageOf(
    await request.patch('/api/enroll/reject', { data: { id } }),
    z.object({ application_status: z.string() }),
  );
  expect(rejected.application_status).toBe('REJECTED');
  const again = await request.patch('/api/enroll/reject', { data: { id } });
  expect(again.status()).toBe(409);
  const body = z.object({ error: z.object({ message: z.string() }) }).parse(await again.json());
  expect(body.error.message).toBe(EnrollmentActionText.AlreadyRejected);
});

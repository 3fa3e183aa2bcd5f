import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../auth-helpers';
import { buildTestApp } from '../build-test-app';
import { demo } from '../demo-data';

// Secrets and personal data that reach the server in an address: none of them may be written to the
// log, whichever line (incoming request, completion, error, browser report) would carry the address.
const secrets = {
  unsubscribeToken: 'UnsubT0kenQ7x9Vb2Lm4Np6Rs8Tu0Wy3Za5Cd7Ef9Gh1',
  paymentPageKey: 'pk_live_P4ymentP4geKey0042',
  patientNumber: 'PN99812734',
  patientEmail: 'jane.doe.patient@example.com',
  patientName: 'Janeczka',
  loginCode: 'L0ginC0deR3dQ8w2Ek5Tz7Yu9Io1Pa3Sd6',
  unknownPathSecret: 'S3cretP4thSegment77aa41bc',
};

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true, logLines });
});

afterAll(async () => {
  await ctx.close();
});

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

describe('request logs', () => {
  it('carry no token, key, login code or patient field of any address', async () => {
    const owner = await sessionCookieFor(ctx.app.db, demo.owner);
    const query = new URLSearchParams({
      patient_number: secrets.patientNumber,
      email: secrets.patientEmail,
      first_name: secrets.patientName,
    });
    await get(`/api/unsubscribe/${secrets.unsubscribeToken}`);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { cancelId: secrets.unsubscribeToken },
    });
    await get(`/app/createlink/${secrets.paymentPageKey}`);
    await get(`/api/payee/all?${query.toString()}`, owner);
    await get(`/app/verify-email?oobCode=${secrets.loginCode}&mode=signIn&page=2`);
    await ctx.app.inject({
      method: 'POST',
      url: '/auth',
      payload: { token: secrets.loginCode, email: demo.owner },
    });
    await get(`/api/no-such-route/${secrets.unknownPathSecret}?token=${secrets.loginCode}`);
    await ctx.app.inject({ method: 'DELETE', url: `/api/unsubscribe/${secrets.unsubscribeToken}` });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: {
        kind: 'error',
        message: 'render failed',
        url: `/app/createlink/${secrets.paymentPageKey}?patient_number=${secrets.patientNumber}`,
        release: 'test',
      },
    });

    const log = logLines.join('');
    expect(log).toContain('"url":"/api/unsubscribe/:cancelId"');
    expect(log).toContain('"url":"/app/*"');
    expect(log).toContain('patient_number=%5Bredacted%5D');
    expect(log).toContain('page=2');
    for (const [name, value] of Object.entries(secrets)) {
      const leaking = logLines.filter(
        (line) => line.includes(value) || line.includes(encodeURIComponent(value)),
      );
      expect(leaking, name).toEqual([]);
    }
  });
});

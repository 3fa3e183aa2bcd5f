import { KeyEntryErrorText } from '@portico/contracts/access/key-entry';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyCeremonies, keyComponents, keyInjections } from '../src/db/schema/keys';
import { auditLog } from '../src/db/schema/system';
import { withOddParity } from '../src/modules/key-entry/key-crypto';
import { sessionCookieFor } from './auth-helpers';
import { buildTestApp } from './build-test-app';
import { demo } from './demo-data';
import { buildUser } from './factories';

// Key components combined by XOR under dual control, check values the standard
// way, the DUKPT IPEK of the published vector, and no key material ever answered or kept in clear.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let firstOfficer: string;
let secondOfficer: string;

// The published DUKPT vector's BDK, split into two odd-parity shares.
const bdk = '0123456789ABCDEFFEDCBA9876543210';
const shareA = withOddParity(Buffer.from('1F2E3D4C5B6A79804F5E6D7C8B9AA1B0', 'hex'));
const shareB = withOddParity(Buffer.from(Buffer.from(bdk, 'hex').map((byte, i) => byte ^ (shareA[i] ?? 0))));
const componentA = shareA.toString('hex').toUpperCase();
const componentB = shareB.toString('hex').toUpperCase();
const arn = 'arn:aws:payment-cryptography:us-east-2:111122223333:key/kwapwa6qaifllw2h';

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  await buildUser(ctx.app.db, { email: 'second.officer@portico.example', userType: 'admin' });
  firstOfficer = await sessionCookieFor(ctx.app.db, demo.admin);
  secondOfficer = await sessionCookieFor(ctx.app.db, 'second.officer@portico.example');
});
afterAll(() => ctx.close());

function post(cookie: string, url: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
}

async function ceremonyCount() {
  return (await ctx.app.db.select({ id: keyCeremonies.id }).from(keyCeremonies)).length;
}

describe('key entry', () => {
  it('refuses components of the wrong length or parity and changes nothing', async () => {
    const short = await post(firstOfficer, '/api/key-entry', { component: componentA.slice(2) });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain(
      'A TDES key component is 32, 48 hexadecimal characters long.',
    );
    const badParity = await post(firstOfficer, '/api/key-entry', { component: `00${componentA.slice(2)}` });
    expect(badParity.statusCode).toBe(400);
    expect(JSON.stringify(badParity.json())).toContain('Byte 1 of the component fails the odd-parity check');
    expect(await ceremonyCount()).toBe(0);
  });

  it('has no key to inject before two officers have loaded theirs', async () => {
    const res = await post(firstOfficer, '/api/remote-key-injection', { ksn: 'FFFF9876543210E00000' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(KeyEntryErrorText.KeyIncomplete);
  });

  it('keeps dual control: the same officer cannot load the second component', async () => {
    const first = await post(firstOfficer, '/api/key-entry', { component: componentA });
    expect(first.statusCode).toBe(200);
    expect(first.json().message.component_kcv).toMatch(/^[0-9A-F]{6}$/);
    expect(first.json().message.key).toMatchObject({ algorithm: 'TDES', kcv: null, completed_at: null });

    const again = await post(firstOfficer, '/api/key-entry', { component: componentB });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(KeyEntryErrorText.SecondOfficerNeeded);

    const aes = await post(secondOfficer, '/api/key-entry', { component: '00'.repeat(16), algorithm: 'AES' });
    expect(aes.statusCode).toBe(422);
    expect(aes.json().error.message).toBe(KeyEntryErrorText.AlgorithmMismatch);

    // Only the first component is stored, and only encrypted.
    const rows = await ctx.app.db.select().from(keyComponents);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.componentEnc).not.toContain(componentA);
    expect(rows[0]?.componentEnc?.startsWith('v1.')).toBe(true);
  });

  it("completes the key with a second officer's component: the BDK's check value, components forgotten", async () => {
    const second = await post(secondOfficer, '/api/key-entry', { component: componentB });
    expect(second.statusCode).toBe(200);
    const key = second.json().message.key;
    expect(key.kcv).toBe('08D7B4');
    expect(key.components.map((c: { loaded_by: string }) => c.loaded_by)).toEqual([
      demo.admin,
      'second.officer@portico.example',
    ]);
    const body = JSON.stringify(second.json());
    for (const secret of [componentA, componentB, bdk]) expect(body.toUpperCase()).not.toContain(secret);

    const components = await ctx.app.db.select().from(keyComponents);
    expect(components.every((row) => row.componentEnc === null)).toBe(true);
    const [ceremony] = await ctx.app.db.select().from(keyCeremonies);
    expect(ceremony?.keyEnc).not.toContain(bdk);

    const kcv = await ctx.app.inject({
      method: 'GET',
      url: '/api/key-entry/kcv',
      headers: { cookie: firstOfficer },
    });
    expect(kcv.json().message).toMatchObject({ kcv: '08D7B4', arn: null });
  });

  it('needs the ARN before injection, then derives the IPEK of the published vector', async () => {
    const early = await post(firstOfficer, '/api/remote-key-injection', { ksn: 'FFFF9876543210E00000' });
    expect(early.json().error.message).toBe(KeyEntryErrorText.ArnMissing);

    expect((await post(firstOfficer, '/api/key-entry/arn', { arn: 'not-an-arn' })).statusCode).toBe(400);
    const arnSet = await post(firstOfficer, '/api/key-entry/arn', { arn });
    expect(arnSet.statusCode).toBe(200);
    expect(arnSet.json().message.arn).toBe(arn);

    const injected = await post(secondOfficer, '/api/remote-key-injection', { ksn: 'ffff9876543210e00000' });
    expect(injected.statusCode).toBe(200);
    // The IPEK 6AC292FAA1315B4D858AB3A3D7D5933A checks as AF8C07; the IPEK itself never leaves.
    expect(injected.json().message).toMatchObject({ ksn: 'FFFF9876543210E00000', bdk_kcv: '08D7B4', arn });
    expect(injected.json().message.ipek_kcv).toBe('AF8C07');
    expect(JSON.stringify(injected.json())).not.toContain('6AC292FA');
    const [row] = await ctx.app.db.select().from(keyInjections);
    expect(row?.ipekEnc).not.toContain('6AC292FA');
  });

  it('audits every step with check values only', async () => {
    const rows = await ctx.app.db
      .select({ details: auditLog.details, actorEmail: auditLog.actorEmail })
      .from(auditLog)
      .where(eq(auditLog.action, 'key_entry'))
      .orderBy(desc(auditLog.createdAt));
    expect(rows.map((row) => (row.details as { step: string }).step).sort()).toEqual(
      ['arn', 'component', 'component', 'remote_key_injection'].sort(),
    );
    const trail = JSON.stringify(rows).toUpperCase();
    for (const secret of [componentA, componentB, bdk, '6AC292FA']) expect(trail).not.toContain(secret);
  });

  it('starts a new key with the next component', async () => {
    const next = await post(firstOfficer, '/api/key-entry', { component: componentB });
    expect(next.statusCode).toBe(200);
    expect(next.json().message.key).toMatchObject({ kcv: null, components: [{ position: 1 }] });
    expect(await ceremonyCount()).toBe(2);
  });

  it('is refused to everyone but staff', async () => {
    for (const email of [demo.reseller, demo.owner, demo.healnow]) {
      const cookie = await sessionCookieFor(ctx.app.db, email);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/key-entry/kcv', headers: { cookie } });
      expect(res.statusCode).toBe(403);
      expect((await post(cookie, '/api/key-entry', { component: componentA })).statusCode).toBe(403);
    }
  });
});

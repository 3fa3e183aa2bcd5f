import { WhiteLabelText } from '@portico/contracts/branding/whitelabel';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, clientIdNamed, outboxFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { whiteLabels } from '../../db/schema/clients';
import { fileBlobs } from '../../db/schema/documents';
import { auditLog } from '../../db/schema/system';
import { resolveClientBranding } from './branding.service';

// A parent's white label: staff set it, its hierarchy wears it, bad input changes nothing.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let summit: string;
let harborLane: string;
let healnow: string;

const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const svgBytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function logoBody(bytes: Buffer, name = 'brand.png') {
  return { document: { name, extension: name.split('.').pop() ?? '', content: bytes.toString('base64') } };
}

async function brandingOf(email: string) {
  const res = await callAs(ctx.app, email, 'GET', '/api/user');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message.branding;
}

async function whiteLabelRow(clientId: string) {
  const [row] = await ctx.app.db.select().from(whiteLabels).where(eq(whiteLabels.clientId, clientId));
  return row ?? null;
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  summit = await clientIdNamed(ctx.app.db, 'Summit Merchant Services');
  healnow = await clientIdNamed(ctx.app.db, 'HealNow Health Payments');
  harborLane = (await resolveHarborLane()) ?? '';
});
afterAll(async () => {
  await ctx.close();
});

async function resolveHarborLane() {
  const res = await callAs(ctx.app, demo.owner, 'GET', '/api/user');
  return res.json().message.account.default_client?.id as string | undefined;
}

describe('white label: set by staff, worn by the hierarchy', () => {
  it('brands the seeded HealNow partner with its name and readable colour, and never staff', async () => {
    expect(await brandingOf(demo.healnow)).toEqual({
      client_id: healnow,
      entity_name: 'HealNow',
      color: '#1f6f68',
      logo_url: null,
    });
    expect(await brandingOf(demo.admin)).toBeNull();
    expect(await brandingOf(demo.reseller)).toBeNull();
  });

  it("sets Summit's white label and brands its reseller and its merchants' users, audited", async () => {
    const res = await callAs(ctx.app, demo.admin, 'PUT', `/api/whitelabel/${summit}`, {
      entity_name: 'Summit Pay',
      color: '#5B21B6',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toEqual({ entity_name: 'Summit Pay', color: '#5b21b6', logo_url: null });

    const expected = { client_id: summit, entity_name: 'Summit Pay', color: '#5b21b6', logo_url: null };
    expect(await brandingOf(demo.reseller)).toEqual(expected);
    expect(await brandingOf(demo.owner)).toEqual(expected);
    expect(await brandingOf(demo.barista)).toEqual(expected);
    // BlueRiver's agent is outside Summit's hierarchy; staff keep Portico's look.
    expect(await brandingOf(demo.agent)).toBeNull();
    expect(await brandingOf(demo.admin)).toBeNull();
    // The same rule serves a merchant's payment pages.
    expect(await resolveClientBranding(ctx.app.db, harborLane)).toEqual(expected);

    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'whitelabel.change'), eq(auditLog.targetId, summit)));
    expect(audits).toHaveLength(1);
  });

  it('refuses a colour below AA contrast with its ratio, and saves nothing', async () => {
    const before = await whiteLabelRow(summit);
    const res = await callAs(ctx.app, demo.admin, 'PUT', `/api/whitelabel/${summit}`, {
      entity_name: 'Pale Summit',
      color: '#2a9d8f',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'WHITELABEL_COLOR_CONTRAST',
      message:
        'This colour has a contrast of 3.32:1 on white; it needs 4.5:1 to be readable. Choose a darker colour.',
    });
    expect(await whiteLabelRow(summit)).toEqual(before);
  });

  it('refuses a colour that is not six-digit hex and a white label on a merchant', async () => {
    const malformed = await callAs(ctx.app, demo.admin, 'PUT', `/api/whitelabel/${summit}`, {
      entity_name: 'Summit',
      color: 'purple',
    });
    expect(malformed.statusCode).toBe(400);
    const merchant = await callAs(ctx.app, demo.admin, 'PUT', `/api/whitelabel/${harborLane}`, {
      entity_name: 'Harbor',
      color: '#5b21b6',
    });
    expect(merchant.statusCode).toBe(422);
    expect(merchant.json().error.message).toBe(WhiteLabelText.ParentOnly);
    expect(await whiteLabelRow(harborLane)).toBeNull();
  });

  it('lets only staff set it: the parent itself and its merchants are refused', async () => {
    for (const email of [demo.reseller, demo.owner]) {
      const res = await callAs(ctx.app, email, 'PUT', `/api/whitelabel/${summit}`, {
        entity_name: 'Mine',
        color: '#5b21b6',
      });
      expect(res.statusCode, email).toBe(403);
    }
    expect((await whiteLabelRow(summit))?.entityName).toBe('Summit Pay');
  });

  it('ignores a stored colour that fails contrast (one written before the check)', async () => {
    await ctx.app.db.update(whiteLabels).set({ color: '#ffd43b' }).where(eq(whiteLabels.clientId, healnow));
    expect((await brandingOf(demo.healnow)).color).toBeNull();
    await ctx.app.db.update(whiteLabels).set({ color: '#1f6f68' }).where(eq(whiteLabels.clientId, healnow));
  });
});

describe('white label logo', () => {
  it('refuses an SVG, even named .png, and a PNG over 1 MB; nothing is stored', async () => {
    const blobsBefore = (await ctx.app.db.select({ key: fileBlobs.storageKey }).from(fileBlobs)).length;
    for (const name of ['brand.svg', 'brand.png']) {
      const res = await callAs(
        ctx.app,
        demo.admin,
        'POST',
        `/api/whitelabel/${summit}/logo`,
        logoBody(svgBytes, name),
      );
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error.message).toBe(WhiteLabelText.LogoWrongType);
    }
    const big = Buffer.concat([pngBytes, Buffer.alloc(1_000_001)]);
    const tooBig = await callAs(ctx.app, demo.admin, 'POST', `/api/whitelabel/${summit}/logo`, logoBody(big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(WhiteLabelText.LogoTooLarge);
    expect((await whiteLabelRow(summit))?.logoUrl).toBeNull();
    expect((await ctx.app.db.select({ key: fileBlobs.storageKey }).from(fileBlobs)).length).toBe(blobsBefore);
  });

  it('stores a PNG, serves it to anyone at its address, and brands the hierarchy with it', async () => {
    const res = await callAs(
      ctx.app,
      demo.admin,
      'POST',
      `/api/whitelabel/${summit}/logo`,
      logoBody(pngBytes),
    );
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl: string = res.json().message.logo_url;
    expect(logoUrl).toMatch(/^\/api\/whitelabel\/logo\/[0-9a-f-]{36}$/);
    expect((await brandingOf(demo.owner)).logo_url).toBe(logoUrl);

    const image = await ctx.app.inject({ method: 'GET', url: logoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(pngBytes)).toBe(true);

    const removed = await callAs(ctx.app, demo.admin, 'DELETE', `/api/whitelabel/${summit}/logo`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message.logo_url).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
  });

  it('removes the white label: the hierarchy sees Portico again', async () => {
    const res = await callAs(ctx.app, demo.admin, 'DELETE', `/api/whitelabel/${summit}`);
    expect(res.statusCode).toBe(200);
    expect(await brandingOf(demo.owner)).toBeNull();
    expect(await whiteLabelRow(summit)).toBeNull();
  });
});

describe('e-mail to a white-labelled hierarchy', () => {
  it("wears the recipient's brand; staff's mail stays Portico's", async () => {
    for (const email of [demo.healnow, demo.admin]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/firebase', payload: { email } });
      expect(res.statusCode).toBe(200);
    }
    await ctx.app.mail.idle();
    const [partnerMail] = await outboxFor(ctx.app.db, demo.healnow);
    expect(partnerMail?.bodyText?.startsWith('HealNow\n\n')).toBe(true);
    expect(partnerMail?.bodyHtml).toContain('border-top:4px solid #1f6f68');
    const [adminMail] = await outboxFor(ctx.app.db, demo.admin);
    expect(adminMail?.bodyText?.startsWith('HealNow')).toBe(false);
    expect(adminMail?.bodyHtml ?? '').not.toContain('#1f6f68');
  });
});

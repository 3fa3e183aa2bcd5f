import { LocationCustomFieldsText } from '@portico/contracts/clients/location-custom-fields';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { clientCustomFields, clients } from '../../db/schema/clients';
import { auditLog } from '../../db/schema/system';

// The account page's Settings: the location custom fields of an account, read and replaced on the account
// page; the sub-locations calls validate against them.

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
let harborLane: string;
let magnolia: string;

async function clientIdOfDba(dbaName: string) {
  const [row] = await ctx.app.db.select({ id: clients.id }).from(clients).where(eq(clients.dbaName, dbaName));
  if (!row) throw new Error(`no client ${dbaName}`);
  return row.id;
}

const url = (clientId: string) => `/api/account/${clientId}/location-custom-fields`;
const put = (email: string, clientId: string, payload: object) =>
  callAs(ctx.app, email, 'PUT', url(clientId), payload);

async function storedFields(clientId: string) {
  const rows = await ctx.app.db
    .select({ name: clientCustomFields.name, type: clientCustomFields.type })
    .from(clientCustomFields)
    .where(eq(clientCustomFields.clientId, clientId));
  return rows.sort((a, b) => (a.name < b.name ? -1 : 1));
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  harborLane = await clientIdOfDba('Harbor Lane Coffee Roasters');
  magnolia = await clientIdOfDba('Magnolia Grill');
});
afterAll(async () => {
  await ctx.close();
});

describe('PUT /api/account/{clientid}/location-custom-fields', () => {
  it('lets staff replace the list, answers it by name, and records the change as an account event', async () => {
    const fields = [
      { name: 'Store Number', type: 'number' },
      { name: 'District', type: 'text' },
    ];
    const res = await put(demo.admin, harborLane, { fields });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toEqual([
      { name: 'District', type: 'text' },
      { name: 'Store Number', type: 'number' },
    ]);
    expect(await storedFields(harborLane)).toEqual(res.json().message);
    const read = await callAs(ctx.app, demo.admin, 'GET', url(harborLane));
    expect(read.json().message).toEqual(res.json().message);
    // The account record carries them too, so the page asks for nothing more on first paint.
    const account = await callAs(ctx.app, demo.admin, 'GET', `/api/account/${harborLane}`);
    expect(account.json().message.location_custom_fields).toEqual(res.json().message);

    const events = await callAs(ctx.app, demo.admin, 'GET', `/api/account/${harborLane}/events`);
    const change = events
      .json()
      .message.flatMap((event: { changes: { field: string }[] }) => event.changes)
      .find((candidate: { field: string }) => candidate.field === 'location_custom_fields');
    expect(change).toMatchObject({
      label: 'Location Custom Fields',
      new: 'District (text), Store Number (number)',
    });
  });

  it('refuses duplicate names, unknown types and extra keys, and changes nothing', async () => {
    const before = await storedFields(harborLane);
    const bodies = [
      {
        fields: [
          { name: 'Lane', type: 'text' },
          { name: 'lane', type: 'number' },
        ],
      },
      { fields: [{ name: 'Lane', type: 'date' }] },
      { fields: [{ name: 'Lane', type: 'text', required: true }] },
      { fields: [{ name: '   ', type: 'text' }] },
      { fields: [], extra: 1 },
    ];
    for (const body of bodies) {
      const res = await put(demo.admin, harborLane, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await put(demo.admin, harborLane, bodies[0] ?? {})).body).toContain(
      LocationCustomFieldsText.DuplicateName,
    );
    expect(await storedFields(harborLane)).toEqual(before);
  });

  it("refuses a merchant user another merchant's account (403) and changes nothing", async () => {
    const before = await storedFields(magnolia);
    const res = await put(demo.owner, magnolia, { fields: [{ name: 'Intruder', type: 'text' }] });
    expect(res.statusCode).toBe(403);
    expect((await callAs(ctx.app, demo.owner, 'GET', url(magnolia))).statusCode).toBe(403);
    expect(await storedFields(magnolia)).toEqual(before);
  });

  it('refuses the Settings to a caller who does not see them (processor-audit user), audited', async () => {
    const before = await storedFields(harborLane);
    expect((await callAs(ctx.app, demo.audit, 'GET', url(harborLane))).statusCode).toBe(403);
    const account = await callAs(ctx.app, demo.audit, 'GET', `/api/account/${harborLane}`);
    expect(account.statusCode).toBe(200);
    expect(account.json().message.location_custom_fields).toBeNull();
    const res = await put(demo.audit, harborLane, { fields: [] });
    expect(res.statusCode).toBe(403);
    expect(await storedFields(harborLane)).toEqual(before);
    const [denied] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.actorEmail, demo.audit)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(denied).toBeDefined();
  });

  it('lets staff clear the list', async () => {
    const res = await put(demo.admin, harborLane, { fields: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual([]);
    expect(await storedFields(harborLane)).toEqual([]);
  });
});

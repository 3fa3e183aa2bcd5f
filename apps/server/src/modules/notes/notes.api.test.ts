import { NoteText } from '@portico/contracts/notes/notes';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { clients } from '../../db/schema/clients';
import { enrollments } from '../../db/schema/enrollments';
import { notes } from '../../db/schema/notes';
import { auditLog } from '../../db/schema/system';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const cookies = new Map<string, string>();
const ids = {
  harborLane: '',
  copperKettle: '',
  // A Summit application that is not a client yet (reached through its parent).
  fernFig: '',
  // An application whose KYC ran (it has KYC notes).
  withKyc: '',
};
const missingId = '7d1c1f8e-1b7a-4c55-9a3e-000000000000';

async function cookieOf(email: string) {
  const known = cookies.get(email);
  if (known) return known;
  const cookie = await sessionCookieFor(ctx.app.db, email);
  cookies.set(email, cookie);
  return cookie;
}

async function call(email: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const cookie = await cookieOf(email);
  if (payload === undefined) return ctx.app.inject({ method, url, headers: { cookie } });
  return ctx.app.inject({
    method,
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

async function clientIdByName(name: string) {
  const [row] = await ctx.app.db.select({ id: clients.id }).from(clients).where(eq(clients.dbaName, name));
  if (!row) throw new Error(`no client ${name}`);
  return row.id;
}

async function noteCount() {
  const [row] = await ctx.app.db.select({ n: count() }).from(notes);
  return row?.n ?? 0;
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  ids.harborLane = await clientIdByName('Harbor Lane Coffee Roasters');
  ids.copperKettle = await clientIdByName('Copper Kettle Bistro');
  const [fernFig] = await ctx.app.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.dbaName, 'Fern & Fig Kitchen'));
  const [kyc] = await ctx.app.db
    .select({ id: notes.enrollmentId })
    .from(notes)
    .where(and(eq(notes.subDomain, 'KYC'), isNotNull(notes.enrollmentId)));
  if (!fernFig || !kyc?.id) throw new Error('demo data without enrollments');
  ids.fernFig = fernFig.id;
  ids.withKyc = kyc.id;
});
afterAll(() => ctx.close());

describe('client notes', () => {
  it('lets a merchant owner add a note to its own client, stored with origin Portal and its author', async () => {
    const res = await call(demo.owner, 'POST', '/api/notes', {
      comment: '  Please call before the 3pm delivery. ',
      client_id: ids.harborLane,
      origin: 'Portal',
    });
    expect(res.statusCode).toBe(200);
    const note = res.json().message;
    expect(note).toMatchObject({
      comment: 'Please call before the 3pm delivery.',
      client_id: ids.harborLane,
      enrollment_id: null,
      origin: 'Portal',
      category: 'note',
      is_event: false,
      author: 'Sam Rivera',
    });
    const [row] = await ctx.app.db.select().from(notes).where(eq(notes.id, note.id));
    expect(row).toMatchObject({ clientId: ids.harborLane, comment: 'Please call before the 3pm delivery.' });
  });

  it('lists the client notes newest first, the new ones on top', async () => {
    const first = await call(demo.owner, 'POST', '/api/notes', {
      comment: 'First',
      client_id: ids.harborLane,
      origin: 'Portal',
    });
    const second = await call(demo.owner, 'POST', '/api/notes', {
      comment: 'Second',
      client_id: ids.harborLane,
      origin: 'Portal',
    });
    const res = await call(demo.owner, 'GET', `/api/notes?id=${ids.harborLane}`);
    expect(res.statusCode).toBe(200);
    const list: { id: string; created_at: string; is_event: boolean; client_id: string }[] =
      res.json().message;
    expect(list.slice(0, 2).map((n) => n.id)).toEqual([second.json().message.id, first.json().message.id]);
    const times = list.map((n) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.every((n) => !n.is_event && n.client_id === ids.harborLane)).toBe(true);
  });

  it('keeps risk notes among staff: merchants can neither write nor read them', async () => {
    const refused = await call(demo.owner, 'POST', '/api/notes', {
      comment: 'Nothing to see',
      client_id: ids.harborLane,
      origin: 'Portal',
      category: 'risk',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('NOTE_CATEGORY_NOT_ALLOWED');
    const risk = await call(demo.admin, 'POST', '/api/notes', {
      comment: 'Chargebacks trending up; watch.',
      client_id: ids.harborLane,
      origin: 'Portal',
      category: 'risk',
    });
    expect(risk.statusCode).toBe(200);
    const ownerView = (await call(demo.owner, 'GET', `/api/notes?id=${ids.harborLane}`)).json().message;
    const adminView = (await call(demo.admin, 'GET', `/api/notes?id=${ids.harborLane}`)).json().message;
    expect(ownerView.some((n: { id: string }) => n.id === risk.json().message.id)).toBe(false);
    expect(adminView[0].id).toBe(risk.json().message.id);
  });

  it('refuses a merchant of another client with 403, stores nothing and audits the refusal', async () => {
    const before = await noteCount();
    const res = await call(demo.copperOwner, 'POST', '/api/notes', {
      comment: 'Sneaky',
      client_id: ids.harborLane,
      origin: 'Portal',
    });
    expect(res.statusCode).toBe(403);
    expect(await noteCount()).toBe(before);
    expect((await call(demo.copperOwner, 'GET', `/api/notes?id=${ids.harborLane}`)).statusCode).toBe(403);
    const denials = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'authorization_denied'), eq(auditLog.clientId, ids.harborLane)));
    expect(denials.some((entry) => entry.actorEmail === demo.copperOwner)).toBe(true);
  });

  it('lets a parent reach the notes of a merchant in its hierarchy, but not outside it', async () => {
    expect((await call(demo.reseller, 'GET', `/api/notes?id=${ids.copperKettle}`)).statusCode).toBe(200);
    expect((await call(demo.agent, 'GET', `/api/notes?id=${ids.harborLane}`)).statusCode).toBe(403);
  });

  it("answers 'Description is required' for a blank comment, and 400 for an unknown key", async () => {
    const blank = await call(demo.owner, 'POST', '/api/notes', {
      comment: '   ',
      client_id: ids.harborLane,
      origin: 'Portal',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues.map((i: { message: string }) => i.message)).toContain(
      NoteText.DescriptionRequired,
    );
    const extra = await call(demo.owner, 'POST', '/api/notes', {
      comment: 'x',
      client_id: ids.harborLane,
      origin: 'Portal',
      created_by: 'someone',
    });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 404 when staff name a client that does not exist', async () => {
    const res = await call(demo.admin, 'POST', '/api/notes', {
      comment: 'x',
      client_id: missingId,
      origin: 'Portal',
    });
    expect(res.statusCode).toBe(404);
    expect((await call(demo.owner, 'GET', `/api/notes?id=${missingId}`)).statusCode).toBe(403);
  });
});

describe('events', () => {
  it('shows events to staff and parents, never to the merchant', async () => {
    const staff = await call(demo.admin, 'GET', `/api/notes?id=${ids.harborLane}&is_event=true`);
    expect(staff.statusCode).toBe(200);
    const events: { is_event: boolean }[] = staff.json().message;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.is_event)).toBe(true);
    expect(
      (await call(demo.reseller, 'GET', `/api/notes?id=${ids.harborLane}&is_event=true`)).statusCode,
    ).toBe(200);
    const owner = await call(demo.owner, 'GET', `/api/notes?id=${ids.harborLane}&is_event=true`);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().error).toEqual({
      code: 'NOTE_EVENTS_NOT_ALLOWED',
      message: NoteText.EventsNotAllowed,
    });
  });
});

describe('enrollment notes', () => {
  it('lets a parent add a note to an application under it, newest first in the list', async () => {
    const res = await call(demo.reseller, 'POST', '/api/notes', {
      comment: 'Owner sent the voided check.',
      enrollment_id: ids.fernFig,
      origin: 'Portal',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      enrollment_id: ids.fernFig,
      client_id: null,
      author: 'Morgan Price',
    });
    const list = await call(demo.admin, 'GET', `/api/notes?enrollment_id=${ids.fernFig}`);
    expect(list.json().message[0].id).toBe(res.json().message.id);
  });

  it('answers the KYC notes with sub_domain KYC, as the notes panel asks', async () => {
    const res = await call(demo.admin, 'GET', `/api/notes?enrollment_id=${ids.withKyc}&sub_domain=KYC`);
    expect(res.statusCode).toBe(200);
    const list: { sub_domain: string; data: { message?: string } }[] = res.json().message;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((note) => note.sub_domain === 'KYC' && typeof note.data.message === 'string')).toBe(
      true,
    );
  });

  it('keeps enrollments from merchant users and from parents of another hierarchy', async () => {
    const owner = await call(demo.owner, 'GET', `/api/notes?enrollment_id=${ids.fernFig}`);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().error.code).toBe('NOTE_ENROLLMENT_NOT_ALLOWED');
    const before = await noteCount();
    const agent = await call(demo.agent, 'POST', '/api/notes', {
      comment: 'x',
      enrollment_id: ids.fernFig,
      origin: 'Portal',
    });
    expect(agent.statusCode).toBe(403);
    expect(await noteCount()).toBe(before);
  });

  it('answers 404 to staff and 403 to others for an enrollment that does not exist', async () => {
    const staff = await call(demo.admin, 'GET', `/api/notes?enrollment_id=${missingId}`);
    expect(staff.statusCode).toBe(404);
    expect(staff.json().error.message).toBe(NoteText.EnrollmentNotFound);
    expect((await call(demo.reseller, 'GET', `/api/notes?enrollment_id=${missingId}`)).statusCode).toBe(403);
  });
});

describe('statement notes', () => {
  it('answers positional rows, text at index 3 and the date at index 4, newest first', async () => {
    const res = await call(demo.owner, 'GET', '/api/notes/statement');
    expect(res.statusCode).toBe(200);
    const rows: [string, string, string | null, string, string][] = res.json().message;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.map((row) => row[3])).toContain(
      'Holiday schedule: deposits for federal holidays arrive the next business day.',
    );
    const times = rows.map((row) => Date.parse(row[4]));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('lets only admins post one; it then comes first', async () => {
    expect((await call(demo.owner, 'POST', '/api/notes/statement', { text: 'Hi' })).statusCode).toBe(403);
    expect((await call(demo.healnow, 'POST', '/api/notes/statement', { text: 'Hi' })).statusCode).toBe(403);
    const posted = await call(demo.admin, 'POST', '/api/notes/statement', {
      text: 'New fee schedule from July.',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().message[3]).toBe('New fee schedule from July.');
    const rows = (await call(demo.reseller, 'GET', '/api/notes/statement')).json().message;
    expect(rows[0][0]).toBe(posted.json().message[0]);
    const [row] = await ctx.app.db.select().from(notes).where(eq(notes.id, posted.json().message[0]));
    expect(row).toMatchObject({ category: 'statementNote', clientId: null, enrollmentId: null });
  });
});

describe('viewing as a client', () => {
  it('makes staff a user of the viewed client: own client notes only, no events or enrollments', async () => {
    const viewAs = `viewAs=${ids.harborLane}`;
    expect((await call(demo.admin, 'GET', `/api/notes?id=${ids.harborLane}&${viewAs}`)).statusCode).toBe(200);
    expect(
      (await call(demo.admin, 'GET', `/api/notes?id=${ids.harborLane}&is_event=true&${viewAs}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(demo.admin, 'GET', `/api/notes?enrollment_id=${ids.fernFig}&${viewAs}`)).statusCode,
    ).toBe(403);
    expect((await call(demo.admin, 'GET', `/api/notes?id=${ids.copperKettle}&${viewAs}`)).statusCode).toBe(
      403,
    );
    const risk = await call(demo.admin, 'POST', `/api/notes?${viewAs}`, {
      comment: 'x',
      client_id: ids.harborLane,
      origin: 'Portal',
      category: 'risk',
    });
    expect(risk.statusCode).toBe(403);
  });
});

import { DocumentText, maxDocumentBytes } from '@portico/contracts/documents/documents';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../../test/auth-helpers';
import { buildTestApp } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { dataUrlOf, samples } from '../../../test/sample-files';
import { clients } from '../../db/schema/clients';
import { documents, fileBlobs } from '../../db/schema/documents';
import { enrollments } from '../../db/schema/enrollments';
import { auditLog } from '../../db/schema/system';

let ctx: Awaited<ReturnType<typeof buildTestApp>>;
const cookies = new Map<string, string>();
const ids = { harborLane: '', fernFig: '' };
const missingId = '7d1c1f8e-1b7a-4c55-9a3e-000000000000';

async function cookieOf(email: string) {
  const known = cookies.get(email);
  if (known) return known;
  const cookie = await sessionCookieFor(ctx.app.db, email);
  cookies.set(email, cookie);
  return cookie;
}

async function getAs(email: string, url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie: await cookieOf(email) } });
}

async function postJson(email: string, url: string, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie: await cookieOf(email), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

// A multipart body as a browser's FormData would send it.
async function postForm(email: string, url: string, form: FormData) {
  const encoded = new Response(form);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie: await cookieOf(email), 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

function upload(fileName: string, bytes: Buffer, extra: Record<string, string> = {}) {
  const dot = fileName.lastIndexOf('.');
  return {
    clientid: ids.harborLane,
    _tag_: 'Voided Check',
    note: 'Replaces the old account',
    extension: dot > 0 ? fileName.slice(dot + 1) : 'pdf',
    file_name: fileName,
    contents: dataUrlOf(bytes),
    ...extra,
  };
}

async function stored() {
  const [docs] = await ctx.app.db.select({ n: count() }).from(documents);
  const [blobs] = await ctx.app.db.select({ n: count() }).from(fileBlobs);
  return { documents: docs?.n ?? 0, blobs: blobs?.n ?? 0 };
}

const byClient = () => `/api/documents/by-client/${ids.harborLane}`;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demoAccounts: true });
  const [harbor] = await ctx.app.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.dbaName, 'Harbor Lane Coffee Roasters'));
  const [fernFig] = await ctx.app.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.dbaName, 'Fern & Fig Kitchen'));
  if (!harbor || !fernFig) throw new Error('demo data missing');
  ids.harborLane = harbor.id;
  ids.fernFig = fernFig.id;
});
afterAll(() => ctx.close());

describe('uploading a real PDF', () => {
  it('stores it under a generated name with its uploader, tag and note, and audits the upload', async () => {
    const res = await postJson(demo.owner, byClient(), upload('Voided Check.pdf', samples.pdf));
    expect(res.statusCode).toBe(200);
    const row = res.json().message;
    expect(row).toMatchObject({
      client_id: ids.harborLane,
      enrollment_id: null,
      file_name: 'Voided Check.pdf',
      extension: 'pdf',
      tag: 'Voided Check',
      note: 'Replaces the old account',
      size_bytes: samples.pdf.length,
      uploaded_by: 'Sam Rivera',
    });
    const [document] = await ctx.app.db.select().from(documents).where(eq(documents.id, row.id));
    expect(document?.mimeType).toBe('application/pdf');
    expect(document?.storageKey).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/);
    const [blob] = await ctx.app.db
      .select()
      .from(fileBlobs)
      .where(eq(fileBlobs.storageKey, document?.storageKey ?? ''));
    expect(blob?.content.equals(samples.pdf)).toBe(true);
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.upload'), eq(auditLog.targetId, row.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: demo.owner, clientId: ids.harborLane, outcome: 'success' });
  });

  it('takes the same payload as multipart form data, the file as a part or as a data URL field', async () => {
    const asFile = new FormData();
    asFile.set('clientid', ids.harborLane);
    asFile.set('_tag_', 'License');
    asFile.set('note', '');
    asFile.set('contents', new Blob([samples.pdf]), 'Business License.pdf');
    const fileRes = await postForm(demo.owner, byClient(), asFile);
    expect(fileRes.statusCode).toBe(200);
    expect(fileRes.json().message).toMatchObject({
      file_name: 'Business License.pdf',
      extension: 'pdf',
      note: null,
    });

    const asField = new FormData();
    for (const [key, value] of Object.entries(upload('statement.pdf', samples.pdf))) asField.set(key, value);
    const fieldRes = await postForm(demo.owner, byClient(), asField);
    expect(fieldRes.statusCode).toBe(200);
    expect(fieldRes.json().message.file_name).toBe('statement.pdf');
  });

  it('accepts the other allowed types by their content', async () => {
    for (const [name, bytes] of [
      ['photo.JPG', samples.jpeg],
      ['scan.png', samples.png],
      ['agreement.docx', samples.docx],
      ['volumes.xlsx', samples.xlsx],
      ['notes.txt', samples.txt],
    ] as const) {
      const res = await postJson(demo.owner, byClient(), upload(name, bytes));
      expect(res.statusCode, name).toBe(200);
    }
  });
});

describe('refusing what is not what it claims', () => {
  it('refuses a renamed executable with 415 and stores nothing', async () => {
    const before = await stored();
    const res = await postJson(demo.owner, byClient(), upload('invoice.pdf', samples.exe));
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({
      code: 'DOCUMENT_TYPE_NOT_ALLOWED',
      message: DocumentText.TypeNotAllowed,
    });
    const form = new FormData();
    form.set('contents', new Blob([samples.exe]), 'invoice.pdf');
    expect((await postForm(demo.owner, byClient(), form)).statusCode).toBe(415);
    expect(await stored()).toEqual(before);
  });

  it("says 'This file is not a PDF document.' for other content named .pdf", async () => {
    const before = await stored();
    const res = await postJson(demo.owner, byClient(), upload('statement.pdf', samples.png));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('This file is not a PDF document.');
    const zip = await postJson(demo.owner, byClient(), upload('contract.docx', samples.plainZip));
    expect(zip.statusCode).toBe(415);
    expect(zip.json().error.message).toBe('This file is not a Word document.');
    expect(await stored()).toEqual(before);
  });

  it('refuses types outside the list, and a name that contradicts the extension', async () => {
    const exe = await postJson(demo.owner, byClient(), upload('setup.exe', samples.exe));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toBe(DocumentText.TypeNotAllowed);
    const html = await postJson(
      demo.owner,
      byClient(),
      upload('page.html', Buffer.from('<script>alert(1)</script>')),
    );
    expect(html.statusCode).toBe(415);
    const mismatch = await postJson(
      demo.owner,
      byClient(),
      upload('photo.png', samples.pdf, { extension: 'pdf' }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe(DocumentText.ExtensionMismatch);
  });

  it('refuses a file over 10 MB with 413, as JSON and as multipart', async () => {
    const before = await stored();
    const big = Buffer.concat([samples.pdf, Buffer.alloc(maxDocumentBytes)]);
    const json = await postJson(demo.owner, byClient(), upload('big.pdf', big));
    expect(json.statusCode).toBe(413);
    expect(json.json().error.message).toBe(DocumentText.TooLarge);
    const form = new FormData();
    form.set('contents', new Blob([big]), 'big.pdf');
    expect((await postForm(demo.owner, byClient(), form)).statusCode).toBe(413);
    // Far beyond the limit, the body is not even read.
    const huge = await postJson(
      demo.owner,
      byClient(),
      upload('huge.pdf', Buffer.alloc(maxDocumentBytes * 2)),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await stored()).toEqual(before);
  });

  it('refuses an empty file, contents that are not a data URL, a long note and a foreign clientid', async () => {
    const empty = await postJson(demo.owner, byClient(), upload('a.pdf', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(DocumentText.Empty);
    const raw = await postJson(demo.owner, byClient(), {
      ...upload('a.pdf', samples.pdf),
      contents: 'JVBERi0x',
    });
    expect(raw.json().error.message).toBe(DocumentText.NotADataUrl);
    const note = await postJson(
      demo.owner,
      byClient(),
      upload('a.pdf', samples.pdf, { note: 'x'.repeat(201) }),
    );
    expect(note.statusCode).toBe(400);
    expect(note.json().error.issues[0].message).toBe(DocumentText.NoteTooLong);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: byClient(),
      headers: { cookie: await cookieOf(demo.owner), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nnot a part',
    });
    expect(broken.statusCode).toBe(400);
    const other = await postJson(
      demo.owner,
      byClient(),
      upload('a.pdf', samples.pdf, { clientid: missingId }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('DOCUMENT_CLIENT_MISMATCH');
  });
});

describe('who may see and upload', () => {
  it('refuses a merchant of another client (403) for upload, list, file and download, storing nothing', async () => {
    const before = await stored();
    expect((await postJson(demo.copperOwner, byClient(), upload('x.pdf', samples.pdf))).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
    expect((await getAs(demo.copperOwner, `/api/documents?clientid=${ids.harborLane}`)).statusCode).toBe(403);
    const [document] = await ctx.app.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.clientId, ids.harborLane));
    expect((await getAs(demo.copperOwner, `/api/documents?id=${document?.id}`)).statusCode).toBe(403);
    expect((await getAs(demo.copperOwner, `/api/documents/${document?.id}/download`)).statusCode).toBe(403);
  });

  it('needs the Documents permission on an RBAC merchant (the cashier lacks it), not for staff', async () => {
    const res = await getAs(demo.barista, `/api/documents?clientid=${ids.harborLane}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('DOCUMENT_PERMISSION_REQUIRED');
    expect((await getAs(demo.healnow, `/api/documents?clientid=${ids.harborLane}`)).statusCode).toBe(200);
    expect((await getAs(demo.reseller, `/api/documents?client_id=${ids.harborLane}`)).statusCode).toBe(200);
  });

  it('keeps staff viewing as a merchant within that merchant', async () => {
    const [copper] = await ctx.app.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.dbaName, 'Copper Kettle Bistro'));
    const viewAs = `viewAs=${ids.harborLane}`;
    expect((await getAs(demo.admin, `/api/documents?clientid=${ids.harborLane}&${viewAs}`)).statusCode).toBe(
      200,
    );
    expect((await getAs(demo.admin, `/api/documents?clientid=${copper?.id}&${viewAs}`)).statusCode).toBe(403);
    expect(
      (await getAs(demo.admin, `/api/documents?enrollment_id=${ids.fernFig}&${viewAs}`)).statusCode,
    ).toBe(403);
  });

  it('answers 404 to staff and 403 to others for a document that does not exist', async () => {
    expect((await getAs(demo.admin, `/api/documents?id=${missingId}`)).statusCode).toBe(404);
    expect((await getAs(demo.owner, `/api/documents?id=${missingId}`)).statusCode).toBe(403);
  });
});

describe('listing and downloading', () => {
  it('lists a client documents newest first, by clientid or client_id', async () => {
    const first = await postJson(demo.owner, byClient(), upload('first.pdf', samples.pdf));
    const second = await postJson(demo.owner, byClient(), upload('second.pdf', samples.pdf));
    const res = await getAs(demo.owner, `/api/documents?clientid=${ids.harborLane}`);
    expect(res.statusCode).toBe(200);
    const list: { id: string; date_time_uploaded: string }[] = res.json().message;
    expect(list.slice(0, 2).map((d) => d.id)).toEqual([second.json().message.id, first.json().message.id]);
    const times = list.map((d) => Date.parse(d.date_time_uploaded));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Seeded documents of the merchant are there too.
    expect(list.some((d) => d.id !== first.json().message.id && d.id !== second.json().message.id)).toBe(
      true,
    );
    expect((await getAs(demo.owner, `/api/documents?client_id=${ids.harborLane}`)).json()).toEqual(
      res.json(),
    );
  });

  it('answers one file as base64 with its name, and as an attachment download', async () => {
    const uploaded = (await postJson(demo.owner, byClient(), upload('Bank Letter.pdf', samples.pdf))).json()
      .message;
    const res = await getAs(demo.owner, `/api/documents?id=${uploaded.id}`);
    expect(res.statusCode).toBe(200);
    const file = res.json().message;
    expect(file.filename).toBe('Bank Letter.pdf');
    expect(Buffer.from(file.file, 'base64').equals(samples.pdf)).toBe(true);

    const download = await getAs(demo.owner, `/api/documents/${uploaded.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Bank Letter.pdf"; filename*=UTF-8''Bank%20Letter.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(samples.pdf)).toBe(true);
  });
});

describe('enrollment documents', () => {
  it('lets a parent upload to an application under it and list it; merchants and other parents are refused', async () => {
    const url = `/api/documents/by-enrollment/${ids.fernFig}`;
    const res = await postJson(demo.reseller, url, upload('Agreement.pdf', samples.pdf, { clientid: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ enrollment_id: ids.fernFig, client_id: null });
    const list = await getAs(demo.admin, `/api/documents?enrollment_id=${ids.fernFig}`);
    expect(list.json().message[0].id).toBe(res.json().message.id);

    const before = await stored();
    const owner = await postJson(demo.owner, url, upload('x.pdf', samples.pdf));
    expect(owner.statusCode).toBe(403);
    expect(owner.json().error.code).toBe('DOCUMENT_ENROLLMENT_NOT_ALLOWED');
    expect((await postJson(demo.agent, url, upload('x.pdf', samples.pdf))).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
    expect((await getAs(demo.owner, `/api/documents?id=${res.json().message.id}`)).statusCode).toBe(403);
  });

  it('answers 404 to staff for an enrollment that does not exist', async () => {
    const res = await postJson(
      demo.admin,
      `/api/documents/by-enrollment/${missingId}`,
      upload('x.pdf', samples.pdf),
    );
    expect(res.statusCode).toBe(404);
  });
});

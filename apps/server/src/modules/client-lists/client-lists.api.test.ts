import {
  type ClientListRow,
  type ClientTuple,
  type MerchantGridRow,
  merchantGridResponse,
} from '@portico/contracts/clients/client-lists';
import {
  SubpricingErrorCode,
  type SubpricingRow,
  SubpricingText,
} from '@portico/contracts/clients/subpricing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, clientIdNamed } from '../../../test/auth-helpers';
import { buildTestApp, testFieldCipher } from '../../../test/build-test-app';
import { demo } from '../../../test/demo-data';
import { clientMccConfigs, clients } from '../../db/schema/clients';
import { mccCodes } from '../../db/schema/reference';
import { auditLog } from '../../db/schema/system';
import { queryRows } from '../../db/sql-rows';
import { sealedSecretApiKey } from '../../lib/secret-api-key';

let built: Awaited<ReturnType<typeof buildTestApp>>;
const ids = { summit: '', harbor: '', copper: '', dental: '' };
let allClientCount = 0;

beforeAll(async () => {
  built = await buildTestApp({}, { demoAccounts: true });
  const db = built.app.db;
  ids.summit = await clientIdNamed(db, 'Summit Merchant Services');
  ids.harbor = await clientIdNamed(db, 'Harbor Lane Coffee Roasters');
  ids.copper = await clientIdNamed(db, 'Copper Kettle Bistro');
  ids.dental = await clientIdNamed(db, 'Harborview Family Dental');
  allClientCount = (await db.select({ id: clients.id }).from(clients)).length;
});
afterAll(async () => {
  await built.close();
});

const call = (email: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  callAs(built.app, email, method, url, payload);

async function gridAs(email: string): Promise<MerchantGridRow[]> {
  const res = await call(email, 'GET', '/api/client/all');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  // The database writes this answer (no serialiser in between): the contract holds it to its shape.
  return merchantGridResponse.parse(res.json()).message;
}

// True when the client is the ancestor or sits below it, walking the admin's full list.
function isWithin(rows: readonly MerchantGridRow[], ancestorId: string, clientId: string): boolean {
  const byId = new Map(rows.map((row) => [row.id, row]));
  let current = byId.get(clientId);
  while (current) {
    if (current.id === ancestorId) return true;
    current = current.parent_id ? byId.get(current.parent_id) : undefined;
  }
  return false;
}

describe('GET /api/client/all (Merchants grid)', () => {
  it('gives staff every client, by name, with the parent and the processors', async () => {
    const rows = await gridAs(demo.admin);
    expect(rows).toHaveLength(allClientCount);
    const names = rows.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const harbor = rows.find((row) => row.id === ids.harbor);
    expect(harbor).toMatchObject({
      parent: 'Summit Merchant Services',
      parent_id: ids.summit,
      level: 'Merchant',
      dba_name: 'Harbor Lane Coffee Roasters',
      config: { enabled: true, payment: 'fis' },
    });
    // Exactly the contract's fields, no more (a strict parse of each row).
    for (const row of rows) merchantGridResponse.shape.message.element.strict().parse(row);
    // The platform client has no parent: nulls, not missing keys.
    const roots = rows.filter((row) => row.parent_id === null);
    expect(roots.length).toBeGreaterThan(0);
    for (const root of roots) expect(root.parent).toBeNull();
  });

  it('gives a parent its hierarchy only', async () => {
    const everything = await gridAs(demo.admin);
    const rows = await gridAs(demo.reseller);
    const expected = everything
      .filter((row) => isWithin(everything, ids.summit, row.id))
      .map((row) => row.id);
    expect(rows.map((row) => row.id).sort()).toEqual(expected.sort());
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining([ids.summit, ids.harbor, ids.copper]));
    expect(rows.map((row) => row.id)).not.toContain(ids.dental);
  });

  it('gives a merchant user its memberships only', async () => {
    expect((await gridAs(demo.owner)).map((row) => row.id)).toEqual([ids.harbor]);
    expect((await gridAs(demo.copperOwner)).map((row) => row.id)).toEqual([ids.copper]);
  });

  it('refuses roles the menu does not offer Accounts to, and users without Merchant Accounts', async () => {
    expect((await call(demo.healnow, 'GET', '/api/client/all')).statusCode).toBe(403);
    expect((await call(demo.alpha, 'GET', '/api/client/all')).statusCode).toBe(403);
    // The Cashier role of Harbor Lane (RBAC on) does not grant Merchant Accounts.
    expect((await call(demo.barista, 'GET', '/api/client/all')).statusCode).toBe(403);
    expect((await built.app.inject({ method: 'GET', url: '/api/client/all' })).statusCode).toBe(401);
  });

  it('answers the bytes row_to_json writes, escapes included', async () => {
    // Names that need escaping, a null DBA name and no configuration: added for this test only.
    const [odd] = await built.app.db
      .insert(clients)
      .values({
        name: 'Zz "Quoted" \\ Café\t☕ Tab',
        legalName: 'Line\nBreak </script> LLC',
        dbaName: null,
        parentId: ids.summit,
        ...sealedSecretApiKey(testFieldCipher().encrypt, 'grid_bytes_sk'),
        publicKey: 'grid_bytes_pk',
      })
      .returning({ id: clients.id });
    try {
      const res = await call(demo.admin, 'GET', '/api/client/all');
      expect(res.statusCode).toBe(200);
      // The answer before the rows were concatenated by hand: row_to_json over the same rows.
      const reference = await queryRows(
        built.app.db,
        sql`
        select coalesce(string_agg(row_to_json(r)::text, ',' order by r.name, r.id), '') as json
          from (select c.id, p.name as parent, c.legal_name, c.dba_name,
                       json_build_object('enabled', c.is_active, 'payment', cc.payment, 'ach', cc.ach) as config,
                       to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
                       c.name, c.level, c.parent_id, c.mcc_code,
                       to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
                  from clients c
                  left join clients p on p.id = c.parent_id
                  left join client_configs cc on cc.client_id = c.id) r`,
      );
      const rowsJson = reference[0]?.json;
      expect(typeof rowsJson).toBe('string');
      expect(res.body).toBe(`{"status":true,"message":[${String(rowsJson)}]}`);
      const row = merchantGridResponse.parse(res.json()).message.find((item) => item.id === odd?.id);
      expect(row).toMatchObject({
        name: 'Zz "Quoted" \\ Café\t☕ Tab',
        legal_name: 'Line\nBreak </script> LLC',
        dba_name: null,
        parent: 'Summit Merchant Services',
        config: { enabled: true, payment: null, ach: null },
      });
    } finally {
      if (odd) await built.app.db.delete(clients).where(eq(clients.id, odd.id));
    }
  });

  it('narrows to the viewed client while viewing as', async () => {
    const res = await call(demo.admin, 'GET', `/api/client/all?viewAs=${ids.harbor}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message.map((row: MerchantGridRow) => row.id)).toEqual([ids.harbor]);
  });
});

describe('GET /api/portal/clients (Admin Accounts)', () => {
  it('lists every client with the client list row to staff', async () => {
    for (const email of [demo.admin, demo.healnow]) {
      const res = await call(email, 'GET', '/api/portal/clients');
      expect(res.statusCode).toBe(200);
      const rows: ClientListRow[] = res.json().message;
      expect(rows).toHaveLength(allClientCount);
      const harbor = rows.find((row) => row.id === ids.harbor);
      expect(Object.keys(harbor ?? {}).sort()).toEqual(
        ['config', 'dba_name', 'id', 'legal_name', 'parent', 'updated_at'].sort(),
      );
      expect(harbor?.legal_name).toBe('Harbor Lane Coffee Co. LLC');
    }
  });

  it('refuses everyone else', async () => {
    for (const email of [demo.reseller, demo.owner, demo.alpha]) {
      expect((await call(email, 'GET', '/api/portal/clients')).statusCode).toBe(403);
    }
  });
});

describe('GET /api/clients and GET /api/client/my-configurations', () => {
  it('answers arrays with the id first and the name at index 3, scoped to the caller', async () => {
    const res = await call(demo.owner, 'GET', '/api/clients');
    expect(res.statusCode).toBe(200);
    const tuples: ClientTuple[] = res.json().message;
    expect(tuples).toEqual([[ids.harbor, ids.summit, 'Merchant', 'Harbor Lane Coffee Roasters']]);
    const staff: ClientTuple[] = (await call(demo.admin, 'GET', '/api/clients')).json().message;
    expect(staff).toHaveLength(allClientCount);
  });

  it("answers the caller's own clients with their reporting configuration", async () => {
    const res = await call(demo.owner, 'GET', '/api/client/my-configurations');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual([
      {
        id: ids.harbor,
        name: 'Harbor Lane Coffee Roasters',
        config: expect.objectContaining({
          customizations: expect.objectContaining({ default_search_page: expect.any(String) }),
        }),
      },
    ]);
  });
});

describe('sub-pricing', () => {
  let floor = '';
  beforeAll(async () => {
    const [mcc] = await built.app.db
      .select({ cardRate: mccCodes.cardRate })
      .from(mccCodes)
      .where(eq(mccCodes.code, '5814'));
    floor = mcc?.cardRate ?? '';
    expect(floor).toMatch(/^\d+(\.\d+)?\+\d+(\.\d+)?$/);
  });
  // Half a percent above the floor, same per-transaction fee.
  const above = () => {
    const [percent = '0', fee = '0'] = floor.split('+');
    return `${(Number(percent) + 0.5).toFixed(2)}+${fee}`;
  };
  const rowsOf = () =>
    built.app.db
      .select()
      .from(clientMccConfigs)
      .where(and(eq(clientMccConfigs.clientId, ids.harbor), eq(clientMccConfigs.mccCode, '5814')));

  it('adds and replaces the row of one MCC code; reach reads it, money as 2-decimal text', async () => {
    const body = {
      client_id: ids.harbor,
      mcc_code: '5814',
      label: 'Coffee',
      card_rate: above(),
      ach_rate: '1.00+0.25',
      card_p2c: true,
      avg_ticket: '14.5',
      high_ticket: 250,
      monthly_fee: '9.95',
    };
    const added = await call(demo.admin, 'POST', '/api/subpricing', body);
    expect(added.statusCode).toBe(200);
    const row: SubpricingRow = added.json().message;
    expect(row).toMatchObject({
      mccCode: '5814',
      label: 'Coffee',
      card_rate: above(),
      card_p2c: true,
      avg_ticket: '14.50',
      high_ticket: '250.00',
      monthly_fee: '9.95',
      base_card_rate: floor,
    });
    // Fields the body leaves out stay as they are.
    const replaced = await call(demo.healnow, 'POST', '/api/subpricing', {
      client_id: ids.harbor,
      mcc_code: '5814',
      label: 'Cafe',
    });
    expect(replaced.statusCode).toBe(200);
    const stored = await rowsOf();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ label: 'Cafe', avgTicketCents: 1450, monthlyFeeCents: 995 });

    for (const email of [demo.owner, demo.reseller, demo.admin]) {
      const res = await call(email, 'GET', `/api/client/subpricing?apikey=login&clientid=${ids.harbor}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message.map((r: SubpricingRow) => r.label)).toEqual(['Cafe']);
    }
    const [audit] = await built.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.subpricing'), eq(auditLog.clientId, ids.harbor)));
    expect(audit?.outcome).toBe('success');
  });

  it('answers 403 for a foreign client id and changes nothing', async () => {
    const read = await call(demo.copperOwner, 'GET', `/api/client/subpricing?clientid=${ids.harbor}`);
    expect(read.statusCode).toBe(403);
    const before = await rowsOf();
    for (const email of [demo.reseller, demo.owner, demo.copperOwner]) {
      const res = await call(email, 'POST', '/api/subpricing', {
        client_id: ids.harbor,
        mcc_code: '5814',
        label: 'Mine',
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await rowsOf()).toEqual(before);
  });

  it('refuses a card rate below the MCC floor, an unknown code, bad rates and unknown keys', async () => {
    const before = await rowsOf();
    const [percent = '0', fee = '0'] = floor.split('+');
    const below = `${(Number(percent) - 0.01).toFixed(2)}+${fee}`;
    const low = await call(demo.admin, 'POST', '/api/subpricing', {
      client_id: ids.harbor,
      mcc_code: '5814',
      card_rate: below,
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().error).toMatchObject({ code: SubpricingErrorCode.CardRateBelowFloor });
    expect(low.json().error.message).toContain(SubpricingText.CardRateBelowFloor);

    const unknown = await call(demo.admin, 'POST', '/api/subpricing', {
      client_id: ids.harbor,
      mcc_code: '0001',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe(SubpricingErrorCode.UnknownMccCode);

    for (const payload of [
      { client_id: ids.harbor, mcc_code: '5814', card_rate: 'cheap' },
      { client_id: ids.harbor, mcc_code: '581', label: 'x' },
      { client_id: ids.harbor, mcc_code: '5814', etf: '1.234' },
      { client_id: ids.harbor, mcc_code: '5814', is_admin: true },
    ]) {
      expect((await call(demo.admin, 'POST', '/api/subpricing', payload)).statusCode).toBe(400);
    }
    const missing = '00000000-0000-4000-8000-00000000c404';
    expect(
      (await call(demo.admin, 'POST', '/api/subpricing', { client_id: missing, mcc_code: '5814' }))
        .statusCode,
    ).toBe(404);
    expect(await rowsOf()).toEqual(before);
  });

  it('copies every row of one client onto another', async () => {
    const res = await call(demo.admin, 'POST', '/api/subpricing/copy', {
      from_client_id: ids.harbor,
      to_client_id: ids.copper,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual({ copied: 1 });
    const copied = await call(demo.copperOwner, 'GET', `/api/client/subpricing?clientid=${ids.copper}`);
    expect(copied.json().message).toEqual([expect.objectContaining({ mccCode: '5814', label: 'Cafe' })]);
    const same = await call(demo.admin, 'POST', '/api/subpricing/copy', {
      from_client_id: ids.copper,
      to_client_id: ids.copper,
    });
    expect(same.statusCode).toBe(422);
    expect(
      (
        await call(demo.reseller, 'POST', '/api/subpricing/copy', {
          from_client_id: ids.harbor,
          to_client_id: ids.copper,
        })
      ).statusCode,
    ).toBe(403);
  });
});

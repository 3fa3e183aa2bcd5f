import { Permission } from '@portico/contracts/access/permission-names';
import { userTypeSchema } from '@portico/contracts/auth/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../test/demo-data';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/client';
import { queryRows } from '../db/sql-rows';
import { canReachEveryMerchant, decideMerchantAccess } from './merchant-scope';
import { clientIdsAtOrBelow, findClientAccessFacts } from './merchant-scope.repository';

// The report checks reach and permissions on every merchant of a hierarchy in one query
// (findClientAccessFacts); it must decide exactly as decideMerchantAccess does, merchant by
// merchant, for every demo account.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase({ demoAccounts: true });
});
afterAll(() => database.close());

describe('findClientAccessFacts', () => {
  it.each(Object.values(demo))('decides as decideMerchantAccess for %s', async (email) => {
    const [user] = await queryRows(
      database.db,
      sql`select id::text as id, user_type::text as role from users where email = ${email}`,
    );
    const caller = { userId: String(user?.id), role: userTypeSchema.parse(user?.role) };
    const clientIds = (
      await queryRows(database.db, sql`select id::text as id from clients order by name`)
    ).map((r) => String(r.id));
    const facts = await findClientAccessFacts(database.db, caller.userId, { ids: clientIds });
    expect(facts).toHaveLength(clientIds.length);
    const isStaff = canReachEveryMerchant(caller.role);
    for (const fact of facts) {
      for (const permission of [Permission.Reports, Permission.ReportsAdvanced]) {
        const decision = await decideMerchantAccess(database.db, caller, fact.clientId, permission);
        const holds =
          caller.role === 'admin' || !fact.rbacEnabled || fact.grantedPermissions.includes(permission);
        expect((isStaff || fact.hasMembership) && holds, `${email} ${permission} on ${fact.clientId}`).toBe(
          decision.isAllowed,
        );
      }
    }
  });

  it('reads a hierarchy and its facts in one statement as it reads the facts of its listed ids', async () => {
    const roots = (
      await queryRows(database.db, sql`select id::text as id from clients where parent_id is null`)
    ).map((r) => String(r.id));
    const everyClient = await clientIdsAtOrBelow(database.db, roots);
    const [clientCount] = await queryRows(database.db, sql`select count(*)::int as n from clients`);
    expect(everyClient).toHaveLength(Number(clientCount?.n));
    // The facts compared are not all empty: some accounts are members somewhere.
    let memberships = 0;
    for (const email of Object.values(demo)) {
      const [user] = await queryRows(
        database.db,
        sql`select id::text as id from users where email = ${email}`,
      );
      const userId = String(user?.id);
      const listed = await findClientAccessFacts(database.db, userId, { ids: everyClient });
      memberships += listed.filter((fact) => fact.hasMembership).length;
      expect(await findClientAccessFacts(database.db, userId, { atOrBelow: roots }), email).toEqual(listed);
    }
    expect(memberships).toBeGreaterThan(0);
  });
});

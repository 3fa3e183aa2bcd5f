import { Permission } from '@portico/contracts/access/permission-names';
import { userTypeSchema } from '@portico/contracts/auth/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../test/demo-data';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/client';
import { queryRows } from '../db/sql-rows';
import { canReachEveryMerchant, decideMerchantAccess } from './merchant-scope';
import { findClientAccessFacts } from './merchant-scope.repository';

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
    const facts = await findClientAccessFacts(database.db, caller.userId, clientIds);
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
});

import { sessionCookieName } from '@portico/contracts/auth/session';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor, sessionIdOfCookie, shiftSession } from '../../test/auth-helpers';
import { demo } from '../../test/demo-data';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/client';
import { sessions } from '../db/schema/auth';
import { users } from '../db/schema/users';
import { queryRows } from '../db/sql-rows';
import {
  findMerchantAccessFacts,
  findPermissionHolderFacts,
  isClientAtOrBelow,
  type PermissionHolderFacts,
} from './merchant-scope.repository';
import { resolveRequestSession } from './request-session';
import type { SessionPrefetch } from './request-session.repository';

// The request's session and its access facts come from one statement
// (findRequestAccess). It must read exactly what the separate queries the rest of the server uses
// read, for every demo account on every client, with and without view-as.

let database: DatabaseHandle;
let clientIds: string[];
beforeAll(async () => {
  database = await openTestDatabase({ demoAccounts: true });
  clientIds = (await queryRows(database.db, sql`select id::text as id from clients order by name`)).map(
    (row) => String(row.id),
  );
});
afterAll(() => database.close());

async function signIn(email: string): Promise<{ token: string; cookie: string; userId: string }> {
  const cookie = await sessionCookieFor(database.db, email);
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No user ${email}`);
  return { token: cookie.slice(`${sessionCookieName}=`.length), cookie, userId: user.id };
}

// json_agg and the separate select may list grants in another order.
function sortedGrants(facts: PermissionHolderFacts) {
  const grants = [...facts.grants].sort((a, b) =>
    `${a.clientId} ${a.permission}`.localeCompare(`${b.clientId} ${b.permission}`),
  );
  return { ...facts, grants };
}

describe('resolveRequestSession', () => {
  it.each(Object.values(demo))('reads the facts the separate queries read for %s', async (email) => {
    const { token, userId } = await signIn(email);
    const holder = await findPermissionHolderFacts(database.db, userId);
    for (const merchantId of clientIds) {
      const resolved = await resolveRequestSession(database.db, token, {
        merchantId,
        viewedClientId: null,
        permissionAnywhere: true,
      });
      expect(resolved?.session.userId).toBe(userId);
      expect(resolved?.access.merchant).toEqual({
        id: merchantId,
        facts: await findMerchantAccessFacts(database.db, userId, merchantId),
      });
      expect(resolved?.access.viewed).toBeNull();
      const prefetchedHolder = resolved?.access.permissionHolder;
      expect(prefetchedHolder && sortedGrants(prefetchedHolder)).toEqual(sortedGrants(holder));
    }
  });

  it.each([
    demo.admin,
    demo.reseller,
  ])('reads the viewed client and whether the merchant lies within it for %s', async (email) => {
    const { token, userId } = await signIn(email);
    const parents = await queryRows(
      database.db,
      sql`select id::text as id, parent_id::text as parent_id from clients`,
    );
    const seenWithin = new Set<boolean | null | undefined>();
    for (const viewedClientId of clientIds) {
      const viewedFacts = await findMerchantAccessFacts(database.db, userId, viewedClientId);
      // The viewed client, the clients right below it, and two clients anywhere.
      const below = parents.filter((row) => row.parent_id === viewedClientId).map((row) => String(row.id));
      const merchantIds = new Set([viewedClientId, ...below, clientIds[0] ?? '', clientIds.at(-1) ?? '']);
      for (const merchantId of merchantIds) {
        const resolved = await resolveRequestSession(database.db, token, {
          merchantId,
          viewedClientId,
          permissionAnywhere: false,
        });
        expect(resolved?.access.viewed).toEqual({
          id: viewedClientId,
          facts: viewedFacts,
          isMerchantWithin: await isClientAtOrBelow(database.db, viewedClientId, merchantId),
        });
        expect(resolved?.access.permissionHolder).toBeNull();
        seenWithin.add(resolved?.access.viewed?.isMerchantWithin);
      }
    }
    // Both answers occurred: merchants within the viewed client and outside it.
    expect([...seenWithin].sort()).toEqual([false, true]);
  });

  it('reads nothing for a merchant that does not exist but the session', async () => {
    const { token } = await signIn(demo.owner);
    const merchantId = '00000000-0000-4000-8000-000000000000';
    const resolved = await resolveRequestSession(database.db, token, {
      merchantId,
      viewedClientId: null,
      permissionAnywhere: false,
    });
    expect(resolved?.access.merchant).toEqual({
      id: merchantId,
      facts: {
        merchantExists: false,
        rbacEnabled: false,
        membershipClientId: null,
        grantedPermissions: [],
        locationIds: [],
      },
    });
  });

  it('answers no session, whatever the plan, once the session expired or the user is locked out', async () => {
    const plan = {
      merchantId: clientIds[0] ?? null,
      viewedClientId: clientIds[1] ?? null,
      permissionAnywhere: true,
    };
    const expired = await signIn(demo.barista);
    await shiftSession(database.db, expired.cookie, { expiresInMinutes: -1 });
    expect(await resolveRequestSession(database.db, expired.token, plan)).toBeNull();

    const locked = await signIn(demo.copperOwner);
    expect(await resolveRequestSession(database.db, locked.token, plan)).not.toBeNull();
    await database.db.update(users).set({ isLockedOut: true }).where(eq(users.id, locked.userId));
    expect(await resolveRequestSession(database.db, locked.token, plan)).toBeNull();
  });

  it('pushes the idle limit forward in the same statement, only when the last touch is over a minute old', async () => {
    const { token, cookie } = await signIn(demo.dental);
    const plan = { merchantId: clientIds[0] ?? null, viewedClientId: null, permissionAnywhere: false };
    const expiresAtOf = async () =>
      (
        await queryRows(
          database.db,
          sql`select extract(epoch from expires_at - now())::float8 as seconds_left from sessions
              where id = ${sessionIdOfCookie(cookie)}`,
        )
      )[0]?.seconds_left;

    await shiftSession(database.db, cookie, { expiresInMinutes: 5, lastSeenMinutesAgo: 0.5 });
    await resolveRequestSession(database.db, token, plan);
    expect(Number(await expiresAtOf())).toBeLessThan(6 * 60);

    await shiftSession(database.db, cookie, { expiresInMinutes: 5, lastSeenMinutesAgo: 2 });
    await resolveRequestSession(database.db, token, plan);
    expect(Number(await expiresAtOf())).toBeGreaterThan(14 * 60);
  });

  // A route's read sent with the session statement.
  describe('with a prefetch', () => {
    const noPlan = { merchantId: null, viewedClientId: null, permissionAnywhere: false };
    // Its rows: the session's user as the read saw it, in its own order.
    const echo: SessionPrefetch = {
      shape: 'test-echo',
      key: 'echo',
      values: { echoLimit: 2 },
      read: (
        session,
      ) => sql`select n as prefetch_order, u.email as echo_email, ${session.userType} as echo_type,
          ${session.defaultClientId}::text as echo_default, ${session.viewAsClientId}::text as echo_view_as
        from users u, generate_series(1, ${sql.placeholder('echoLimit')}::int) n where u.id = ${session.userId}`,
    };
    // Fails whenever it runs (at run time: the planner cannot fold a count): it must not run at all
    // without a live session.
    const failing: SessionPrefetch = {
      shape: 'test-failing',
      key: 'failing',
      values: {},
      read: (session) => sql`select 1 as prefetch_order,
          (select 1 / (count(*) - count(*))::int from users u where u.id = ${session.userId}) as boom`,
    };

    it("answers the read's rows, in its order, with the session's user, and the session as without it", async () => {
      const { token, userId } = await signIn(demo.owner);
      const resolved = await resolveRequestSession(database.db, token, noPlan, echo);
      expect(resolved?.session.userId).toBe(userId);
      expect(resolved?.session).toEqual((await resolveRequestSession(database.db, token, noPlan))?.session);
      expect(resolved?.prefetched?.key).toBe('echo');
      const [defaultClient] = await queryRows(
        database.db,
        sql`select default_client_id::text as id from users where id = ${userId}`,
      );
      expect(
        resolved?.prefetched?.rows.map((row) => [
          row.prefetch_order,
          row.echo_email,
          row.echo_type,
          row.echo_default,
          row.echo_view_as,
        ]),
      ).toEqual([
        [1, demo.owner, 'user', defaultClient?.id, null],
        [2, demo.owner, 'user', defaultClient?.id, null],
      ]);
    });

    it('runs no read for a session that was revoked or expired, or a user locked out: no session, no rows', async () => {
      const live = await signIn(demo.barista);
      // The driver's error is the cause of drizzle's.
      const failure = await resolveRequestSession(database.db, live.token, noPlan, failing).then(
        () => null,
        (error: unknown) => error,
      );
      expect(String(failure instanceof Error ? failure.cause : failure)).toMatch(/division by zero/);
      const revoked = await signIn(demo.barista);
      await database.db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(eq(sessions.id, sessionIdOfCookie(revoked.cookie)));
      expect(await resolveRequestSession(database.db, revoked.token, noPlan, failing)).toBeNull();
      const expired = await signIn(demo.barista);
      await shiftSession(database.db, expired.cookie, { absoluteInMinutes: -1 });
      expect(await resolveRequestSession(database.db, expired.token, noPlan, failing)).toBeNull();
      const locked = await signIn(demo.alpha);
      await database.db.update(users).set({ isLockedOut: true }).where(eq(users.id, locked.userId));
      expect(await resolveRequestSession(database.db, locked.token, noPlan, failing)).toBeNull();
    });

    it("refuses a read that takes one of the session statement's placeholder names", async () => {
      const { token } = await signIn(demo.owner);
      await expect(
        resolveRequestSession(database.db, token, noPlan, { ...echo, values: { sessionId: 'x' } }),
      ).rejects.toThrow(/placeholder name/);
    });
  });
});

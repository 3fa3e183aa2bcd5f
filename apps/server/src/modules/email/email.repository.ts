import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberships } from '../../db/schema/access';
import { clients } from '../../db/schema/clients';
import { developerRegistrations } from '../../db/schema/developers';
import { enrollments } from '../../db/schema/enrollments';
import { users } from '../../db/schema/users';

// Which of the given (lowercased) addresses Portico knows, and through whom. 'all' is staff's reach.
export type ClientScope = 'all' | readonly string[];

export async function staffAddresses(executor: Executor, addresses: readonly string[]): Promise<string[]> {
  const rows = await executor
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.email, [...addresses]),
        inArray(users.userType, ['admin', 'healnow']),
        eq(users.isDisabled, false),
      ),
    );
  return rows.map((row) => row.email);
}

// Users and contacts of the clients in scope (default client or membership).
export async function userAddressesWithin(
  executor: Executor,
  addresses: readonly string[],
  scope: ClientScope,
): Promise<string[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  const ids = scope === 'all' ? [] : [...scope];
  const rows = await executor
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.email, [...addresses]),
        eq(users.isDisabled, false),
        scope === 'all'
          ? undefined
          : or(
              inArray(users.defaultClientId, ids),
              inArray(
                users.id,
                executor
                  .select({ userId: memberships.userId })
                  .from(memberships)
                  .where(inArray(memberships.clientId, ids)),
              ),
            ),
      ),
    );
  return rows.map((row) => row.email);
}

// The e-mail on file of a client or an enrollment in scope (the CTA e-mails go to the applicant).
export async function recordAddressesWithin(
  executor: Executor,
  addresses: readonly string[],
  scope: ClientScope,
): Promise<string[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  const ids = scope === 'all' ? [] : [...scope];
  const clientEmail = sql<string>`lower(${clients.email})`;
  const enrollmentEmail = sql<string>`lower(${enrollments.email})`;
  const clientRows = await executor
    .select({ email: clientEmail })
    .from(clients)
    .where(and(inArray(clientEmail, [...addresses]), scope === 'all' ? undefined : inArray(clients.id, ids)));
  const enrollmentRows = await executor
    .select({ email: enrollmentEmail })
    .from(enrollments)
    .where(
      and(
        inArray(enrollmentEmail, [...addresses]),
        scope === 'all'
          ? undefined
          : or(inArray(enrollments.clientId, ids), inArray(enrollments.parentId, ids)),
      ),
    );
  return [...clientRows, ...enrollmentRows].map((row) => row.email);
}

// Registered developers, for the developer e-mail; staff only.
export async function developerAddresses(
  executor: Executor,
  addresses: readonly string[],
): Promise<string[]> {
  const email = sql<string>`lower(${developerRegistrations.email})`;
  const rows = await executor
    .select({ email })
    .from(developerRegistrations)
    .where(inArray(email, [...addresses]));
  return rows.map((row) => row.email);
}

export async function findSenderName(executor: Executor, userId: string): Promise<string | undefined> {
  const [row] = await executor.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name;
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import { preparedStatement } from '../../db/named-statement';
import { subEntities } from '../../db/schema/access';
import { clientConfigs, clientPricing, clients } from '../../db/schema/clients';
import { fileBlobs } from '../../db/schema/documents';
import { transactions } from '../../db/schema/transactions';
import { users } from '../../db/schema/users';
import { vaultCustomers, vaultPaymentMethods } from '../../db/schema/vault';

// A merchant's sub-locations, by name: what the frame's locations dropdown offers.
export async function listMerchantLocations(executor: Executor, clientId: string) {
  return executor
    .select({ id: subEntities.id, name: subEntities.name, customFields: subEntities.customFields })
    .from(subEntities)
    .where(eq(subEntities.clientId, clientId))
    .orderBy(asc(subEntities.name));
}

const parentClient = alias(clients, 'parent_client');
const ownLogo = alias(fileBlobs, 'own_logo');
const parentLogo = alias(fileBlobs, 'parent_logo');

// The merchant's stored logo, else its parent's (what the portal shows its users), if any.
export async function findMerchantLogo(executor: Executor, clientId: string): Promise<Buffer | null> {
  const [row] = await executor
    .select({ own: ownLogo.content, parent: parentLogo.content })
    .from(clients)
    .leftJoin(ownLogo, eq(ownLogo.storageKey, clients.logoStorageKey))
    .leftJoin(parentClient, eq(parentClient.id, clients.parentId))
    .leftJoin(parentLogo, eq(parentLogo.storageKey, parentClient.logoStorageKey))
    .where(eq(clients.id, clientId));
  return row?.own ?? row?.parent ?? null;
}

// The merchant a payment frame's publishable key names, with what taking a payment checks. Prepared
// once (db/named-statement.ts): every charge starts with it.
const frameMerchantByKey = preparedStatement('frame_merchant_by_key', (executor, name) =>
  executor
    .select({
      id: clients.id,
      name: clients.name,
      level: clients.level,
      // Compared with a bearer key only; never answered.
      apiKey: clients.apiKey,
      isActive: clients.isActive,
      status: clients.status,
      cardProcessor: clientConfigs.payment,
      achProcessor: clientConfigs.ach,
      highTicketCents: clientConfigs.highTicketCents,
      // The rates the merchant passes on to its customers (spec 2 §3 card_p2c, ach_p2c).
      cardRate: clientPricing.cardRate,
      cardP2c: clientPricing.cardP2c,
      achRate: clientPricing.achRate,
      achP2c: clientPricing.achP2c,
    })
    .from(clients)
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .leftJoin(clientPricing, eq(clientPricing.clientId, clients.id))
    .where(eq(clients.publicKey, sql.placeholder('key')))
    .prepare(name),
);

export type FrameMerchantRow = NonNullable<Awaited<ReturnType<typeof findMerchantByPublishableKey>>>;

export async function findMerchantByPublishableKey(executor: Executor, publishableKey: string) {
  const [row] = await frameMerchantByKey(executor).execute({ key: publishableKey });
  return row;
}

// A saved method of one vault customer of one merchant.
export async function findVaultMethod(
  executor: Executor,
  clientId: string,
  customerId: string,
  methodId: string,
) {
  const [row] = await executor
    .select({
      token: vaultPaymentMethods.token,
      customerId: vaultCustomers.id,
      firstName: vaultCustomers.firstName,
      lastName: vaultCustomers.lastName,
      email: vaultCustomers.email,
    })
    .from(vaultPaymentMethods)
    .innerJoin(vaultCustomers, eq(vaultCustomers.id, vaultPaymentMethods.customerId))
    .where(
      and(
        eq(vaultPaymentMethods.id, methodId),
        eq(vaultCustomers.id, customerId),
        eq(vaultCustomers.clientId, clientId),
      ),
    );
  return row;
}

export async function insertChargeTransaction(tx: Tx, row: typeof transactions.$inferInsert) {
  const [inserted] = await tx.insert(transactions).values(row).returning({
    id: transactions.id,
    createdAt: transactions.createdAt,
  });
  if (!inserted) throw new Error('charge insert returned nothing');
  return inserted;
}

// Idempotency keys and money attempts belong to a user; a payer on a payment page has no account, so
// their charges are held by one disabled, locked system account that can never sign in (.invalid
// never receives mail, and both flags refuse a session).
export const payerSystemEmail = 'payment-page-payers@system.invalid';
const payerIds = new WeakMap<object, string>();

export async function payerSystemUserId(executor: Executor): Promise<string> {
  const known = payerIds.get(executor);
  if (known !== undefined) return known;
  await executor
    .insert(users)
    .values({
      email: payerSystemEmail,
      name: 'Payment page payers (system)',
      userType: 'user',
      isDisabled: true,
      isLockedOut: true,
    })
    .onConflictDoNothing();
  const [row] = await executor.select({ id: users.id }).from(users).where(eq(users.email, payerSystemEmail));
  if (!row) throw new Error('payer system account missing');
  payerIds.set(executor, row.id);
  return row.id;
}

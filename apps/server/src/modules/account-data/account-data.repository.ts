import { and, asc, eq, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  clientConfigs,
  clientMccConfigs,
  clientPricing,
  clientPrincipals,
  clients,
  whiteLabels,
} from '../../db/schema/clients';

const parents = alias(clients, 'parents');

// The account data page shows principals 1 to 3.
export const accountDataPrincipalCount = 3;

export async function findAccountData(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({
      client: clients,
      parentName: parents.name,
      config: {
        payment: clientConfigs.payment,
        ach: clientConfigs.ach,
        crypto: clientConfigs.crypto,
        terminals: clientConfigs.terminals,
        payout: clientConfigs.payout,
        onboard: clientConfigs.onboard,
        enrollEmail: clientConfigs.enrollEmail,
      },
      pricing: {
        cardRate: clientPricing.cardRate,
        achRate: clientPricing.achRate,
        cryptoRate: clientPricing.cryptoRate,
      },
      whiteLabelName: whiteLabels.entityName,
    })
    .from(clients)
    .leftJoin(parents, eq(parents.id, clients.parentId))
    .leftJoin(clientConfigs, eq(clientConfigs.clientId, clients.id))
    .leftJoin(clientPricing, eq(clientPricing.clientId, clients.id))
    .leftJoin(whiteLabels, eq(whiteLabels.clientId, clients.id))
    .where(eq(clients.id, clientId));
  if (!row) return undefined;
  const [principals, mccConfigs] = await Promise.all([
    executor
      .select()
      .from(clientPrincipals)
      .where(
        and(
          eq(clientPrincipals.clientId, clientId),
          lte(clientPrincipals.position, accountDataPrincipalCount),
        ),
      )
      .orderBy(asc(clientPrincipals.position)),
    executor
      .select({ mccCode: clientMccConfigs.mccCode })
      .from(clientMccConfigs)
      .where(eq(clientMccConfigs.clientId, clientId))
      .orderBy(asc(clientMccConfigs.mccCode)),
  ]);
  return { ...row, principals, mccCodes: mccConfigs.map((entry) => entry.mccCode) };
}

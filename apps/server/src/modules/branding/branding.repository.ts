import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clientChainCte } from '../../access/merchant-scope.repository';
import type { Executor } from '../../db/client';
import { clients, whiteLabels } from '../../db/schema/clients';
import { fileBlobs } from '../../db/schema/documents';
import { users } from '../../db/schema/users';
import { queryRows } from '../../db/sql-rows';

const chainWhiteLabelRow = z.object({
  client_id: z.string(),
  entity_name: z.string().nullable(),
  color: z.string().nullable(),
  logo_url: z.string().nullable(),
  logo_storage_key: z.string().nullable(),
});
export type ChainWhiteLabelRow = z.infer<typeof chainWhiteLabelRow>;

// A client and every client above it (itself first), each with its white label if it has one.
export async function listChainWhiteLabels(
  executor: Executor,
  clientId: string,
): Promise<ChainWhiteLabelRow[]> {
  const rows = await queryRows(
    executor,
    sql`with recursive ${clientChainCte(clientId)}
      select chain.id::text as client_id, w.entity_name, w.color, w.logo_url, w.logo_storage_key
      from chain left join white_labels w on w.client_id = chain.id
      order by chain.depth`,
  );
  return rows.map((row) => chainWhiteLabelRow.parse(row));
}

export async function findClientLevelForUpdate(executor: Executor, clientId: string) {
  const [row] = await executor
    .select({ level: clients.level })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('update');
  return row ?? null;
}

export async function findWhiteLabel(executor: Executor, clientId: string) {
  const [row] = await executor.select().from(whiteLabels).where(eq(whiteLabels.clientId, clientId));
  return row ?? null;
}

export async function upsertWhiteLabel(
  executor: Executor,
  clientId: string,
  values: { entityName: string; color: string },
) {
  await executor
    .insert(whiteLabels)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: whiteLabels.clientId, set: { ...values, updatedAt: new Date() } });
}

export async function deleteWhiteLabel(executor: Executor, clientId: string) {
  await executor.delete(whiteLabels).where(eq(whiteLabels.clientId, clientId));
}

export async function saveWhiteLabelLogo(
  executor: Executor,
  clientId: string,
  logo: { storageKey: string; url: string; content: Buffer } | null,
) {
  if (logo) await executor.insert(fileBlobs).values({ storageKey: logo.storageKey, content: logo.content });
  await executor
    .update(whiteLabels)
    .set({ logoStorageKey: logo?.storageKey ?? null, logoUrl: logo?.url ?? null, updatedAt: new Date() })
    .where(eq(whiteLabels.clientId, clientId));
}

export async function deleteBlob(executor: Executor, storageKey: string) {
  await executor.delete(fileBlobs).where(eq(fileBlobs.storageKey, storageKey));
}

// A logo in use by a white label (a removed one is no longer served).
export async function findWhiteLabelLogoContent(executor: Executor, storageKey: string) {
  const [row] = await executor
    .select({ content: fileBlobs.content })
    .from(whiteLabels)
    .innerJoin(fileBlobs, eq(fileBlobs.storageKey, whiteLabels.logoStorageKey))
    .where(eq(whiteLabels.logoStorageKey, storageKey));
  return row?.content ?? null;
}

export async function findBlobContent(executor: Executor, storageKey: string) {
  const [row] = await executor
    .select({ content: fileBlobs.content })
    .from(fileBlobs)
    .where(eq(fileBlobs.storageKey, storageKey));
  return row?.content ?? null;
}

export async function findUserByEmail(executor: Executor, email: string) {
  const [row] = await executor
    .select({ userType: users.userType, defaultClientId: users.defaultClientId })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subscriptionCancelTokens } from '../../db/schema/subscriptions';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';

// The cancelId of a public unsubscribe link: 256 random bits, so it cannot be guessed from the series
// id; only its SHA-256 is stored, so a copy of the table cannot be replayed as links. The scheduler
// issues one with every receipt; the unsubscribe page (subscriptions) reads and consumes it.
export async function issueCancelToken(db: Executor, subscriptionId: string): Promise<string> {
  const token = newSecretToken();
  await db.insert(subscriptionCancelTokens).values({ subscriptionId, tokenHash: hashSecretToken(token) });
  return token;
}

// The series an unused token names, for the unsubscribe page's question; undefined when the token is
// forged, malformed or already used (the caller gives all three one answer).
export async function findUnusedCancelToken(
  db: Executor,
  token: string,
): Promise<{ subscriptionId: string } | undefined> {
  const [row] = await db
    .select({ subscriptionId: subscriptionCancelTokens.subscriptionId })
    .from(subscriptionCancelTokens)
    .where(
      and(
        eq(subscriptionCancelTokens.tokenHash, hashSecretToken(token)),
        isNull(subscriptionCancelTokens.usedAt),
      ),
    );
  return row;
}

// Marks the token used and names its series, or undefined when it is forged or already used. Run it
// inside the transaction that ends the series: if ending fails, the token stays usable.
export async function consumeCancelToken(
  tx: Executor,
  token: string,
): Promise<{ subscriptionId: string } | undefined> {
  const [row] = await tx
    .update(subscriptionCancelTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(subscriptionCancelTokens.tokenHash, hashSecretToken(token)),
        isNull(subscriptionCancelTokens.usedAt),
      ),
    )
    .returning({ subscriptionId: subscriptionCancelTokens.subscriptionId });
  return row;
}

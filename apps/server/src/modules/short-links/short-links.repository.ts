import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shortLinks, virtualTerminalUrls } from '../../db/schema/terminals';

export async function insertShortLink(
  executor: Executor,
  row: { code: string; targetUrl: string; clientId: string },
): Promise<void> {
  await executor.insert(shortLinks).values(row);
}

// A short link of /api/urls, else the url_id of a saved, active virtual terminal.
export async function findShortLinkTarget(executor: Executor, code: string) {
  const [link] = await executor
    .select({
      targetUrl: shortLinks.targetUrl,
      expiresAt: shortLinks.expiresAt,
      clientId: shortLinks.clientId,
    })
    .from(shortLinks)
    .where(eq(shortLinks.code, code));
  if (link) return { kind: 'short_link' as const, ...link };
  const [terminal] = await executor
    .select({ targetUrl: virtualTerminalUrls.url, clientId: virtualTerminalUrls.clientId })
    .from(virtualTerminalUrls)
    .where(and(eq(virtualTerminalUrls.urlId, code), eq(virtualTerminalUrls.isActive, true)));
  if (terminal) return { kind: 'terminal' as const, expiresAt: null, ...terminal };
  return undefined;
}

import { auditDetailsInWords, idsInAuditDetails, isUuid } from '@portico/contracts/audit/audit-details';
import type { AuditLogPage, AuditLogRow } from '@portico/contracts/audit/audit-log';
import { normalizeEmailAddress } from '@portico/contracts/auth/email-address';
import type { Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { type AuditLogWindow, listAuditLogPage, namesOfRecords } from './audit-log.repository';

export const AuditLogError = defineErrors({ BadCursor: ['AUDIT_LOG_BAD_CURSOR', 'validation'] });

export type AuditLogRequest = {
  actor?: string;
  action?: string;
  merchant?: string;
  from?: string;
  to?: string;
  before?: string;
  limit: number;
};

const cursorShape =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeAuditCursor(row: { createdAt: string; id: string }): string {
  return `${row.createdAt}|${row.id}`;
}

export function decodeAuditCursor(cursor: string): { createdAt: string; id: string } | undefined {
  const match = cursorShape.exec(cursor);
  return match?.[1] && match[2] ? { createdAt: match[1], id: match[2] } : undefined;
}

// The request's filters as the repository reads them (actor e-mail normalised, merchant id in lower
// case), without the page.
export function auditLogFilterOf(request: Omit<AuditLogRequest, 'before' | 'limit'>): AuditLogWindow {
  return {
    ...(request.actor === undefined ? {} : { actorEmail: normalizeEmailAddress(request.actor) }),
    ...(request.action === undefined ? {} : { action: request.action }),
    ...(request.merchant === undefined ? {} : { clientId: request.merchant.toLowerCase() }),
    ...(request.from === undefined ? {} : { fromInstant: request.from }),
    ...(request.to === undefined ? {} : { toInstant: request.to }),
  };
}

type StoredAuditRow = Awaited<ReturnType<typeof listAuditLogPage>>[number];

// Rows as the page shows them: the ids in their details and targets named in one lookup.
export async function auditLogRowsOf(
  executor: Executor,
  page: readonly StoredAuditRow[],
): Promise<AuditLogRow[]> {
  const names = await namesOfRecords(
    executor,
    page.flatMap((row) => [
      ...idsInAuditDetails(row.details),
      ...(isUuid(row.targetId) ? [row.targetId.toLowerCase()] : []),
    ]),
  );
  const nameOf = (id: string) => names.get(id);
  return page.map((row) => ({
    id: row.id,
    created_at: row.createdAt,
    action: row.action,
    outcome: row.outcome,
    actor_email: row.actorEmail,
    on_behalf_of_email: row.onBehalfOfEmail,
    target_type: row.targetType,
    target_id: row.targetId,
    target_name: isUuid(row.targetId) ? (nameOf(row.targetId.toLowerCase()) ?? null) : row.targetId,
    client_id: row.clientId,
    client_name: row.clientName,
    ip: row.ip,
    details: row.details === null ? null : JSON.stringify(row.details),
    details_text: row.details === null ? null : auditDetailsInWords(row.details, nameOf),
  }));
}

export async function readAuditLogPage(executor: Executor, request: AuditLogRequest): Promise<AuditLogPage> {
  const before = request.before === undefined ? undefined : decodeAuditCursor(request.before);
  if (request.before !== undefined && before === undefined) {
    throw AuditLogError.BadCursor('The page cursor is not valid');
  }
  // One row more than asked tells whether an older page exists.
  const rows = await listAuditLogPage(executor, {
    ...auditLogFilterOf(request),
    ...(before === undefined ? {} : { before }),
    limit: request.limit + 1,
  });
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    rows: await auditLogRowsOf(executor, page),
    next_before: rows.length > request.limit && last ? encodeAuditCursor(last) : null,
  };
}

import { processorAuditReadOnlyText } from '@portico/contracts/access/processor-audit';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { Executor } from '../db/client';
import { AppError } from '../lib/app-error';
import { type AuditEntry, recordAudit, type requestOrigin } from '../lib/audit';
import { auditActorOf } from './audit-actor';
import type { SessionContext } from './request-session';

export type DenialEntry = AuditEntry & { actorUserId: string; targetId: string };

type Window = { minute: number; repeats: number; entry: DenialEntry };

export type DenialLog = { warn(details: Record<string, unknown>, message: string): void };

const minuteOf = (date: Date) => Math.floor(date.getTime() / 60_000);

// The app's one writer of refusals, with two ways of writing:
// - record (a refusal by the route's own rule): repeated refusals of one actor on one route are one
//   incident. The first of each minute writes the audit row; the rest of that minute are counted and
//   logged when the minute ends, so a client looping on a forbidden call cannot grow the append-only
//   audit log faster than one row per route and minute (the rate limiter bounds the log lines).
// - recordEach (a module's refusal of what a call names: a record, a field, a recipient): every
//   refusal is a row, since each says what was asked for.
export function createDenialAuditor(db: Executor, now: () => Date, log: DenialLog) {
  const windows = new Map<string, Window>();

  function reportRepeats(window: Window) {
    if (window.repeats === 0) return;
    log.warn(
      {
        actorUserId: window.entry.actorUserId,
        route: window.entry.targetId,
        minute: new Date(window.minute * 60_000).toISOString(),
        repeats: window.repeats,
      },
      'authorization denials repeated',
    );
  }

  // Closes the windows of minutes that are over (all of them when shutting down).
  function sweep(everything = false) {
    const current = minuteOf(now());
    for (const [key, window] of windows) {
      if (!everything && window.minute === current) continue;
      reportRepeats(window);
      windows.delete(key);
    }
  }

  return {
    async record(entry: DenialEntry): Promise<void> {
      const minute = minuteOf(now());
      const key = `${entry.actorUserId} ${entry.targetId}`;
      const open = windows.get(key);
      if (open && open.minute === minute) {
        open.repeats += 1;
        return;
      }
      if (open) reportRepeats(open);
      windows.set(key, { minute, repeats: 0, entry });
      await recordAudit(db, entry);
    },
    // Written every time: the refusals a module decides on one call.
    async recordEach(entry: DenialEntry): Promise<void> {
      await recordAudit(db, entry);
    },
    sweep,
    get openWindows() {
      return windows.size;
    },
  };
}

export type DenialAuditor = ReturnType<typeof createDenialAuditor>;

export const forbiddenText = {
  role: 'You are not allowed to do this',
  merchant: 'You do not have access to this merchant',
  permission: 'You do not have permission to do this',
  processor_audit: processorAuditReadOnlyText,
  mimic_session: 'Not allowed while mimicking a user',
  recipient: 'You may not send e-mail to these recipients',
} as const;

export type DenialReason = keyof typeof forbiddenText;

export type RequestOrigin = ReturnType<typeof requestOrigin>;

// Where a refusal happens: the session refused, the route ("METHOD /pattern"), where the request came
// from, and the app's auditor. A Caller is one; the access layer builds one before the Caller exists.
export type DenialSite = {
  session: SessionContext;
  route: string;
  origin: RequestOrigin;
  denials: DenialAuditor;
};

export type DenialDetails = {
  merchantId?: string | null;
  permission?: string;
  // A module's own code and message for the 403; the reason's text otherwise.
  code?: string;
  message?: string;
};

function denialEntryOf(site: DenialSite, reason: DenialReason, details: DenialDetails): DenialEntry {
  return {
    action: 'authorization_denied',
    outcome: 'denied',
    ...auditActorOf(site),
    targetType: 'route',
    targetId: site.route,
    clientId: details.merchantId ?? null,
    details: {
      reason,
      role: site.session.role,
      ...(details.permission ? { permission: details.permission } : {}),
    },
  };
}

function forbidden(reason: DenialReason, details: DenialDetails): AppError {
  return new AppError(
    details.code ?? CommonErrorCode.Forbidden,
    'forbidden',
    details.message ?? forbiddenText[reason],
  );
}

// Refusals are one 403 and one kind of audit entry, written on their own (there is no change to
// commit them with), through the app's auditor.

// A module's refusal of what a call names (a record, a recipient, a category): every refusal is
// written.
export async function denyAccess(
  site: DenialSite,
  reason: DenialReason,
  details: DenialDetails = {},
): Promise<never> {
  await site.denials.recordEach(denialEntryOf(site, reason, details));
  throw forbidden(reason, details);
}

// A refusal by the route's own access rule: repeats of one actor on one route within a minute are
// one row, so a client looping on a forbidden call cannot grow the audit log.
export async function denyByRouteRule(
  site: DenialSite,
  reason: DenialReason,
  details: DenialDetails = {},
): Promise<never> {
  await site.denials.record(denialEntryOf(site, reason, details));
  throw forbidden(reason, details);
}

// Reads that stay closed to processor-audit users although their menu lets them read the rest of
// the books (costing, the vault's customers): refused as a role refusal, audited.
export async function refuseProcessorAuditUser(site: DenialSite): Promise<void> {
  if (site.session.isProcessorAuditUser) await denyAccess(site, 'role');
}

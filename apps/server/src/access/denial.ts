import { processorAuditReadOnlyText } from '@portico/contracts/access/processor-audit';
import { CommonErrorCode } from '@portico/contracts/common/envelope';
import type { Executor } from '../db/client';
import { AppError } from '../lib/app-error';
import { type AuditEntry, recordAudit, type requestOrigin } from '../lib/audit';
import type { SessionContext } from './request-session';

export type DenialEntry = AuditEntry & { actorUserId: string; targetId: string };

type Window = { minute: number; repeats: number; entry: DenialEntry };

export type DenialLog = { warn(details: Record<string, unknown>, message: string): void };

const minuteOf = (date: Date) => Math.floor(date.getTime() / 60_000);

// Repeated refusals of one actor on one route are one incident: the first of each minute writes the
// audit row, the rest of that minute are counted and logged when the minute ends. A client looping
// on a forbidden call therefore cannot grow the append-only audit log faster than one row per route
// and minute (the rate limiter bounds the log line count the same way).
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

// The one way to refuse a caller: a 403, and its audit entry (throttled per actor, route and minute,
// written on its own: there is no change to commit it with).
export async function denyAccess(
  site: DenialSite,
  reason: DenialReason,
  details: DenialDetails = {},
): Promise<never> {
  await site.denials.record({
    action: 'authorization_denied',
    outcome: 'denied',
    actorUserId: site.session.userId,
    actorEmail: site.session.email,
    targetType: 'route',
    targetId: site.route,
    clientId: details.merchantId ?? null,
    ...site.origin,
    details: {
      reason,
      role: site.session.role,
      ...(details.permission ? { permission: details.permission } : {}),
    },
  });
  throw new AppError(
    details.code ?? CommonErrorCode.Forbidden,
    'forbidden',
    details.message ?? forbiddenText[reason],
  );
}

import type { Executor } from '../db/client';
import { type AuditEntry, recordAudit } from './audit';

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

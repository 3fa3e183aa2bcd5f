import { exportGridLabels, exportGridSchema, exportRequestBody } from '@portico/contracts/exports/exports';
import {
  describePeriod,
  maxAttachedBytes,
  periodOfRun,
  ReportScheduleText,
  scheduleFrequencySchema,
} from '@portico/contracts/exports/report-schedules';
import type { DenialAuditor } from '../../access/denial';
import { standingCallerOf } from '../../access/standing-access';
import type { Db } from '../../db/client';
import type { MailService } from '../../integrations/mail/mail-service';
import { escapeHtml } from '../../lib/html';
import type { ExportableGrid } from './export-registry';
import type { ExportRecord } from './exports.repository';
import {
  findRecipients,
  findSchedule,
  type RecipientRecord,
  type ScheduleRecord,
} from './report-schedules.repository';

export type ScheduleMailDeps = {
  db: Db;
  mail: MailService;
  grids: ReadonlyMap<string, ExportableGrid>;
  denials: DenialAuditor;
  publicUrl: string;
};

export type WrittenFile = { path: string; byteSize: number; contentType: string };

// The recipients who may see every row of this run now, as the grid's own access decides for each of
// them: a recipient who lost access since the schedule was made gets nothing.
async function recipientsWhoMaySee(
  deps: ScheduleMailDeps,
  grid: ExportableGrid,
  schedule: ScheduleRecord,
  record: ExportRecord,
): Promise<RecipientRecord[]> {
  const merchantId = exportRequestBody.parse(record.request).merchant_id;
  const kept: RecipientRecord[] = [];
  for (const recipient of await findRecipients(deps.db, schedule.recipientIds)) {
    const caller = await standingCallerOf(
      deps.db,
      deps.denials,
      recipient.id,
      grid.requestAccess,
      merchantId,
      `scheduled ${grid.grid}`,
    );
    if (caller && (await grid.mayStillSee(deps.db, caller, record.scope))) kept.push(recipient);
  }
  return kept;
}

// A scheduled run's file to its recipients: attached when asked and small enough, else linked (the
// download asks the recipient to sign in and checks their access again).
export async function mailScheduledRun(
  deps: ScheduleMailDeps,
  record: ExportRecord,
  rows: number,
  file: WrittenFile,
): Promise<void> {
  if (record.scheduleId === null || record.scheduleRunAt === null) return;
  const schedule = await findSchedule(deps.db, record.scheduleId);
  const grid = deps.grids.get(record.grid);
  if (!schedule || !grid) return;
  const recipients = await recipientsWhoMaySee(deps, grid, schedule, record);
  if (recipients.length === 0) return;
  const title = exportGridLabels[exportGridSchema.parse(record.grid)];
  const period = periodOfRun(
    scheduleFrequencySchema.parse(schedule.frequency),
    record.scheduleRunAt.getTime(),
    schedule.timeZone,
  );
  const intro = ReportScheduleText.MailIntro(title, schedule.layoutName, describePeriod(period), rows);
  const isAttached = schedule.delivery === 'file' && file.byteSize <= maxAttachedBytes;
  const download = `${deps.publicUrl}/api/exports/${record.id}/download`;
  const list = `${deps.publicUrl}/app/exports`;
  const how = isAttached
    ? ReportScheduleText.MailAttached
    : schedule.delivery === 'file'
      ? ReportScheduleText.MailTooLarge
      : ReportScheduleText.MailLink;
  const linkText = isAttached ? '' : `\n${download}`;
  const linkHtml = isAttached
    ? ''
    : `<br><a href="${escapeHtml(download)}">${escapeHtml(record.fileName)}</a>`;
  await deps.mail.send({
    to: recipients.map((recipient) => recipient.email),
    subject: ReportScheduleText.MailSubject(schedule.layoutName),
    text: `${intro}\n${how}${linkText}\n\n${ReportScheduleText.MailSchedules}\n${list}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(how)}${linkHtml}</p>` +
      `<p>${escapeHtml(ReportScheduleText.MailSchedules)} <a href="${escapeHtml(list)}">${escapeHtml(list)}</a></p>`,
    ...(isAttached
      ? { attachments: [{ filename: record.fileName, path: file.path, contentType: file.contentType }] }
      : {}),
  });
}

import { defineErrors } from '../../lib/app-error';

export const ExportsError = defineErrors({
  InvalidParams: ['EXPORT_INVALID_PARAMS', 'validation'],
  UnknownColumn: ['EXPORT_UNKNOWN_COLUMN', 'validation'],
  SortNotSupported: ['EXPORT_SORT_NOT_SUPPORTED', 'business_rule'],
  NotFound: ['EXPORT_NOT_FOUND', 'not_found'],
  Expired: ['EXPORT_EXPIRED', 'conflict'],
  Cancelled: ['EXPORT_CANCELLED', 'conflict'],
  NotReady: ['EXPORT_NOT_READY', 'conflict'],
  Failed: ['EXPORT_FAILED', 'conflict'],
  CannotCancel: ['EXPORT_CANNOT_CANCEL', 'conflict'],
  CannotRetry: ['EXPORT_CANNOT_RETRY', 'conflict'],
  AccessLost: ['EXPORT_ACCESS_LOST', 'forbidden'],
  FileMissing: ['EXPORT_FILE_MISSING', 'conflict'],
  NotSchedulable: ['REPORT_SCHEDULE_NOT_SCHEDULABLE', 'validation'],
  RecipientOutside: ['REPORT_SCHEDULE_RECIPIENT_OUTSIDE', 'validation'],
  ScheduleNotFound: ['REPORT_SCHEDULE_NOT_FOUND', 'not_found'],
  ScheduleState: ['REPORT_SCHEDULE_STATE', 'conflict'],
  NoAccess: ['REPORT_SCHEDULE_NO_ACCESS', 'forbidden'],
});

import { z } from 'zod';
import { successEnvelope } from '../common/envelope';

// Lists of [name, label] pairs; the browser uses the first element.
export const timezonePairSchema = z.tuple([z.string(), z.string()]);
export type TimezonePair = z.infer<typeof timezonePairSchema>;
export const timezoneListResponse = successEnvelope(z.array(timezonePairSchema));

export const updateTimezoneBody = z.strictObject({ timezone: z.string().min(1).max(100) });
export type UpdateTimezoneBody = z.infer<typeof updateTimezoneBody>;

export const TimezoneText = {
  // The browser's toast after a successful POST.
  Updated: 'Timezone was successfully updated',
  NotOffered: 'Timezone is not one of the offered timezones',
} as const;
export const TimezoneErrorCode = { NotOffered: 'TIMEZONE_NOT_OFFERED' } as const;

import { useMemo } from 'react';
import { formatDateTime } from '../../../lib/time-zone/date-time-format';

// Dates in the detail viewer, in the portal's one date-time format on the user's timezone.
export function useDateTimeFormat(timeZone: string): (iso: string) => string {
  return useMemo(() => (iso: string) => formatDateTime(iso, timeZone), [timeZone]);
}

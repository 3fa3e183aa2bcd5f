import { useMemo } from 'react';

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    // A setting this browser does not know: its own zone.
    return new Intl.DateTimeFormat('en-US', options);
  }
}

// Dates in the detail viewer and the receipt, on the wall clock of the user's timezone.
export function useDateTimeFormat(timeZone: string): (iso: string) => string {
  return useMemo(() => {
    const format = formatterFor(timeZone);
    return (iso: string) => format.format(new Date(iso));
  }, [timeZone]);
}

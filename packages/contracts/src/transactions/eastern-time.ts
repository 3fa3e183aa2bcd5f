// "Void is allowed only while the transaction is on the same Eastern-time calendar day as
// now. The offset is fixed at minus 4 or minus 5 hours according to daylight saving."
// The rule is computed here rather than read from the runtime's time zone data, so server and browser
// agree whatever ICU build they run.
//
// Daylight saving follows US law since 2007: from the second Sunday of March to the first Sunday of
// November, switching at 02:00 local time, i.e. at 07:00 UTC in March (02:00 EST) and at 06:00 UTC in
// November (02:00 EDT). Each instant gets the offset in force at that instant: on the switch days a
// transaction at 00:30 and "now" at 23:30 are on the same local day even though their offsets differ.

const hourMs = 3_600_000;

function dayOfMonthOfNthSunday(year: number, monthIndex: number, n: number): number {
  const weekdayOfFirst = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  const firstSunday = 1 + ((7 - weekdayOfFirst) % 7);
  return firstSunday + 7 * (n - 1);
}

// The UTC year of an instant is its Eastern year whenever daylight saving could be in question
// (March to November), so the switch instants of that year decide.
export function easternDaylightSavingStartUtcMs(year: number): number {
  return Date.UTC(year, 2, dayOfMonthOfNthSunday(year, 2, 2), 7);
}

export function easternDaylightSavingEndUtcMs(year: number): number {
  return Date.UTC(year, 10, dayOfMonthOfNthSunday(year, 10, 1), 6);
}

export function isEasternDaylightSavingTimeAt(instant: Date): boolean {
  const ms = instant.getTime();
  const year = instant.getUTCFullYear();
  return ms >= easternDaylightSavingStartUtcMs(year) && ms < easternDaylightSavingEndUtcMs(year);
}

export function easternUtcOffsetHoursAt(instant: Date): -4 | -5 {
  return isEasternDaylightSavingTimeAt(instant) ? -4 : -5;
}

// yyyy-mm-dd of the instant on the Eastern-time wall clock.
export function easternCalendarDateOf(instant: Date): string {
  const shifted = new Date(instant.getTime() + easternUtcOffsetHoursAt(instant) * hourMs);
  return shifted.toISOString().slice(0, 10);
}

export function isSameEasternCalendarDay(a: Date, b: Date): boolean {
  return easternCalendarDateOf(a) === easternCalendarDateOf(b);
}

// "Statement month is two-digit MM, defaulting to the previous month"; the month
// dropdown runs "from two years ago to the current month, newest first". A bare MM is ambiguous over
// two years, so Portico also takes YYYY-MM; a bare MM means its latest occurrence not after today.

export const StatementMonthText = {
  Malformed: 'Month must be MM or YYYY-MM',
  Future: 'Statements exist only for past months',
} as const;

export type StatementMonthResult =
  | { ok: true; month: string }
  | { ok: false; reason: keyof typeof StatementMonthText };

const monthsBack = 24;

// yyyy-mm of a yyyy-mm-dd day or a Date, UTC.
export function yearMonthOf(day: string): string {
  return day.slice(0, 7);
}

export function shiftYearMonth(yearMonth: string, months: number): string {
  const [year = 0, month = 1] = yearMonth.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const shiftedYear = Math.floor(index / 12);
  return `${String(shiftedYear).padStart(4, '0')}-${String(index - shiftedYear * 12 + 1).padStart(2, '0')}`;
}

// The statement month asked for as yyyy-mm, checked against today's (UTC) month.
export function parseStatementMonth(text: string, today: string): StatementMonthResult {
  const current = yearMonthOf(today);
  const full = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  if (full) {
    const month = text;
    return month > current ? { ok: false, reason: 'Future' } : { ok: true, month };
  }
  const bare = /^(0[1-9]|1[0-2])$/.exec(text);
  if (!bare) return { ok: false, reason: 'Malformed' };
  const thisYear = `${current.slice(0, 4)}-${text}`;
  return { ok: true, month: thisYear > current ? shiftYearMonth(thisYear, -12) : thisYear };
}

// Newest first: the current month, then back two years.
export function statementMonthOptions(today: string): string[] {
  const current = yearMonthOf(today);
  return Array.from({ length: monthsBack + 1 }, (_, k) => shiftYearMonth(current, -k));
}

export function defaultStatementMonth(today: string): string {
  return shiftYearMonth(yearMonthOf(today), -1);
}

// 'November 2026' for a yyyy-mm, in English month names (statements are printed in English).
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export function statementMonthLabel(yearMonth: string): string {
  const [year, month] = yearMonth.split('-');
  return `${monthNames[Number(month) - 1] ?? month} ${year}`;
}

// First and last day of a yyyy-mm.
export function statementMonthDays(yearMonth: string): { first: string; last: string } {
  const [year = 0, month = 1] = yearMonth.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${yearMonth}-01`, last: `${yearMonth}-${String(last).padStart(2, '0')}` };
}

// The card reader field (the Swipe permission and payment option): a USB reader is a keyboard that types the
// magnetic stripe's tracks and Enter. Parsed here in the browser; only the card number and expiry
// go on, to the tokenisation call like a keyed card. Pure, no zod (the frame bundle imports it).
// The track text itself is never sent, stored or logged.

export type SwipedCard = {
  number: string;
  expMonth: string;
  expYear: string;
  firstName: string | null;
  lastName: string | null;
};

export type SwipeReading = { ok: true; card: SwipedCard } | { ok: false };

// Track 1 (format B): %B<number>^<LAST/FIRST>^<YYMM><service code and discretionary data>?
const trackOne = /%B(\d{12,19})\^([^^]{0,26})\^(\d{2})(\d{2})[^?]*\?/;
// Track 2: ;<number>=<YYMM><service code and discretionary data>?
const trackTwo = /;(\d{12,19})=(\d{2})(\d{2})[^?]*\?/;

// 'DOE/JANE M' -> Jane M Doe's parts as the card has them; a name without '/' is all last name.
function namePartsOf(raw: string): { firstName: string | null; lastName: string | null } {
  const [last = '', first = ''] = raw.trim().split('/');
  const clean = (part: string) => part.trim().replace(/\s+/g, ' ') || null;
  return { firstName: clean(first), lastName: clean(last) };
}

function readingOf(number: string, yy: string, mm: string, name: string): SwipeReading {
  const month = Number(mm);
  if (month < 1 || month > 12) return { ok: false };
  return { ok: true, card: { number, expMonth: mm, expYear: `20${yy}`, ...namePartsOf(name) } };
}

// What a swipe typed, read: track 1 first (it has the name), else track 2.
export function parseSwipe(typed: string): SwipeReading {
  const one = trackOne.exec(typed);
  if (one) {
    const [, number = '', name = '', yy = '', mm = ''] = one;
    return readingOf(number, yy, mm, name);
  }
  const two = trackTwo.exec(typed);
  if (two) {
    const [, number = '', yy = '', mm = ''] = two;
    return readingOf(number, yy, mm, '');
  }
  return { ok: false };
}

// A reader types a whole track ending in '?': the field may hold a swipe once one has ended.
export function isSwipeComplete(typed: string): boolean {
  return /\?\s*$/.test(typed);
}

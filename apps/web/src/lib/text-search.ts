import { searchWordsOf } from '@portico/contracts/common/search-words';
import { useMemo } from 'react';

// A grid's search box: every word typed must appear, in any case, in one of the row's texts
// (so 'harbor coffee' finds 'Harbor Lane Coffee'). An empty search keeps every row.
export function matchesSearch(search: string, texts: readonly (string | null | undefined)[]): boolean {
  const words = searchWordsOf(search);
  if (words.length === 0) return true;
  const haystack = texts
    .filter((text): text is string => typeof text === 'string')
    .map((t) => t.toLowerCase());
  return words.every((word) => haystack.some((text) => text.includes(word)));
}

export function useSearchedRows<Row>(
  rows: readonly Row[],
  search: string,
  textsOf: (row: Row) => readonly (string | null | undefined)[],
): readonly Row[] {
  return useMemo(
    () => (search.trim() === '' ? rows : rows.filter((row) => matchesSearch(search, textsOf(row)))),
    [rows, search, textsOf],
  );
}

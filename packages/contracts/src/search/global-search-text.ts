// The global search's words and its one length rule, apart from the schemas: the header's box loads
// with every signed-in page and carries only these.

export const globalSearchMaxLength = 100;
// A few per kind: the box finds, the page lists.
export const globalSearchHitsPerKind = 5;

export const GlobalSearchText = {
  Label: 'Search',
  Placeholder: 'Search merchants, transactions, customers…',
  DialogTitle: 'Search Portico',
  Empty: 'Type something to search for',
  TooLong: `Search text must be at most ${globalSearchMaxLength} characters`,
  NothingFound: 'Nothing found',
  Failed: 'The search could not be run. Try again.',
  Searching: 'Searching…',
  Hint: 'Arrow keys move, Enter opens, Esc closes',
} as const;

// A search box's text as the words a row must contain: lowercased, split at white space. Every word
// must appear in one of the row's texts, in any order ('harbor coffee' finds 'Harbor Lane Coffee').
export function searchWordsOf(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

// A LIKE pattern matches the text itself: its %, _ and \ are escaped (backslash is Postgres's default
// LIKE escape), so typed wildcards match only themselves.
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

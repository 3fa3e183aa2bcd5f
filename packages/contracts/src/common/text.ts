// One rule for every string the API accepts: no NUL character. PostgreSQL text cannot hold U+0000,
// so such a value would fail deep in a query; it is refused at the edge as invalid input instead.
const nul = '\u0000';
const maxDepth = 32;

export function containsNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(nul);
  if (depth > maxDepth || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => containsNulCharacter(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes(nul) || containsNulCharacter(item, depth + 1),
  );
}

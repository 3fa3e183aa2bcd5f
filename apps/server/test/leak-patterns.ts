// A query in an answer. The API docs are exempt: they name DELETE operations and paths such as
// /api/user/update by design.
export const sqlLeakPattern = /\b(select|insert|update|delete)\b.+\b(from|into|set)\b/i;

// What an answer must never contain (a 5xx never shows internals), for the fuzz tests.
export const leakPatterns = [
  /\bat [^"\n]*\.[cm]?[jt]sx?:\d+:\d+/, // stack frame: "at fn (/path/file.js:10:5)"
  /\.(ts|js|mjs):\d+/,
  /node_modules/,
  /\/(work|home|usr|tmp|root)\//,
  sqlLeakPattern,
  /syntax error at or near/i,
  /\bpg_|relation ".+" does not exist/i,
];

// A validation message may quote what the caller sent (an unknown key, say): that is the caller's own
// text, not a leak. Each word of the request is blanked out of the answer before the leak check.
export function withoutEchoedInput(body: string, request: string): string {
  const words = new Set(request.match(/[A-Za-z0-9_$./-]{3,}/g) ?? []);
  return [...words].reduce((text, word) => text.split(word).join('<input>'), body);
}

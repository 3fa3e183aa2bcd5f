// What an answer must never contain (design.md §3: a 5xx never shows internals), for the fuzz tests.
export const leakPatterns = [
  /\bat [^"\n]*\.[cm]?[jt]sx?:\d+:\d+/, // stack frame: "at fn (/path/file.js:10:5)"
  /\.(ts|js|mjs):\d+/,
  /node_modules/,
  /\/(work|home|usr|tmp|root)\//,
  /\b(select|insert|update|delete)\b.+\b(from|into|set)\b/i,
  /syntax error at or near/i,
  /\bpg_|relation ".+" does not exist/i,
];

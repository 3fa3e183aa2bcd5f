// Query values that may carry secrets (login codes, tokens) or card/bank data never reach the logs.
const sensitiveKey = /token|code|secret|password|key|ssn|card|cvv|pan|account|routing|state|nonce|email/i;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (sensitiveKey.test(key)) params.set(key, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

// Paths pino removes from every log line, whatever logged it.
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.ssn',
  '*.card_number',
  '*.cvv',
  // The Pax order form's card fields and a terminal's auth key, under the names those forms send.
  '*.CcNum',
  '*.CVV2',
  '*.authKey',
  '*.account_number',
  '*.routing_number',
  '*.dataKey',
];

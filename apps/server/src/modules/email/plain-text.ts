// POST api/email sends plain text only: a body written as HTML (the CTA e-mails) is reduced to
// its text, links kept as their address, so no markup of the caller's ever reaches a mail client.
// Every pattern is bounded, so a hostile body cannot make a regular expression backtrack for long.

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  nbsp: ' ',
};

const looksLikeHtml = /<\/?[a-z][a-z0-9]{0,20}(\s[^<>]{0,2000})?\/?>/i;

export function toPlainText(body: string): string {
  const text = body.replace(/\r\n?/g, '\n');
  if (!looksLikeHtml.test(text)) return text.trim();
  return text
    .replace(
      /<a\s[^<>]{0,500}?href\s*=\s*"([^"<>]{0,2000})"[^<>]{0,500}>([^<]{0,2000})<\/a>/gi,
      (_m, href, label) => (label.trim() && label.trim() !== href ? `${label.trim()} (${href})` : href),
    )
    .replace(/<br\s{0,20}\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|table|ul|ol)>/gi, '\n')
    .replace(/<li(\s[^<>]{0,2000})?>/gi, '- ')
    .replace(/<[^<>]{0,4000}>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_m, name: string) => entities[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

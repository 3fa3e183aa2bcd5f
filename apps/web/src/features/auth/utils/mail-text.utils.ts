export type MailTextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

// http(s) addresses only: a message can never turn into a javascript: or data: link.
const linkPattern = /https?:\/\/[^\s<>"']+/g;

// Splits a plain-text e-mail into text and clickable links, in order.
export function splitMailText(text: string): MailTextPart[] {
  const parts: MailTextPart[] = [];
  let position = 0;
  for (const match of text.matchAll(linkPattern)) {
    const start = match.index;
    if (start > position) parts.push({ kind: 'text', text: text.slice(position, start) });
    parts.push({ kind: 'link', href: match[0] });
    position = start + match[0].length;
  }
  if (position < text.length) parts.push({ kind: 'text', text: text.slice(position) });
  return parts;
}

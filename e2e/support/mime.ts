// Just enough MIME to read what Portico's mailer (nodemailer) sends: headers, a multipart body and
// its text/plain part in 7bit, quoted-printable or base64.

export type ParsedMail = { subject: string; text: string };

function splitHeadAndBody(raw: string): { head: string; body: string } {
  const separator = raw.search(/\r?\n\r?\n/);
  if (separator === -1) return { head: raw, body: '' };
  const match = /\r?\n\r?\n/.exec(raw.slice(separator));
  return { head: raw.slice(0, separator), body: raw.slice(separator + (match?.[0].length ?? 2)) };
}

function headerValue(head: string, name: string): string | undefined {
  // Folded header lines continue with whitespace.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

// RFC 2047 encoded words (=?utf-8?Q?…?= and =?utf-8?B?…?=) in the subject.
function decodeEncodedWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
    (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function textOfPart(raw: string): string | undefined {
  const { head, body } = splitHeadAndBody(raw);
  const contentType = headerValue(head, 'content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const text = textOfPart(part.replace(/^\r?\n/, ''));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (!contentType.toLowerCase().startsWith('text/plain')) return undefined;
  return decodeBody(body, headerValue(head, 'content-transfer-encoding'));
}

export function parseMail(raw: string): ParsedMail {
  const { head } = splitHeadAndBody(raw);
  return {
    subject: decodeEncodedWords(headerValue(head, 'subject') ?? ''),
    text: textOfPart(raw) ?? '',
  };
}

// The upload payload carries the file as a data URL ('data:application/pdf;base64,JVBERi0…'), as the
// browser's FileReader produces it. Only the base64 form is accepted; the declared media type is
// ignored (the content decides).

export type DecodedDataUrl =
  | { isDecoded: true; bytes: Buffer }
  | { isDecoded: false; reason: 'not_data_url' | 'too_large' | 'empty' };

const header = /^data:[^,]{0,200};base64,/i;
const base64Body = /^[A-Za-z0-9+/]*={0,2}$/;

// The size is known from the text's length, so an oversized file is refused before it is decoded.
export function decodedBase64Length(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

export function decodeDataUrl(dataUrl: string, maxBytes: number): DecodedDataUrl {
  const head = header.exec(dataUrl);
  if (!head) return { isDecoded: false, reason: 'not_data_url' };
  const body = dataUrl.slice(head[0].length);
  if (body.length % 4 !== 0 || !base64Body.test(body)) return { isDecoded: false, reason: 'not_data_url' };
  const size = decodedBase64Length(body);
  if (size === 0) return { isDecoded: false, reason: 'empty' };
  if (size > maxBytes) return { isDecoded: false, reason: 'too_large' };
  return { isDecoded: true, bytes: Buffer.from(body, 'base64') };
}

export function toDataUrl(bytes: Buffer, mediaType: string): string {
  return `data:${mediaType};base64,${bytes.toString('base64')}`;
}

// What the uploader called the file, safe to show and to put in a download header: no directories,
// no control characters, at most 255 characters.
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(0, 255) || 'document';
}

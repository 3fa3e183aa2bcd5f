// A payment link's description as rich text: a small allow-listed HTML the link builder writes and
// the payment frame shows. The server refuses a description outside the allow-list when it signs a
// link; the frame builds its nodes one by one from this parse (never innerHTML), so even a
// description that slipped past signing (an unsigned virtual terminal's) cannot run or style
// anything beyond the list. No zod, no DOM: the frame bundle and the server both use it.
//
// Allowed: p, br, strong, em, u, s, ul, ol, li without attributes, and span with exactly one
// style, a font size of 10 to 30 px. Text may use &amp; &lt; &gt; &quot; &#39; and &nbsp;.

export const richDescriptionTags = ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'span'] as const;
export type RichDescriptionTag = (typeof richDescriptionTags)[number];

export const descriptionFontSizes = { min: 10, max: 30 } as const;
// The sizes the builder's editor offers.
export const descriptionFontSizeChoices = [10, 12, 14, 16, 18, 20, 24, 30] as const;

export const RichDescriptionText = {
  NotAllowed: (what: string) =>
    `The description has formatting that is not allowed (${what}). Use bold, italic, underline, strike-through, lists, line breaks and font sizes from ${descriptionFontSizes.min} to ${descriptionFontSizes.max} px.`,
  FontSizeOutOfRange: `Description font sizes must be from ${descriptionFontSizes.min} to ${descriptionFontSizes.max} px.`,
  Unbalanced: 'The description has a tag that is not closed in order.',
  TooDeep: 'The description is nested too deeply.',
} as const;

export const RichDescriptionErrorCode = { NotAllowed: 'PAYMENT_LINKS_DESCRIPTION_NOT_ALLOWED' } as const;

export type RichNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: RichDescriptionTag; fontSize?: number; children: RichNode[] };

export type RichParse = { ok: true; nodes: RichNode[] } | { ok: false; message: string };

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: '\u00a0',
};
const maxDepth = 20;
const spanPattern = /^<span\s+style\s*=\s*"\s*font-size\s*:\s*(\d{1,3})px\s*;?\s*"\s*>$/i;
const plainOpen = /^<([a-z]+)\s*>$/i;
const plainClose = /^<\/([a-z]+)\s*>$/i;
const lineBreak = /^<br\s*\/?>$/i;

function isTag(name: string): name is RichDescriptionTag {
  return richDescriptionTags.some((tag) => tag === name);
}

function decodeText(raw: string): string {
  return raw.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '');
}

// What a refusal names: the tag's own name, never the payload behind it.
function shownTag(tag: string): string {
  const name = /^<\/?\s*([a-z0-9-]*)/i.exec(tag)?.[1] ?? '';
  return name === '' ? 'a tag' : `<${name.toLowerCase()}>`;
}

export function parseRichDescription(html: string): RichParse {
  const root: RichNode[] = [];
  const stack: { tag: RichDescriptionTag; children: RichNode[] }[] = [];
  const current = () => stack[stack.length - 1]?.children ?? root;
  let text = '';
  const flush = () => {
    if (text !== '') current().push({ kind: 'text', text: decodeText(text) });
    text = '';
  };
  let index = 0;
  while (index < html.length) {
    const char = html[index];
    const next = html[index + 1] ?? '';
    // A '<' that cannot open a tag (a space, a digit, the end) is text, as in HTML.
    if (char !== '<' || !/[a-zA-Z/!?]/.test(next)) {
      text += char;
      index += 1;
      continue;
    }
    const end = html.indexOf('>', index);
    if (end === -1)
      return { ok: false, message: RichDescriptionText.NotAllowed(shownTag(html.slice(index))) };
    const tag = html.slice(index, end + 1);
    index = end + 1;
    flush();
    if (lineBreak.test(tag)) {
      current().push({ kind: 'element', tag: 'br', children: [] });
      continue;
    }
    const span = spanPattern.exec(tag);
    const open = plainOpen.exec(tag);
    const close = plainClose.exec(tag);
    if (span || (open && isTag(open[1]?.toLowerCase() ?? '') && open[1]?.toLowerCase() !== 'br')) {
      if (stack.length >= maxDepth) return { ok: false, message: RichDescriptionText.TooDeep };
      const name = span ? 'span' : (open?.[1]?.toLowerCase() ?? '');
      if (!isTag(name)) return { ok: false, message: RichDescriptionText.NotAllowed(shownTag(tag)) };
      const fontSize = span ? Number(span[1]) : undefined;
      if (
        fontSize !== undefined &&
        (fontSize < descriptionFontSizes.min || fontSize > descriptionFontSizes.max)
      ) {
        return { ok: false, message: RichDescriptionText.FontSizeOutOfRange };
      }
      const element: RichNode = {
        kind: 'element',
        tag: name,
        ...(fontSize === undefined ? {} : { fontSize }),
        children: [],
      };
      current().push(element);
      stack.push({ tag: name, children: element.children });
      continue;
    }
    if (close) {
      const name = close[1]?.toLowerCase() ?? '';
      if (!isTag(name)) return { ok: false, message: RichDescriptionText.NotAllowed(shownTag(tag)) };
      if (stack[stack.length - 1]?.tag !== name)
        return { ok: false, message: RichDescriptionText.Unbalanced };
      stack.pop();
      continue;
    }
    // A span with another style, an attribute, a comment, a script: refused by name.
    if (/^<span[\s>]/i.test(tag)) {
      const size = /font-size\s*:\s*(\d+)px/i.exec(tag);
      const isOnlyBadSize =
        size !== null && /^<span\s+style\s*=\s*"\s*font-size\s*:\s*\d+px\s*;?\s*"\s*>$/i.test(tag);
      if (isOnlyBadSize) return { ok: false, message: RichDescriptionText.FontSizeOutOfRange };
    }
    return { ok: false, message: RichDescriptionText.NotAllowed(shownTag(tag)) };
  }
  flush();
  // Unclosed tags at the end close there: harmless, as nothing outside them follows.
  return { ok: true, nodes: root };
}

// The refusal's message for a description, or null when it may be signed.
export function richDescriptionProblem(html: string | undefined): string | null {
  if (html === undefined || html === '') return null;
  const parsed = parseRichDescription(html);
  return parsed.ok ? null : parsed.message;
}

// The description's words alone (for a plain-text place such as an audit entry or a wallet sheet).
export function richDescriptionPlainText(nodes: readonly RichNode[]): string {
  return nodes
    .map((node) =>
      node.kind === 'text'
        ? node.text
        : node.tag === 'br'
          ? '\n'
          : `${richDescriptionPlainText(node.children)}${['p', 'li'].includes(node.tag) ? '\n' : ''}`,
    )
    .join('')
    .trim();
}

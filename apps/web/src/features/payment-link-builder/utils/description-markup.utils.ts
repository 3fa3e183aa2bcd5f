// The description editor's edits: wrap the selected text of the markup in an allow-listed tag
// (contracts payment-frame/rich-description.ts). Pure, so the tests and the editor share them.

export type Selection = { start: number; end: number };
export type MarkupEdit = { text: string; selection: Selection };

export type DescriptionStyle = 'strong' | 'em' | 'u' | 's' | 'ul' | { fontSize: number };

function tagsOf(style: DescriptionStyle): { open: string; close: string } {
  if (typeof style === 'object') {
    return { open: `<span style="font-size: ${style.fontSize}px">`, close: '</span>' };
  }
  if (style === 'ul') return { open: '<ul><li>', close: '</li></ul>' };
  return { open: `<${style}>`, close: `</${style}>` };
}

// Characters the markup gives a meaning to are escaped when typed as plain words of a list item.
export function wrapSelection(text: string, selection: Selection, style: DescriptionStyle): MarkupEdit {
  const { open, close } = tagsOf(style);
  const start = Math.max(0, Math.min(selection.start, text.length));
  const end = Math.max(start, Math.min(selection.end, text.length));
  const chosen = text.slice(start, end);
  const inner = style === 'ul' ? chosen.split('\n').join('</li><li>') : chosen;
  const next = `${text.slice(0, start)}${open}${inner}${close}${text.slice(end)}`;
  const innerStart = start + open.length;
  return { text: next, selection: { start: innerStart, end: innerStart + inner.length } };
}

import { parseRichDescription, type RichNode } from '@portico/contracts/payment-frame/rich-description';
import { el } from './frame-dom';

// The link's rich-text description on the frame: built node by node from the allow-listed parse
// (contracts payment-frame/rich-description.ts), never through innerHTML, so nothing in it can run.
// A description outside the allow-list (an unsigned one) is shown as its plain text.

function nodeOf(node: RichNode): Node {
  if (node.kind === 'text') return document.createTextNode(node.text);
  const element = document.createElement(node.tag);
  if (node.fontSize !== undefined) element.style.fontSize = `${node.fontSize}px`;
  for (const child of node.children) element.append(nodeOf(child));
  return element;
}

export function richDescription(html: string): HTMLElement {
  const parsed = parseRichDescription(html);
  const container = el('div', { class: 'description' });
  if (parsed.ok) container.append(...parsed.nodes.map(nodeOf));
  else container.textContent = html;
  return container;
}

import { parseRichDescription } from '@portico/contracts/payment-frame/rich-description';
import { describe, expect, it } from 'vitest';
import { wrapSelection } from './description-markup.utils';

describe('wrapSelection', () => {
  it('wraps the selected words in the style and keeps them selected', () => {
    const edit = wrapSelection('Pay the invoice', { start: 4, end: 7 }, 'strong');
    expect(edit.text).toBe('Pay <strong>the</strong> invoice');
    expect(edit.text.slice(edit.selection.start, edit.selection.end)).toBe('the');
  });

  it('writes font sizes and lists the server accepts', () => {
    const sized = wrapSelection('Big news', { start: 0, end: 3 }, { fontSize: 24 });
    expect(sized.text).toBe('<span style="font-size: 24px">Big</span> news');
    expect(parseRichDescription(sized.text).ok).toBe(true);
    const list = wrapSelection('one\ntwo', { start: 0, end: 7 }, 'ul');
    expect(list.text).toBe('<ul><li>one</li><li>two</li></ul>');
    expect(parseRichDescription(list.text).ok).toBe(true);
  });
});

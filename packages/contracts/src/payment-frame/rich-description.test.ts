import { describe, expect, it } from 'vitest';
import {
  parseRichDescription,
  RichDescriptionText,
  richDescriptionPlainText,
  richDescriptionProblem,
} from './rich-description';

describe('parseRichDescription', () => {
  it('reads the allow-listed tags, font sizes and entities', () => {
    const parsed = parseRichDescription(
      '<p><strong>Hi</strong> &amp; <span style="font-size: 18px">big</span><br/>1 < 2</p>',
    );
    expect(parsed).toEqual({
      ok: true,
      nodes: [
        {
          kind: 'element',
          tag: 'p',
          children: [
            { kind: 'element', tag: 'strong', children: [{ kind: 'text', text: 'Hi' }] },
            { kind: 'text', text: ' & ' },
            { kind: 'element', tag: 'span', fontSize: 18, children: [{ kind: 'text', text: 'big' }] },
            { kind: 'element', tag: 'br', children: [] },
            { kind: 'text', text: '1 < 2' },
          ],
        },
      ],
    });
  });

  it('keeps plain text as text, entities it does not know included', () => {
    expect(parseRichDescription('Invoice 1042 &copy; Q&A')).toEqual({
      ok: true,
      nodes: [{ kind: 'text', text: 'Invoice 1042 &copy; Q&A' }],
    });
    expect(richDescriptionProblem('')).toBeNull();
    expect(richDescriptionProblem(undefined)).toBeNull();
  });

  it('refuses everything outside the list, naming the tag and never its payload', () => {
    expect(richDescriptionProblem('<script>alert(1)</script>')).toBe(
      RichDescriptionText.NotAllowed('<script>'),
    );
    expect(richDescriptionProblem('<a href="javascript:x">x</a>')).toBe(
      RichDescriptionText.NotAllowed('<a>'),
    );
    expect(richDescriptionProblem('<strong class="x">x</strong>')).toBe(
      RichDescriptionText.NotAllowed('<strong>'),
    );
    expect(richDescriptionProblem('<!-- x -->')).toBe(RichDescriptionText.NotAllowed('a tag'));
    expect(richDescriptionProblem('<span style="font-size: 9px">x</span>')).toBe(
      RichDescriptionText.FontSizeOutOfRange,
    );
    expect(richDescriptionProblem('<span style="font-size: 31px">x</span>')).toBe(
      RichDescriptionText.FontSizeOutOfRange,
    );
    expect(richDescriptionProblem('<span style="font-size: 10px; color: red">x</span>')).toBe(
      RichDescriptionText.NotAllowed('<span>'),
    );
    expect(richDescriptionProblem('<em>x</strong>')).toBe(RichDescriptionText.Unbalanced);
    expect(richDescriptionProblem('<p unclosed')).toBe(RichDescriptionText.NotAllowed('<p>'));
    expect(richDescriptionProblem('<b>'.repeat(1))).toBe(RichDescriptionText.NotAllowed('<b>'));
    expect(richDescriptionProblem('<em>'.repeat(21))).toBe(RichDescriptionText.TooDeep);
  });

  it('gives the words alone', () => {
    const parsed = parseRichDescription('<p>One</p><ul><li>two</li></ul>');
    expect(parsed.ok && richDescriptionPlainText(parsed.nodes)).toBe('One\ntwo');
  });
});

import { describe, expect, it } from 'vitest';
import { splitMailText } from './mail-text.utils';

describe('splitMailText', () => {
  it('turns http(s) addresses into links and keeps the rest as text', () => {
    const link = 'http://localhost:3000/app/verify-email?oobCode=abc&mode=signIn';
    expect(splitMailText(`Hello,\n\n${link}\n\nBye`)).toEqual([
      { kind: 'text', text: 'Hello,\n\n' },
      { kind: 'link', href: link },
      { kind: 'text', text: '\n\nBye' },
    ]);
  });

  it('never makes a link of another scheme', () => {
    expect(splitMailText('javascript:alert(1) data:text/html,x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x' },
    ]);
  });

  it('handles empty text', () => {
    expect(splitMailText('')).toEqual([]);
  });
});

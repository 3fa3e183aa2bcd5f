import { describe, expect, it } from 'vitest';
import { toPlainText } from './plain-text';

describe('toPlainText', () => {
  it('leaves plain text as it is', () => {
    expect(toPlainText('Files were uploaded for Harbor Lane.\r\nPlease review.')).toBe(
      'Files were uploaded for Harbor Lane.\nPlease review.',
    );
    expect(toPlainText('Amount < 10 and > 5')).toBe('Amount < 10 and > 5');
  });

  it('reduces HTML to its text, keeping where links go', () => {
    const html =
      '<p>Hello,</p><p>Please accept your agreement: <a href="https://portal.example/terms/1">Review &amp; sign</a></p>' +
      '<ul><li>One</li><li>Two</li></ul><script>alert(1)</script>';
    expect(toPlainText(html)).toBe(
      'Hello,\nPlease accept your agreement: Review & sign (https://portal.example/terms/1)\n- One\n- Two\n\nalert(1)',
    );
  });

  it('shows a link whose text is its address once', () => {
    expect(toPlainText('<a href="https://x.example">https://x.example</a>')).toBe('https://x.example');
  });

  it('stays fast on hostile input', () => {
    const hostile = `${'<a href="'.repeat(2000)}${'<'.repeat(5000)}`;
    const started = performance.now();
    toPlainText(hostile);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

import { describe, expect, it } from 'vitest';
import { dressMailWithBranding } from './branding-mail';

const message = { to: ['a@b.example'], subject: 'Hello', text: 'Your link: https://x' };
const brand = { client_id: 'c', entity_name: 'Heal <Now>', color: '#1f6f68', logo_url: null };

describe('dressMailWithBranding', () => {
  it('names the brand on top of the text and in the HTML, escaped, over its colour', () => {
    const dressed = dressMailWithBranding(message, brand, 'https://portal.example');
    expect(dressed.subject).toBe('Hello');
    expect(dressed.text).toBe('Heal <Now>\n\nYour link: https://x');
    expect(dressed.html).toContain('border-top:4px solid #1f6f68');
    expect(dressed.html).toContain('Heal &lt;Now&gt;');
    expect(dressed.html).toContain('Your link: https://x');
  });

  it('shows the logo by its absolute address and keeps an HTML body', () => {
    const dressed = dressMailWithBranding(
      { ...message, html: '<p>Hi</p>' },
      { ...brand, logo_url: '/api/whitelabel/logo/abc' },
      'https://portal.example',
    );
    expect(dressed.html).toContain('src="https://portal.example/api/whitelabel/logo/abc"');
    expect(dressed.html).toContain('<p>Hi</p>');
  });
});

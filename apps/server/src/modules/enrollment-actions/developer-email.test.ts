import { describe, expect, it } from 'vitest';
import { developerEmailOf } from './developer-email';

const facts = {
  developerName: 'Dev Person',
  developerEmail: 'dev@orbit.example',
  merchantName: 'Orbit Dev Shop',
  publicUrl: 'https://portal.example',
  isInCertification: true,
  isLive: false,
};

describe('developer e-mail', () => {
  it('tells a sandbox developer where to sign in and how the sandbox behaves', () => {
    const message = developerEmailOf(facts);
    expect(message.to).toEqual(['dev@orbit.example']);
    expect(message.subject).toBe('Your Portico developer access for Orbit Dev Shop');
    expect(message.text).toContain('Hello Dev,');
    expect(message.text).toContain('Sign in with dev@orbit.example at https://portal.example/app/login.');
    expect(message.text).toContain('test card numbers begin with 1, and amounts ending in .13 are declined');
    expect(message.text).not.toContain('Production:');
  });

  it('speaks of production once the account is live', () => {
    const message = developerEmailOf({ ...facts, isInCertification: false, isLive: true });
    expect(message.text).toContain('Production: the account is live');
    expect(message.text).not.toContain('Sandbox certification');
  });
});

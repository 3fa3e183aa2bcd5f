import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/build-test-app';
import { bannerAccountOf, demoAccounts } from './db/seed/demo-accounts';
import { demoAccountsTable, startupBanner } from './startup-banner';

const accounts = demoAccounts({
  providerDomain: 'portico.example',
  partnerDomains: ['healnow.example', 'healnow-partners.example'],
}).map(bannerAccountOf);

describe('the demo accounts a fresh start lists', () => {
  it('names each account with its authenticator key, or none', () => {
    const banner = startupBanner(testConfig(), accounts);
    const admin = accounts.find((a) => a.email === 'admin@portico.example');
    expect(admin?.authenticatorKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(banner).toContain(`admin@portico.example`);
    expect(banner).toContain(admin?.authenticatorKey);
    expect(banner).toMatch(/frontdesk@harborviewdental\.example\s+user\s+none\s+Front desk of/);
  });

  it('each account has its own key', () => {
    const keys = accounts.flatMap((a) => (a.authenticatorKey ? [a.authenticatorKey] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("the README's demo table is the seed's accounts with the default domains", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = /<!-- demo-accounts:start -->\n([\s\S]*?)<!-- demo-accounts:end -->/.exec(readme)?.[1];
    expect(table).toBe(demoAccountsTable(accounts));
  });
});

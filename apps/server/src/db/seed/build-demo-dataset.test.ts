import { decodePaymentFrameParams } from '@portico/contracts/payment-frame/params';
import { describe, expect, it } from 'vitest';
import { encryptedColumn } from '../schema/encrypted-columns';
import { buildDemoDataset } from './build-demo-dataset';
import { demoAccounts } from './demo-accounts';
import { createSeedContext, type EncryptFn } from './seed-context';

const domains = { providerDomain: 'portico.example', partnerDomains: ['healnow.example'] };
const anchor = new Date('2025-06-15T12:00:00Z');

function build(encrypt: EncryptFn = (plaintext, column) => `sealed:${column}:${plaintext.length}`) {
  return buildDemoDataset(createSeedContext(anchor, domains, encrypt));
}

describe('buildDemoDataset', () => {
  it('builds the same rows for the same anchor day', () => {
    expect(JSON.stringify(build())).toBe(JSON.stringify(build()));
  });

  it('keeps ids and keys stable across anchor days (only dates move)', () => {
    const later = buildDemoDataset(
      createSeedContext(new Date('2025-09-01T00:00:00Z'), domains, (p, c) => `sealed:${c}:${p.length}`),
    );
    const first = build();
    expect(later.clients.clients.map((c) => [c.id, c.apiKeyHash])).toEqual(
      first.clients.clients.map((c) => [c.id, c.apiKeyHash]),
    );
  });

  it('passes every sensitive value through encrypt, with a registered column, and keeps none in clear', () => {
    const sealed: string[] = [];
    const columns = new Set<string>();
    const dataset = build((plaintext, column) => {
      sealed.push(plaintext);
      columns.add(column);
      return `sealed:${sealed.length}`;
    });
    const registered = new Set<string>(Object.values(encryptedColumn));
    expect([...columns].every((column) => registered.has(column))).toBe(true);
    expect(columns.size).toBeGreaterThanOrEqual(10);
    const serialized = JSON.stringify(dataset);
    const ssns = sealed.filter((value) => /^\d{3}-\d{2}-\d{4}$/.test(value));
    expect(ssns.length).toBeGreaterThan(20);
    for (const ssn of ssns) expect(serialized).not.toContain(ssn);
  });

  it('creates every demo account, lowercased and unique, among all users', () => {
    const { access } = build();
    const emails = access.users.map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const email of emails) expect(email).toBe(email.toLowerCase());
    for (const account of demoAccounts(domains)) expect(emails).toContain(account.email);
  });

  it('has a provider, three resellers and at least forty merchants', () => {
    const { clients } = build();
    const parents = clients.clients.filter((c) => c.level === 'Parent');
    const merchants = clients.clients.filter((c) => c.level === 'Merchant');
    expect(parents).toHaveLength(4);
    expect(merchants.length).toBeGreaterThanOrEqual(40);
    expect(new Set(clients.clients.map((c) => c.apiKeyHash)).size).toBe(clients.clients.length);
  });

  it('stores vault payment methods as ISSUER-last4-mm-yyyy tokens, bank accounts without expiry', () => {
    for (const method of build().paymentTools.vaultPaymentMethods) {
      if (method.issuer === 'BANK') expect(method.token).toMatch(/^BANK-\d{4}$/);
      else expect(method.token).toMatch(/^(VISA|MC|AMEX|DISC)-\d{4}-\d{2}-\d{4}$/);
    }
  });

  it("signs each demo terminal's address with the given key and offers the virtual terminal's default options", () => {
    const dataset = buildDemoDataset(
      createSeedContext(
        anchor,
        domains,
        (p, c) => `sealed:${c}:${p.length}`,
        undefined,
        (params) => `sig-of-${params.length}`,
      ),
    );
    const keyOf = new Map(dataset.clients.clients.map((c) => [c.id, c.publicKey]));
    const terminals = dataset.paymentTools.virtualTerminalUrls;
    expect(terminals.length).toBeGreaterThan(40);
    const optionSets = new Set<string>();
    for (const terminal of terminals) {
      const url = new URL(terminal.url, 'http://portal.invalid');
      expect(url.pathname).toBe('/app/responsive-iframe/payment');
      const params = url.searchParams.get('params') ?? '';
      expect(url.searchParams.get('sig')).toBe(`sig-of-${params.length}`);
      const decoded = decodePaymentFrameParams(params);
      if (!decoded.ok) throw new Error(`${terminal.name}: params the frame refuses`);
      expect(decoded.params.publishableKey).toBe(keyOf.get(terminal.clientId));
      optionSets.add(JSON.stringify(decoded.params.paymentOptions));
    }
    // Card, bank and reader; no bank without an ACH processor; crypto alone for a crypto-only merchant.
    expect([...optionSets].sort()).toEqual(
      ['["credit_card","bank","swipe"]', '["credit_card","swipe"]', '["crypto"]'].sort(),
    );
  });
});

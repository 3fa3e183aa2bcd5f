import { buildMembership, buildSessionUser, sampleIds } from '@portico/contracts/access/session-user.factory';
import type { MyClient } from '@portico/contracts/auth/my-clients';
import { describe, expect, it } from 'vitest';
import {
  configureOptionLabel,
  configureTerminalPath,
  terminalAccountsOf,
  virtualTerminalPath,
} from './terminal-accounts.utils';

function client(
  id: string,
  name: string,
  level: MyClient['level'],
  parentId: string | null = null,
): MyClient {
  return { id, name, dba_name: null, level, parent_id: parentId };
}

const parent = client(sampleIds.parent, 'Harbor Payments', 'Parent');
const alder = client(sampleIds.merchantA, 'Alder Bakery', 'Merchant', sampleIds.parent);
const birch = client(sampleIds.merchantB, 'Birch Books', 'Merchant', sampleIds.parent);

describe('virtual terminal accounts', () => {
  it('lists merchants, not parents; with RBAC off roles alone decide', () => {
    const user = buildSessionUser({ user_type: 'user', rbac_enabled: false });
    const accounts = terminalAccountsOf(user, [parent, alder]);
    expect(accounts).toEqual([
      {
        merchantId: sampleIds.merchantA,
        name: 'Alder Bakery',
        publishableKey: null,
        canOpen: true,
        canConfigure: true,
      },
    ]);
  });

  it('with RBAC on reads the membership on the merchant, else on its nearest parent', () => {
    const user = buildSessionUser({
      user_type: 'parent',
      rbac_enabled: true,
      memberships: [
        buildMembership(sampleIds.parent, ['Virtual Terminal']),
        buildMembership(sampleIds.merchantB, ['Virtual Terminal', 'Virtual Terminal Configuration']),
      ],
    });
    const [alderAccount, birchAccount] = terminalAccountsOf(user, [alder, birch]);
    expect(alderAccount).toMatchObject({ canOpen: true, canConfigure: false });
    expect(birchAccount).toMatchObject({ canOpen: true, canConfigure: true });
  });

  it('gives nothing where no membership grants it, and everything to admin', () => {
    const member = buildSessionUser({
      user_type: 'user',
      rbac_enabled: true,
      memberships: [buildMembership(sampleIds.merchantA, ['Reports'])],
    });
    expect(terminalAccountsOf(member, [alder, birch])).toEqual([
      expect.objectContaining({ canOpen: false, canConfigure: false }),
      expect.objectContaining({ canOpen: false, canConfigure: false }),
    ]);
    const admin = buildSessionUser({ user_type: 'admin', rbac_enabled: true });
    expect(terminalAccountsOf(admin, [birch])).toEqual([
      expect.objectContaining({ canOpen: true, canConfigure: true }),
    ]);
  });

  it("takes each merchant's own publishable key from GET /api/user/apikeys, none for a merchant it leaves out", () => {
    const user = buildSessionUser({ user_type: 'user', rbac_enabled: false });
    const keys = [
      {
        id: sampleIds.merchantA,
        name: 'Alder',
        parent_id: null,
        apikey: 'key-alder',
        public_key: 'pub-alder',
      },
      {
        id: sampleIds.parent,
        name: 'Parent',
        parent_id: null,
        apikey: 'key-parent',
        public_key: 'pub-parent',
      },
    ];
    const accounts = terminalAccountsOf(user, [parent, alder, birch], keys);
    expect(accounts.map((account) => [account.name, account.publishableKey])).toEqual([
      ['Alder Bakery', 'pub-alder'],
      ['Birch Books', null],
    ]);
  });

  it("reads '(Not Configurable)' without the configure permission", () => {
    const account = {
      merchantId: sampleIds.merchantA,
      name: 'Alder Bakery',
      publishableKey: 'k',
      canOpen: true,
      canConfigure: false,
    };
    expect(configureOptionLabel(account)).toBe('Alder Bakery (Not Configurable)');
    expect(configureOptionLabel({ ...account, canConfigure: true })).toBe('Alder Bakery');
  });

  it('builds the terminal routes from the publishable key only', () => {
    const account = {
      merchantId: sampleIds.merchantA,
      name: 'A',
      publishableKey: 'pk/1',
      canOpen: true,
      canConfigure: true,
    };
    expect(virtualTerminalPath(account)).toBe('/virtual-terminal/pk%2F1');
    expect(configureTerminalPath(account, { isNew: false })).toBe('/configure-terminal/pk%2F1');
    expect(configureTerminalPath(account, { isNew: true })).toBe('/configure-terminal/pk%2F1?new=true');
    expect(virtualTerminalPath({ ...account, publishableKey: null })).toBeNull();
    expect(virtualTerminalPath(account, 't 1')).toBe('/virtual-terminal/pk%2F1?terminalId=t%201');
    expect(configureTerminalPath(account, { isNew: false, terminalId: 't1' })).toBe(
      '/configure-terminal/pk%2F1?terminalId=t1',
    );
    expect(configureTerminalPath({ ...account, canConfigure: false }, { isNew: true })).toBeNull();
  });
});

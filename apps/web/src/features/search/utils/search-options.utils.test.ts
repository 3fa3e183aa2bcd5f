import { menuEntries } from '@portico/contracts/access/menu';
import type { GlobalSearchGroup } from '@portico/contracts/search/global-search';
import { describe, expect, it } from 'vitest';
import {
  flatOptions,
  isKindInMenu,
  menuPagesMatching,
  movedActiveIndex,
  searchOptionGroups,
} from './search-options.utils';

const merchantId = '0b6f9f5e-3a41-4d3c-9c39-3f7f3f4b2a10';
const transactionId = '4f3c2b1a-1111-4222-8333-944455556666';

describe('menuPagesMatching', () => {
  it('matches a word of the title from its start, never the middle of a word', () => {
    expect(menuPagesMatching(menuEntries, 'rep').map((entry) => entry.title)).toEqual([
      'Reporting',
      'Admin Reporting',
    ]);
    expect(menuPagesMatching(menuEntries, 'admin rep').map((entry) => entry.title)).toEqual([
      'Admin Reporting',
    ]);
    expect(menuPagesMatching(menuEntries, 'porting')).toEqual([]);
    expect(menuPagesMatching(menuEntries, '  ')).toEqual([]);
  });
});

describe('searchOptionGroups', () => {
  it('lists pages first, then each kind with the route its row opens', () => {
    const groups: GlobalSearchGroup[] = [
      {
        kind: 'transactions',
        hits: [
          {
            kind: 'transactions',
            id: transactionId,
            title: '$24.50 · VISA ending 1117',
            detail: 'Card sale · Approved',
            merchant_id: merchantId,
            occurred_at: '2025-09-02T15:00:00.000Z',
            page_search: null,
          },
        ],
      },
      { kind: 'users', hits: [] },
    ];
    const pages = menuPagesMatching(menuEntries, 'vault');
    const result = searchOptionGroups(pages, groups, menuEntries);
    expect(result.map((group) => group.title)).toEqual(['Pages', 'Transactions']);
    const [page, transaction] = flatOptions(result);
    expect(page?.path).toBe('/vault');
    const url = new URL(transaction?.path ?? '', 'http://portal.example');
    expect(url.pathname).toBe('/reporting/search');
    expect(JSON.parse(url.searchParams.get('q') ?? '')).toEqual({
      start_date: '2025-09-02T00:00:00.000Z',
      end_date: '2025-09-02T23:59:59.999Z',
      merchant_id: merchantId,
      transaction_id: transactionId,
    });
  });
});

describe('isKindInMenu', () => {
  it("keeps a kind only where the caller's menu leads to its page", () => {
    const auditMenu = menuEntries.filter((entry) => entry.isInProcessorAuditMenu);
    expect(isKindInMenu('merchants', auditMenu)).toBe(true);
    expect(isKindInMenu('transactions', auditMenu)).toBe(true);
    expect(isKindInMenu('customers', auditMenu)).toBe(false);
    const groups: GlobalSearchGroup[] = [
      {
        kind: 'users',
        hits: [
          {
            kind: 'users',
            id: transactionId,
            title: 'Jamie Fox',
            detail: 'barista@harborlanecoffee.example',
            merchant_id: null,
            occurred_at: null,
            page_search: null,
          },
        ],
      },
    ];
    expect(searchOptionGroups([], groups, auditMenu)).toEqual([]);
    expect(searchOptionGroups([], groups, menuEntries).map((group) => group.title)).toEqual(['Users']);
  });
});

describe('movedActiveIndex', () => {
  it('walks the list and wraps at both ends', () => {
    expect(movedActiveIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(movedActiveIndex(0, 3, 'ArrowDown')).toBe(1);
    expect(movedActiveIndex(2, 3, 'ArrowDown')).toBe(0);
    expect(movedActiveIndex(0, 3, 'ArrowUp')).toBe(2);
    expect(movedActiveIndex(-1, 3, 'ArrowUp')).toBe(2);
    expect(movedActiveIndex(0, 0, 'ArrowDown')).toBe(-1);
  });
});

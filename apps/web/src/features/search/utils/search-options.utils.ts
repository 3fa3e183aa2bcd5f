import type { MenuEntry, MenuPath } from '@portico/contracts/access/menu';
import {
  type GlobalSearchGroup,
  type GlobalSearchKind,
  globalSearchGroupTitles,
  globalSearchHitPath,
} from '@portico/contracts/search/global-search';
import { globalSearchHitsPerKind } from '@portico/contracts/search/global-search-text';

// The dialog's list: the caller's menu pages that match, then the server's groups, each option with
// the route it opens. Options are numbered across groups so the arrow keys walk one list.

export type SearchOption = {
  key: string;
  title: string;
  detail: string;
  // When it happened (transactions), shown in the user's zone.
  occurredAt: string | null;
  path: string;
};

export type SearchOptionGroup = { kind: GlobalSearchKind | 'pages'; title: string; options: SearchOption[] };

// A page matches when a word of its title starts with the text, or the whole title does
// ("rep" finds Reporting and Admin Reporting; "admin rep" finds Admin Reporting).
export function menuPagesMatching(menu: readonly MenuEntry[], text: string): MenuEntry[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return [];
  return menu
    .filter((entry) => {
      const title = entry.title.toLowerCase();
      return title.startsWith(wanted) || title.split(/\s+/).some((word) => word.startsWith(wanted));
    })
    .slice(0, globalSearchHitsPerKind);
}

// The menu entries that lead to each kind's page: a kind shows only when the caller's menu lists one
// (no dead ends; the server has already kept to the rows the caller may open).
const kindMenuPaths: Record<GlobalSearchKind, readonly MenuPath[]> = {
  merchants: ['/merchants', '/accounts'],
  transactions: ['/reporting'],
  customers: ['/vault'],
  users: ['/users'],
  enrollments: ['/onboarding'],
  payouts: ['/payouts'],
};

export function isKindInMenu(kind: GlobalSearchKind, menu: readonly MenuEntry[]): boolean {
  return menu.some((entry) => kindMenuPaths[kind].includes(entry.path));
}

export function searchOptionGroups(
  pages: readonly MenuEntry[],
  groups: readonly GlobalSearchGroup[],
  menu: readonly MenuEntry[],
): SearchOptionGroup[] {
  const result: SearchOptionGroup[] = [];
  if (pages.length > 0)
    result.push({
      kind: 'pages',
      title: globalSearchGroupTitles.pages,
      options: pages.map((entry) => ({
        key: `page:${entry.path}`,
        title: entry.title,
        detail: 'Page',
        occurredAt: null,
        path: entry.path,
      })),
    });
  for (const group of groups) {
    if (group.hits.length === 0 || !isKindInMenu(group.kind, menu)) continue;
    result.push({
      kind: group.kind,
      title: globalSearchGroupTitles[group.kind],
      options: group.hits.map((hit) => ({
        key: `${hit.kind}:${hit.id}`,
        title: hit.title,
        detail: hit.detail,
        occurredAt: hit.occurred_at,
        path: globalSearchHitPath(hit),
      })),
    });
  }
  return result;
}

export function flatOptions(groups: readonly SearchOptionGroup[]): SearchOption[] {
  return groups.flatMap((group) => group.options);
}

// The active option after an arrow key: down from the last wraps to the first, and up from the first
// to the last; with nothing active, down picks the first and up the last.
export function movedActiveIndex(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}

// Ids of the listbox's options, for aria-activedescendant.
export function searchOptionElementId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}

import { useMatches } from 'react-router';

// Spec 1 §6. Moves to packages/contracts with the access rules of the sign-in issue.
export const USER_ROLES = ['admin', 'user', 'parent', 'healnow', 'alpha'] as const;
export type UserRole = (typeof USER_ROLES)[number];

// 'public': no sign-in needed; 'guests': only while signed out (the sign-in screens).
export type RouteAccess = readonly UserRole[] | 'public' | 'guests';

// 'none' is the spec's plain wrapper (public pages, developer certification).
export type RouteLayout = 'auth' | 'management' | 'none';

export type RouteMeta = {
  path: string;
  roles: RouteAccess;
  title: string;
  layout: RouteLayout;
  // false stops the viewed-as client id from being appended to calls (spec 1 §2).
  clientView?: boolean;
  // true: the sidebar shows only when the URL carries ?showMenu=true (spec 1 §2.11).
  showMenu?: boolean;
};

export type RouteHandle = { meta: RouteMeta };

export const DEFAULT_DOCUMENT_TITLE = 'Portico';

export function isRouteHandle(value: unknown): value is RouteHandle {
  if (typeof value !== 'object' || value === null || !('meta' in value)) return false;
  const { meta } = value;
  return typeof meta === 'object' && meta !== null && 'title' in meta && typeof meta.title === 'string';
}

// The deepest matched route that carries metadata: the page, not its layout.
export function useCurrentRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.meta;
  }
  return undefined;
}

export function shouldShowMenu(meta: RouteMeta | undefined, search: URLSearchParams): boolean {
  if (!meta?.showMenu) return true;
  return search.get('showMenu') === 'true';
}

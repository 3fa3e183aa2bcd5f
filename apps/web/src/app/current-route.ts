import type { PortalRouteDefinition } from '@portico/contracts/access/routes';
import { useMatches } from 'react-router';

// The generic product name when a route sets no title.
export const DEFAULT_DOCUMENT_TITLE = 'Portico';

// Route objects carry the id of their definition; the router registers each one here, so a match is
// mapped back to its definition without reading untyped route handles.
const routeDefinitions = new Map<string, PortalRouteDefinition>();

export function routeIdFor(definition: PortalRouteDefinition): string {
  return `route:${definition.path}`;
}

export function registerRouteDefinition(definition: PortalRouteDefinition): string {
  const id = routeIdFor(definition);
  routeDefinitions.set(id, definition);
  return id;
}

// The deepest matched route that is a page of the table, not a layout or guard.
export function useCurrentRoute(): PortalRouteDefinition | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    const definition = match ? routeDefinitions.get(match.id) : undefined;
    if (definition) return definition;
  }
  return undefined;
}

// A route that requires showMenu=true hides the sidebar unless the query carries it.
export function shouldShowMenu(route: PortalRouteDefinition | undefined, search: URLSearchParams): boolean {
  if (!route?.showMenuOnlyWithQuery) return true;
  return search.get('showMenu') === 'true';
}

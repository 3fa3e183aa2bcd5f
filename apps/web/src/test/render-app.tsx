import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { type AppRoute, appRoutes, createAppRoutes } from '../app/router';

export const TEST_BASENAME = '/app';

// The real providers and route table in a memory router, as the browser would get them.
export function renderApp(path: string, table: readonly AppRoute[] = appRoutes) {
  const router = createMemoryRouter(createAppRoutes(table), {
    initialEntries: [`${TEST_BASENAME}${path}`],
    basename: TEST_BASENAME,
  });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

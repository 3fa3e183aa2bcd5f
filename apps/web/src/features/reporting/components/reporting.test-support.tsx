import { MantineProvider } from '@mantine/core';
import type { PermissionName } from '@portico/contracts/access/permission-names';
import type { SessionUser } from '@portico/contracts/access/session-user';
import { buildSessionUser, sampleIds } from '@portico/contracts/access/session-user.factory';
import type { MyClient } from '@portico/contracts/auth/my-clients';
import type { UserType } from '@portico/contracts/auth/roles';
import { buildClientRecord } from '@portico/contracts/clients/client.factory';
import type { ReportRow } from '@portico/contracts/transactions/report';
import type { Transaction } from '@portico/contracts/transactions/transaction';
import { buildWireTransaction } from '@portico/contracts/transactions/transaction.factory';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import { type SignedInSession, SignedInSessionProvider } from '../../../lib/auth/session-context';
import { theme } from '../../../test/app-parts';

// Test support for the reporting pages: a signed-in page under a memory router, and a small fake of
// the server's reporting calls answering through fetch.

type RenderOptions = {
  path?: string;
  role?: UserType;
  permissions?: readonly PermissionName[] | null;
  user?: SessionUser;
  myClients?: readonly MyClient[];
};

export function renderReportingPage(ui: ReactElement, options: RenderOptions = {}) {
  const { path = '/reporting/classic', role = 'user', permissions = null } = options;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = options.user ?? buildSessionUser({ user_type: role, rbac_enabled: true });
  const session: SignedInSession = {
    user,
    actingRole: role,
    viewAsClientId: null,
    isViewingAs: false,
    permissionsState: 'loaded',
    permissions,
    myClients: options.myClients ?? [],
    logout: async () => {},
  };
  const router = createMemoryRouter(
    [
      { path: '/reporting', element: ui },
      { path: '/reporting/classic', element: ui },
      { path: '/reporting/search', element: ui },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <SignedInSessionProvider session={session}>
          <RouterProvider router={router} />
          <ToastHost />
        </SignedInSessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, queryClient };
}

let idCounter = 0;

// A distinct, valid transaction id per call.
export function nextTransactionId(): string {
  idCounter += 1;
  return `00000000-0000-4000-8000-${String(idCounter).padStart(12, '0')}`;
}

export function buildReportRow(
  overrides: Partial<Transaction> = {},
  merchant = 'Harbor Lane Coffee',
): ReportRow {
  const transaction = buildWireTransaction({ id: nextTransactionId(), ...overrides });
  return [transaction.created_at, transaction, merchant, 'Summit Merchant Services'];
}

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null;
};

export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function okResponse(message: unknown, extra: Record<string, unknown> = {}): Response {
  return jsonResponse({ status: true, message, ...extra });
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse({ status: false, error: { code, message } }, status);
}

// Answers by 'METHOD /path'; the timezone, merchant configuration and locations have defaults. Every request is
// recorded; an unexpected one fails the test.
export function stubReportingServer(handlers: Record<string, FakeHandler>) {
  const requests: RecordedRequest[] = [];
  const defaults: Record<string, FakeHandler> = {
    'GET /api/timezone': () => okResponse([['UTC', 'UTC']]),
    'GET /api/client': () => okResponse(buildClientRecord()),
    [`GET /api/rbac/${sampleIds.defaultClient}/users/${sampleIds.user}/sub-entities`]: () => okResponse([]),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init?.signal ?? null,
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`] ?? defaults[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected request to ${method} ${url.pathname}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    reportRequests: () => requests.filter((request) => request.path === '/api/v1/report'),
  };
}

// Data rows of a grid in display order (the header row has aria-rowindex 1).
export function gridRows(gridName: string): HTMLElement[] {
  const rows = screen.getByRole('grid', { name: gridName }).querySelectorAll<HTMLElement>('[role="row"]');
  return Array.from(rows).filter((row) => row.getAttribute('aria-rowindex') !== '1');
}

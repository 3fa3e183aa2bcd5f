import { notifications } from '@mantine/notifications';
import type { GridLayout } from '@portico/contracts/grid/grid-layout';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../test/app-parts';
import { GridLayoutsBar } from './grid-layouts-bar';

const CONFIG_KEY = 'transactions-grid';

const currentLayout: GridLayout = {
  version: 'v2',
  columns: [
    { colId: 'amount', width: 140, pinned: 'left' },
    { colId: 'status', hide: true },
  ],
  filters: { status: { filterType: 'set', values: ['Approved'] } },
  sortModel: [{ colId: 'amount', sort: 'desc' }],
  pivotMode: false,
  columnGroupState: [],
};

const savedLayout: GridLayout = {
  version: 'v2',
  columns: [{ colId: 'merchant', width: 220 }],
  filters: {},
  sortModel: [{ colId: 'merchant', sort: 'asc' }],
  pivotMode: false,
  columnGroupState: [],
};

type Call = { method: string; path: string; body: unknown };

// The grid-config calls against an in-memory store, with a switch to hold answers.
function fakeGridConfigServer(initial: Record<string, unknown> = {}) {
  const stored = new Map<string, unknown>(Object.entries(initial));
  const calls: Call[] = [];
  let held: Promise<void> | null = null;
  let failWith: { status: number; code: string; message: string } | null = null;

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (held) await held;
    const answer = (status: number, payload: unknown) =>
      new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
    if (failWith && method === 'PUT') {
      return answer(failWith.status, {
        status: false,
        error: { code: failWith.code, message: failWith.message },
      });
    }

    const namesPrefix = '/api/user/grid-config-names/';
    const layoutPrefix = '/api/user/grid-config/';
    if (url.pathname.startsWith(namesPrefix)) {
      const prefix = `${decodeURIComponent(url.pathname.slice(namesPrefix.length))}___`;
      const names = [...stored.keys()]
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length));
      return answer(200, { status: true, message: names.sort() });
    }
    if (url.pathname.startsWith(layoutPrefix)) {
      const key = decodeURIComponent(url.pathname.slice(layoutPrefix.length));
      if (method === 'GET') return answer(200, { status: true, message: stored.get(key) ?? null });
      if (body === null) stored.delete(key);
      else stored.set(key, body);
      return answer(200, { status: true, message: null });
    }
    throw new Error(`Unexpected request to ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    stored,
    writes: () => calls.filter((call) => call.method === 'PUT'),
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    failPutsWith(status: number, code: string, message: string) {
      failWith = { status, code, message };
    },
  };
}

function renderBar() {
  const applyLayout = vi.fn<(layout: GridLayout) => void>();
  render(
    <AppProviders>
      <GridLayoutsBar configKey={CONFIG_KEY} getLayout={() => currentLayout} applyLayout={applyLayout} />
    </AppProviders>,
  );
  return { applyLayout };
}

function button(name: string): HTMLElement {
  return screen.getByRole('button', { name });
}

function picker(): HTMLElement {
  const input = screen.getAllByLabelText('Saved layout').find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error('no Saved layout input');
  return input;
}

async function pickLayout(name: string) {
  await userEvent.click(picker());
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
  await waitFor(() => expect(picker()).toHaveValue(name));
}

const allButtons = ['Load Default Report', 'Save Default Report', 'Load', 'Save', 'Delete', 'Create'];

describe('GridLayoutsBar', () => {
  afterEach(() => {
    notifications.clean();
    notifications.cleanQueue();
  });

  it('Save Default Report stores the current layout under the grid key', async () => {
    const server = fakeGridConfigServer();
    renderBar();

    await userEvent.click(button('Save Default Report'));

    expect(await screen.findByText('Layout saved')).toBeInTheDocument();
    expect(server.writes()).toEqual([
      { method: 'PUT', path: '/api/user/grid-config/transactions-grid', body: currentLayout },
    ]);
  });

  it('Load Default Report applies the saved layout', async () => {
    fakeGridConfigServer({ [CONFIG_KEY]: savedLayout });
    const { applyLayout } = renderBar();

    await userEvent.click(button('Load Default Report'));

    expect(await screen.findByText('Layout loaded')).toBeInTheDocument();
    expect(applyLayout).toHaveBeenCalledExactlyOnceWith(savedLayout);
  });

  it('Load Default Report turns a layout saved as a bare column array into a v2 layout', async () => {
    const legacyColumns = [
      { colId: 'merchant', width: 180 },
      { colId: 'amount', hide: true },
    ];
    fakeGridConfigServer({ [CONFIG_KEY]: legacyColumns });
    const { applyLayout } = renderBar();

    await userEvent.click(button('Load Default Report'));

    await waitFor(() =>
      expect(applyLayout).toHaveBeenCalledExactlyOnceWith({
        version: 'v2',
        columns: legacyColumns,
        filters: {},
        sortModel: [],
        pivotMode: false,
        columnGroupState: [],
      }),
    );
  });

  it("says 'No saved layout' and changes nothing when there is none", async () => {
    fakeGridConfigServer();
    const { applyLayout } = renderBar();

    await userEvent.click(button('Load Default Report'));

    expect(await screen.findByText('No saved layout')).toBeInTheDocument();
    expect(applyLayout).not.toHaveBeenCalled();
  });

  it("Create with an empty or blank name shows 'Field is required' and saves nothing", async () => {
    const server = fakeGridConfigServer();
    renderBar();

    await userEvent.click(button('Create'));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'New layout name' }), '   ');
    expect(screen.queryByText('Field is required')).not.toBeInTheDocument();
    await userEvent.click(button('Create'));

    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
  });

  it('Create saves the layout under a named key and selects it in the picker', async () => {
    const server = fakeGridConfigServer({ [`${CONFIG_KEY}___Daily`]: savedLayout });
    renderBar();

    await userEvent.type(screen.getByRole('textbox', { name: 'New layout name' }), ' Month end {enter}');

    expect(await screen.findByText('Layout saved')).toBeInTheDocument();
    expect(server.writes()).toEqual([
      { method: 'PUT', path: '/api/user/grid-config/transactions-grid___Month%20end', body: currentLayout },
    ]);
    await waitFor(() => expect(picker()).toHaveValue('Month end'));
    expect(screen.getByRole('textbox', { name: 'New layout name' })).toHaveValue('');
    await userEvent.click(picker());
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Daily', 'Month end']);
  });

  it('refuses a name already saved, or one the server would not accept as a key', async () => {
    const server = fakeGridConfigServer({ [`${CONFIG_KEY}___Daily`]: savedLayout });
    renderBar();
    const nameInput = screen.getByRole('textbox', { name: 'New layout name' });
    await userEvent.click(picker());
    await screen.findByRole('option', { name: 'Daily', hidden: true });

    await userEvent.type(nameInput, 'Daily{enter}');
    expect(await screen.findByText('A layout with this name already exists')).toBeInTheDocument();
    await userEvent.clear(nameInput);
    await userEvent.type(nameInput, 'Q1/Q2{enter}');
    expect(
      await screen.findByText('Use letters, digits, spaces, dot, dash and underscore'),
    ).toBeInTheDocument();

    expect(server.writes()).toEqual([]);
  });

  it('loads, overwrites and deletes the picked named layout', async () => {
    const server = fakeGridConfigServer({
      [`${CONFIG_KEY}___Daily`]: savedLayout,
      [`${CONFIG_KEY}___Weekly`]: currentLayout,
    });
    const { applyLayout } = renderBar();
    expect(button('Load')).toBeDisabled();
    expect(button('Delete')).toBeDisabled();

    await pickLayout('Daily');
    await userEvent.click(button('Load'));
    await waitFor(() => expect(applyLayout).toHaveBeenCalledExactlyOnceWith(savedLayout));

    await userEvent.click(button('Save'));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        { method: 'PUT', path: '/api/user/grid-config/transactions-grid___Daily', body: currentLayout },
      ]),
    );

    // Two toasts show at once; make room for the next one.
    act(() => notifications.clean());
    await userEvent.click(button('Delete'));
    expect(await screen.findByText('Layout deleted')).toBeInTheDocument();
    expect(server.writes()[1]).toEqual({
      method: 'PUT',
      path: '/api/user/grid-config/transactions-grid___Daily',
      body: null,
    });
    expect(server.stored.has(`${CONFIG_KEY}___Daily`)).toBe(false);
    await waitFor(() => expect(picker()).toHaveValue(''));
    await userEvent.click(picker());
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Weekly']);
  });

  it('disables every button while a request runs', async () => {
    const server = fakeGridConfigServer({ [`${CONFIG_KEY}___Daily`]: savedLayout });
    renderBar();
    await pickLayout('Daily');
    for (const name of allButtons) expect(button(name)).toBeEnabled();

    const release = server.hold();
    await userEvent.click(button('Save Default Report'));
    for (const name of allButtons) expect(button(name)).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Saved layouts' })).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(button('Load Default Report')).toBeEnabled());

    const releaseLoad = server.hold();
    await userEvent.click(button('Load'));
    for (const name of allButtons) expect(button(name)).toBeDisabled();
    releaseLoad();
    await waitFor(() => {
      for (const name of allButtons) expect(button(name)).toBeEnabled();
    });
  });

  it("shows 'Something went wrong' when saving fails, and the server's reason for a refused save", async () => {
    const server = fakeGridConfigServer();
    renderBar();

    server.failPutsWith(500, 'INTERNAL_ERROR', 'database exploded at line 42');
    await userEvent.click(button('Save Default Report'));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText(/exploded/)).not.toBeInTheDocument();

    server.failPutsWith(422, 'GRID_LAYOUT_LIMIT_REACHED', 'At most 200 layouts can be saved');
    await userEvent.click(button('Save Default Report'));
    expect(await screen.findByText('At most 200 layouts can be saved')).toBeInTheDocument();
    expect(screen.queryByText('Layout saved')).not.toBeInTheDocument();
  });
});

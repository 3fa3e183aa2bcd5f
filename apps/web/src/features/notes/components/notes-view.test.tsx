import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { NotesView } from './notes-view';

const clientId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

function note(id: string, comment: string, createdAt: string) {
  return {
    id,
    comment,
    created_at: createdAt,
    enrollment_id: null,
    client_id: clientId,
    origin: 'Portal',
    category: 'note',
    domain: null,
    sub_domain: null,
    is_event: false,
    data: null,
    author: 'Ada Admin',
  };
}

// A tiny notes server: GET lists what POST stored.
function stubNotesServer(initial: ReturnType<typeof note>[]) {
  const stored = [...initial];
  const posted: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/timezone')
      return json(ok([['America/New_York', 'Eastern']]));
    if (method === 'GET' && url.pathname === '/api/notes') return json(ok(stored));
    if (method === 'POST' && url.pathname === '/api/notes') {
      const body = JSON.parse(String(init?.body));
      posted.push(body);
      const created = note(
        `00000000-0000-4000-8000-00000000000${stored.length + 1}`,
        body.comment,
        '2026-11-22T12:00:00.000Z',
      );
      stored.push(created);
      return json(ok(created));
    }
    throw new Error(`Unexpected request ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posted };
}

function json(answer: { status?: number; body: unknown }) {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('NotesView', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it("shows the client's name and 'No notes found' when there are none", async () => {
    stubNotesServer([]);
    renderFeature(<NotesView subject={{ kind: 'client', id: clientId }} clientName="Harbor Lane Coffee" />);
    expect(screen.getByRole('heading', { name: 'Harbor Lane Coffee' })).toBeInTheDocument();
    expect(await screen.findByText('No notes found')).toBeInTheDocument();
  });

  it('lists notes newest first with their date', async () => {
    stubNotesServer([
      note('00000000-0000-4000-8000-000000000001', 'Older', '2026-01-02T15:00:00.000Z'),
      note('00000000-0000-4000-8000-000000000002', 'Newer', '2026-03-04T15:00:00.000Z'),
    ]);
    renderFeature(<NotesView subject={{ kind: 'client', id: clientId }} clientName="Harbor" />);
    const list = await screen.findByRole('list', { name: 'Notes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Newer'),
      expect.stringContaining('Older'),
    ]);
    expect(items[0]?.textContent).toContain('2026-03-04 10:00:00 EST');
  });

  it('requires a description, then posts the note and shows it first', async () => {
    const server = stubNotesServer([
      note('00000000-0000-4000-8000-000000000001', 'Older', '2026-01-02T15:00:00.000Z'),
    ]);
    renderFeature(<NotesView subject={{ kind: 'client', id: clientId }} clientName="Harbor" />, {
      role: 'user',
    });
    await screen.findByText('Older');

    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    expect(server.posted).toEqual([]);

    await userEvent.type(
      screen.getByRole('textbox', { name: /Description/ }),
      'Owner asked for paper statements',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Note was successfully created.')).toBeInTheDocument();
    expect(server.posted).toEqual([
      {
        comment: 'Owner asked for paper statements',
        client_id: clientId,
        origin: 'Portal',
        category: 'note',
      },
    ]);
    await waitFor(() => {
      const items = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
      expect(items[0]?.textContent).toContain('Owner asked for paper statements');
    });
  });
});

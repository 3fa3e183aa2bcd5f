import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, ok, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const link = 'http://localhost:3000/app/verify-email?oobCode=abc&mode=signIn&continueUrl=x';

describe('development mailbox page', () => {
  it('lists the messages with their links clickable, never their HTML', async () => {
    stubFetch({
      '/api/dev/mailbox': ok([
        {
          id: '0b5c2f4e-8d1a-4c3b-9e7f-1a2b3c4d5e6f',
          to: ['admin@portico.example'],
          subject: 'Sign in to Portico',
          text: `Hello Alex,\n\n${link}\n\nBye`,
          html: '<img src=x onerror=alert(1)>',
          status: 'pending',
          created_at: '2026-01-01T10:00:00.000Z',
        },
      ]),
    });
    renderApp('/dev/mailbox');

    expect(await screen.findByRole('article', { name: 'Sign in to Portico' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('says so when the server has no mailbox', async () => {
    stubFetch({ '/api/dev/mailbox': failure(404, 'ROUTE_NOT_FOUND', 'Not found') });
    renderApp('/dev/mailbox');

    expect(await screen.findByText('No mailbox on this server')).toBeInTheDocument();
  });

  it('says when the mailbox is empty', async () => {
    stubFetch({ '/api/dev/mailbox': ok([]) });
    renderApp('/dev/mailbox');

    expect(await screen.findByText(/No e-mail yet/)).toBeInTheDocument();
  });
});

import type { OwnSession } from '@portico/contracts/auth/own-sessions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { OwnSessionsSection } from './own-sessions-section';

afterEach(() => vi.unstubAllGlobals());

const here: OwnSession = {
  isCurrent: true,
  isMimic: false,
  device: 'Chrome on Windows',
  ip: '203.0.113.7',
  startedAt: '2026-11-30T14:05:00.000Z',
  lastSeenAt: '2026-11-30T15:00:00.000Z',
};
const laptop: OwnSession = { ...here, isCurrent: false, device: 'Safari on macOS', ip: '198.51.100.2' };

describe('OwnSessionsSection', () => {
  it('lists where the user is signed in, in the user’s zone, and ends the others after a confirm', async () => {
    const fetchMock = stubFetch({
      'GET /api/user/sessions': ok([here, laptop]),
      'POST /api/user/sessions/sign-out-others': ok({ ended: 1 }),
      '/api/timezone': ok([['America/New_York', 'Eastern']]),
    });
    renderFeature(<OwnSessionsSection />);

    const region = await screen.findByRole('region', { name: 'Active sessions' });
    const table = await within(region).findByRole('table', { name: 'Active sessions' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Chrome on Windows');
    expect(rows[1]).toHaveTextContent('This session');
    // Times in the user's zone setting, named, once the setting has loaded.
    expect(await within(rows[1] as HTMLElement).findByText('2026-11-30 10:00:00 EST')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Safari on macOS');
    expect(rows[2]).not.toHaveTextContent('This session');

    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const confirmation = screen.getByRole('group', { name: 'Confirmation' });
    expect(confirmation).toHaveTextContent('Sign out of the other session? This one stays signed in.');
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('You are signed out everywhere else.')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toContain('POST /api/user/sessions/sign-out-others');
  });

  it('offers nothing to end when this is the only session', async () => {
    stubFetch({ 'GET /api/user/sessions': ok([here]), '/api/timezone': ok([['UTC', 'UTC']]) });
    renderFeature(<OwnSessionsSection />);
    expect(await screen.findByText('You are signed in here only.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('says why when the server refuses, as in a mimic session', async () => {
    stubFetch({
      'GET /api/user/sessions': ok([here, { ...laptop, isMimic: true }]),
      'POST /api/user/sessions/sign-out-others': failure(
        403,
        'NOT_WHILE_MIMICKING',
        'Sessions cannot be ended while mimicking.',
      ),
      '/api/timezone': ok([['UTC', 'UTC']]),
    });
    renderFeature(<OwnSessionsSection />);
    expect(await screen.findByText('Opened by staff')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Confirmation' })).getByRole('button', {
        name: 'Sign out everywhere else',
      }),
    );
    expect(await screen.findByText('Sessions cannot be ended while mimicking.')).toBeInTheDocument();
  });
});

import { SecondFactorText } from '@portico/contracts/auth/second-factor';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { ResetSecondFactorAction } from './reset-second-factor-action';

afterEach(() => vi.unstubAllGlobals());

const person = { id: '22222222-2222-4222-8222-222222222222', name: 'Ann Lee', email: 'ann@example.com' };

describe('ResetSecondFactorAction', () => {
  it('asks once more, then removes the app and says the user was told', async () => {
    const fetchMock = stubFetch({
      [`POST /api/second-factor/users/${person.id}/reset`]: ok({ is_reset: true }),
    });
    renderFeature(<ResetSecondFactorAction user={person} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset two-step verification of Ann Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step verification' });
    expect(dialog).toHaveTextContent(
      'Remove the authenticator app, recovery codes and passkeys of Ann Lee (ann@example.com)?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(
      await screen.findByText('The second step was removed. The user was told by e-mail.'),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual([`POST /api/second-factor/users/${person.id}/reset`]);
  });

  it('says so when the user has no app', async () => {
    stubFetch({
      [`POST /api/second-factor/users/${person.id}/reset`]: failure(
        409,
        'SECOND_FACTOR_NOT_ENABLED',
        SecondFactorText.UserHasNone,
      ),
    });
    renderFeature(<ResetSecondFactorAction user={person} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset two-step verification of Ann Lee' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('This user has no authenticator app or passkey.')).toBeInTheDocument();
  });
});

import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, ok, readyDatabase, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { internalAdmin, signedInAnswers } from '../../../test/session-stubs';

const offered = [
  ['America/New_York', 'Eastern Time (US & Canada)'],
  ['America/Chicago', 'Central Time (US & Canada)'],
];

function stubTimezones(saveAnswer: Parameters<typeof stubFetch>[0][string]) {
  return stubFetch({
    ...signedInAnswers(internalAdmin),
    '/readyz': readyDatabase,
    'GET /api/timezone': ok([offered[0]]),
    '/api/timezones': ok(offered),
    'POST /api/timezone': saveAnswer,
  });
}

async function chooseCentralAndSave() {
  await userEvent.click(await screen.findByRole('button', { name: 'User settings' }));
  const input = (await screen.findAllByLabelText('Timezone')).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error('no timezone input');
  await waitFor(() => expect(input).toHaveValue('Eastern Time (US & Canada)'));
  await userEvent.click(input);
  await userEvent.click(await screen.findByText('Central Time (US & Canada)'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('timezone settings', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('saves the chosen timezone and says so', async () => {
    const fetchMock = stubTimezones(ok([offered[1]]));
    renderApp('/home');

    await chooseCentralAndSave();

    expect(await screen.findByText('Timezone was successfully updated')).toBeInTheDocument();
    const save = fetchMock.mock.calls.find(
      ([input, init]) => String(input) === '/api/timezone' && init?.method === 'POST',
    );
    expect(save?.[1]?.body).toBe('{"timezone":"America/Chicago"}');
  });

  it('says Something went wrong when the save fails', async () => {
    stubTimezones(failure(400, 'TIMEZONE_NOT_OFFERED', 'Timezone is not one of the offered timezones'));
    renderApp('/home');

    await chooseCentralAndSave();

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});

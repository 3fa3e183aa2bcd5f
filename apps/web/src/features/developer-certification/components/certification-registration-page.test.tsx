import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, ok, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { CertificationRegistrationPage } from './certification-registration-page';

const note = 'Please make sure you have selected your integration needs.';
const registered = ok({
  id: '6d0b1f8e-3c1a-4a55-9d7e-2b1f0c9e8a71',
  instructionsSentAt: '2025-06-15T08:30:00.000Z',
});

function postedBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

async function fillDeveloperInformation() {
  await userEvent.type(screen.getByRole('textbox', { name: /First Name/ }), 'Ada');
  await userEvent.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Lovelace');
  await userEvent.type(screen.getByRole('textbox', { name: /Work Email/ }), 'Ada@Engine.example');
  await userEvent.type(screen.getByRole('textbox', { name: /Company Name/ }), 'Analytical Engines');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('group', { name: 'Required Features' });
}

async function chooseFeaturesAndBands() {
  await userEvent.click(screen.getByRole('checkbox', { name: 'Voiding and refunding' }));
  await userEvent.click(
    within(screen.getByRole('group', { name: 'Iframe' })).getByRole('checkbox', { name: 'Card payments' }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(await screen.findByRole('combobox', { name: 'Merchants expected immediately' }));
  const bands = await screen.findByRole('listbox', { name: 'Merchants expected immediately', hidden: true });
  await userEvent.click(within(bands).getByRole('option', { name: '51-200', hidden: true }));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('textbox', { name: 'Callback URL' });
}

describe('CertificationRegistrationPage', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('keeps step 1 until names, work e-mail and company are filled, with the required-field texts', async () => {
    stubFetch({});
    renderFeature(<CertificationRegistrationPage />, { role: 'parent' });
    expect(screen.getByText(note)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Your full name is required.')).toHaveLength(2);
    expect(screen.getByText('Your work email address is required.')).toBeInTheDocument();
    expect(screen.getByText('Your company name is required.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Required Features' })).not.toBeInTheDocument();
  });

  it('needs a feature, an https callback, then registers and shows only the Thank You', async () => {
    const fetchMock = stubFetch({ 'POST /api/certregistration': registered });
    renderFeature(<CertificationRegistrationPage />, { role: 'parent' });
    await fillDeveloperInformation();

    for (const title of ['Iframe', 'Terminals (Card Present)', 'API']) {
      expect(screen.getByRole('group', { name: title })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // The note, and now the step's own message under the boxes.
    expect(await screen.findAllByText(note)).toHaveLength(2);
    await chooseFeaturesAndBands();

    const callback = screen.getByRole('textbox', { name: 'Callback URL' });
    await userEvent.type(callback, 'http://hooks.engine.example');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The callback URL must be a full https:// address.')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([]);

    await userEvent.clear(callback);
    await userEvent.type(callback, 'https://hooks.engine.example/portico');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Thank You' })).toBeInTheDocument();
    expect(
      screen.getByText('Your registration has been completed. Check your inbox for further instructions.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@engine.example',
        company: 'Analytical Engines',
        features: ['void_refund', 'iframe_card'],
        expectedMerchantsNow: '51-200',
        expectedMerchants90Days: null,
        callbackUrl: 'https://hooks.engine.example/portico',
      },
    ]);
  });

  it('says "Failed to send the email." and keeps the form when the instructions could not be sent', async () => {
    stubFetch({
      'POST /api/certregistration': failure(
        503,
        'CERTIFICATION_INSTRUCTIONS_NOT_SENT',
        'Failed to send the email.',
      ),
    });
    renderFeature(<CertificationRegistrationPage />, { role: 'admin' });
    await fillDeveloperInformation();
    await chooseFeaturesAndBands();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Failed to send the email.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thank You' })).not.toBeInTheDocument();
  });
});

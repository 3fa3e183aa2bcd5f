import { ConfiguratorText } from '@portico/contracts/virtual-terminals/terminal-configuration';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, ok, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { defaultTerminalParams } from '../utils/terminal-configurator.utils';
import { TerminalEditor } from './terminal-editor';

const publishableKey = '0d7c4791-78ee-4803-9c4d-0332784a1478';
const savedId = '6d0b1f8e-3c1a-4a55-9d7e-2b1f0c9e8a71';

function renderEditor(onSaved = vi.fn()) {
  renderFeature(
    <TerminalEditor
      publishableKey={publishableKey}
      terminal={undefined}
      initialName="New Terminal 11-25-2026"
      initialSettings={defaultTerminalParams(['credit_card', 'cash'])}
      available={['credit_card', 'cash']}
      onSaved={onSaved}
    />,
  );
  return onSaved;
}

function postedBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('terminal editor', () => {
  it('checks the custom fields before saving, then saves them with required false', async () => {
    const fetchMock = stubFetch({
      'POST /api/virtualterminalurl': ok({ id: savedId, url_id: 'abcdefghijk' }),
    });
    const onSaved = renderEditor();

    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    await userEvent.click(screen.getByRole('button', { name: ConfiguratorText.SaveConfiguration }));
    const field = screen.getByRole('group', { name: 'Custom field 1' });
    expect(within(field).getByText('Field name cannot be blank')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([]);

    await userEvent.type(within(field).getByRole('textbox', { name: 'Field Name' }), 'Order Ref');
    await userEvent.click(within(field).getByRole('checkbox', { name: 'Require for guest' }));
    await userEvent.click(screen.getByRole('button', { name: ConfiguratorText.SaveConfiguration }));

    expect(await screen.findByText(ConfiguratorText.Saved)).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith({ id: savedId, url_id: 'abcdefghijk' });
    expect(postedBodies(fetchMock)).toEqual([
      expect.objectContaining({
        apikey: publishableKey,
        name: 'New Terminal 11-25-2026',
        is_active: true,
        customFields: [
          { name: 'Order Ref', type: 'text', values: [], required: false, requireForGuest: true },
        ],
        url: expect.stringMatching(/\/responsive-iframe\/payment\?params=/),
      }),
    ]);
    const authorization = new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization');
    expect(authorization).toBe(`Bearer ${publishableKey}`);
  });

  it("says 'Failed to save terminal configuration.' when the save fails", async () => {
    stubFetch({
      'POST /api/virtualterminalurl': failure(
        403,
        'FORBIDDEN',
        'User does not have VIRTUAL_TERMINAL permission.',
      ),
    });
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: ConfiguratorText.SaveConfiguration }));
    expect(await screen.findByText(ConfiguratorText.SaveFailed)).toBeInTheDocument();
  });

  it('changes the status of a saved terminal only', async () => {
    const fetchMock = stubFetch({});
    renderEditor();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(await screen.findByText(ConfiguratorText.SaveFirst)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads a pasted JSON array of custom fields and ignores anything else', async () => {
    stubFetch({});
    renderEditor();
    const json = screen.getByRole('textbox', { name: 'Custom Fields JSON' });
    await userEvent.click(json);
    await userEvent.paste('{"name":"Ignored","type":"text"}');
    expect(screen.queryByRole('group', { name: 'Custom field 1' })).toBeNull();
    await userEvent.clear(json);
    await userEvent.paste('[{"name":"Size","type":"radio","values":["S","M"]}]');
    await waitFor(() => expect(screen.getByRole('group', { name: 'Custom field 1' })).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Field Name' })).toHaveValue('Size');
    expect(screen.getByRole('textbox', { name: 'Option 2' })).toHaveValue('M');
  });
});

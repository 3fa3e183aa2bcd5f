import { WhiteLabelText } from '@portico/contracts/branding/whitelabel';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { WhiteLabelSection } from './white-label-section';

const clientId = '5f1c2b7e-8a4d-4e2f-9b6a-1c2d3e4f5a6b';
const path = `/api/whitelabel/${clientId}`;
const healnow = { entity_name: 'HealNow', color: '#1f6f68', logo_url: null };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WhiteLabelSection', () => {
  it('tells a colour below AA contrast with its ratio and sends nothing', async () => {
    const fetchMock = stubFetch({ [`GET ${path}`]: ok(healnow) });
    const user = userEvent.setup();
    renderFeature(<WhiteLabelSection clientId={clientId} />);
    const colour = await screen.findByRole('textbox', { name: WhiteLabelText.ColorLabel });
    expect(colour).toHaveValue('#1f6f68');

    await user.clear(colour);
    await user.type(colour, '#2a9d8f');
    expect(screen.getByText(/contrast of 3\.32:1 on white/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: WhiteLabelText.Save }));
    expect(requestedPaths(fetchMock)).toEqual([`GET ${path}`]);
  });

  it("saves name and colour and shows the server's refusal in words", async () => {
    const fetchMock = stubFetch({
      [`GET ${path}`]: ok(null),
      [`PUT ${path}`]: failure(422, 'WHITELABEL_NOT_PARENT', WhiteLabelText.ParentOnly),
    });
    const user = userEvent.setup();
    renderFeature(<WhiteLabelSection clientId={clientId} />);
    expect(await screen.findByText(WhiteLabelText.NotSet)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: WhiteLabelText.EntityNameLabel }), 'Summit Pay');
    await user.type(screen.getByRole('textbox', { name: WhiteLabelText.ColorLabel }), '#5b21b6');
    await user.click(screen.getByRole('button', { name: WhiteLabelText.Save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WhiteLabelText.ParentOnly);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ entity_name: 'Summit Pay', color: '#5b21b6' });
  });

  it('refuses an SVG logo before uploading it', async () => {
    const fetchMock = stubFetch({ [`GET ${path}`]: ok(healnow) });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderFeature(<WhiteLabelSection clientId={clientId} />);
    await screen.findByRole('button', { name: WhiteLabelText.UploadLogo });
    const input = container.ownerDocument.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(WhiteLabelText.LogoWrongType));
    expect(requestedPaths(fetchMock)).toEqual([`GET ${path}`]);
  });
});

import { SignUpErrorCode, SignUpText } from '@portico/contracts/clients/sign-up';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { failure, ok, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { SignUpPage } from './sign-up-page';

function renderAt(path: string) {
  return renderFeature(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/sign-up" element={<SignUpPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SignUpPage', () => {
  it('sends the business and shows the same answer the server gives every address', async () => {
    const fetchMock = stubFetch({ 'POST /api/sign-up': ok(SignUpText.Received) });
    renderAt('/sign-up');
    await userEvent.type(screen.getByRole('textbox', { name: 'Business name' }), 'Juniper Tea House');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'June');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Park');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'June@JuniperTea.example');
    await userEvent.click(screen.getByRole('button', { name: SignUpText.Submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(SignUpText.Received);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      business_name: 'Juniper Tea House',
      first_name: 'June',
      last_name: 'Park',
      email: 'june@junipertea.example',
    });
  });

  it('checks the fields before calling, and sends the sandbox invitation of the link', async () => {
    const fetchMock = stubFetch({ 'POST /api/sign-up': ok(SignUpText.Received) });
    renderAt('/sign-up?sandbox=true&email=dev%40orbit.example&token=v1.1900000000.abc');
    expect(screen.getByRole('heading', { name: `${SignUpText.Title} (sandbox)` })).toBeInTheDocument();
    expect(screen.getByText(SignUpText.SandboxIntro)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('dev@orbit.example');
    await userEvent.click(screen.getByRole('button', { name: SignUpText.Submit }));
    expect(await screen.findAllByText('Field is required')).toHaveLength(3);
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Business name' }), 'Orbit');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Byron');
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '555');
    await userEvent.click(screen.getByRole('button', { name: SignUpText.Submit }));
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await userEvent.click(screen.getByRole('button', { name: SignUpText.Submit }));
    await screen.findByRole('status');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      business_name: 'Orbit',
      first_name: 'Ada',
      last_name: 'Byron',
      email: 'dev@orbit.example',
      sandbox_token: 'v1.1900000000.abc',
    });
  });

  it('says a sandbox link without its invitation is not valid, and signs up normally', async () => {
    const fetchMock = stubFetch({ 'POST /api/sign-up': ok(SignUpText.Received) });
    renderAt('/sign-up?sandbox=true&email=dev%40orbit.example');
    expect(screen.getByRole('alert')).toHaveTextContent(SignUpText.SandboxLinkInvalid);
    expect(screen.getByText(SignUpText.Intro)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Business name' }), 'Orbit');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Byron');
    await userEvent.click(screen.getByRole('button', { name: SignUpText.Submit }));
    await screen.findByRole('status');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).not.toHaveProperty('sandbox_token');
  });

  it("shows the server's refusal of an expired invitation", async () => {
    stubFetch({
      'POST /api/sign-up': failure(400, SignUpErrorCode.SandboxLinkInvalid, SignUpText.SandboxLinkInvalid),
    });
    renderAt('/sign-up?sandbox=true&email=dev%40orbit.example&token=v1.1.abc');
    await userEvent.type(screen.getByRole('textbox', { name: 'Business name' }), 'Orbit');
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Byron');
    await userEvent.click(screen.getByRole('button', { name: SignUpText.Submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SignUpText.SandboxLinkInvalid);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

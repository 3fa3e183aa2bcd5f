import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { ColorSchemeSwitch, ColorSchemeText } from './color-scheme-switch';

const schemeOfPage = () => document.documentElement.getAttribute('data-mantine-color-scheme');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ColorSchemeSwitch', () => {
  it('offers Light, Dark and System by name, changes the look at once and keeps the choice', async () => {
    const fetchMock = stubFetch({ 'PUT /api/user/color-scheme': ok({ color_scheme: 'dark' }) });
    const user = userEvent.setup();
    renderFeature(<ColorSchemeSwitch />);

    const theme = screen.getByRole('radiogroup', { name: ColorSchemeText.Label });
    expect(theme).toBeInTheDocument();
    for (const name of ['Light', 'Dark', 'System'])
      expect(screen.getByRole('radio', { name })).toBeInTheDocument();
    expect(schemeOfPage()).toBe('light');

    await user.click(screen.getByText('Dark'));
    expect(schemeOfPage()).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await waitFor(() => expect(requestedPaths(fetchMock)).toEqual(['PUT /api/user/color-scheme']));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ color_scheme: 'dark' });
  });

  it('puts the saved look back and says so when the choice cannot be saved', async () => {
    stubFetch({ 'PUT /api/user/color-scheme': failure(500, 'INTERNAL', 'Something went wrong') });
    const user = userEvent.setup();
    renderFeature(<ColorSchemeSwitch />);

    await user.click(screen.getByText('Dark'));
    expect(await screen.findByText(ColorSchemeText.Failed)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
  });
});

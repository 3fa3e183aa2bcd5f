import { TourText, tourSteps } from '@portico/contracts/tours/tours';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { PortalTour } from './portal-tour';

const steps = tourSteps.merchant;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PortalTour', () => {
  it('is a labelled dialog that takes focus and steps with Next, Back and the arrow keys', async () => {
    stubFetch({ 'PUT /api/user/tour': ok({ tours_seen: ['merchant'] }) });
    const user = userEvent.setup();
    renderFeature(<PortalTour kind="merchant" onClose={() => {}} />, { role: 'user' });

    const dialog = screen.getByRole('dialog', { name: steps[0]?.title });
    expect(dialog).toHaveAccessibleDescription(steps[0]?.body ?? '');
    expect(screen.getByRole('heading', { name: steps[0]?.title })).toHaveFocus();
    expect(screen.getByText(TourText.stepOf(1, steps.length))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: TourText.Next }));
    expect(screen.getByRole('dialog', { name: steps[1]?.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: steps[1]?.title })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: steps[2]?.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: TourText.Back }));
    expect(screen.getByRole('dialog', { name: steps[1]?.title })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.queryByRole('button', { name: TourText.Back })).not.toBeInTheDocument();
  });

  it('closes on Escape and marks the tour seen on the server', async () => {
    const fetchMock = stubFetch({ 'PUT /api/user/tour': ok({ tours_seen: ['merchant'] }) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderFeature(<PortalTour kind="merchant" onClose={onClose} />, { role: 'user' });

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(requestedPaths(fetchMock)).toEqual(['PUT /api/user/tour']));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ tour: 'merchant', seen: true });
  });

  it('marks it seen when finished with Done', async () => {
    const fetchMock = stubFetch({ 'PUT /api/user/tour': ok({ tours_seen: ['partner'] }) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderFeature(<PortalTour kind="partner" onClose={onClose} />, { role: 'parent' });
    for (let i = 1; i < tourSteps.partner.length; i += 1) {
      await user.click(screen.getByRole('button', { name: TourText.Next }));
    }
    await user.click(screen.getByRole('button', { name: TourText.Done }));
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(requestedPaths(fetchMock)).toEqual(['PUT /api/user/tour']));
  });
});

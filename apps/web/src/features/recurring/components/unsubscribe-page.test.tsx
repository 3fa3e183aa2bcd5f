import { SubscriptionText } from '@portico/contracts/subscriptions/subscriptions';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { UnsubscribeCardPage, UnsubscribedPage } from './unsubscribe-page';

afterEach(() => vi.unstubAllGlobals());

function renderCard(segment: string) {
  return renderFeature(
    <MemoryRouter initialEntries={[`/unsubscribe/${segment}`]}>
      <Routes>
        <Route path="/unsubscribe/:subscription" element={<UnsubscribeCardPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('UnsubscribeCardPage', () => {
  it("asks its question about the token's series, cancels with the token, then shows 'Cancellation confirmed'", async () => {
    const fetchMock = stubFetch({
      'GET /api/unsubscribe/sig-token-1': ok({
        merchant_name: 'Harbor Lane Coffee',
        amount: '19.99',
        end_reason: null,
      }),
      'POST /api/unsubscribe': ok({ text: SubscriptionText.Unsubscribed }),
    });
    // The address's name and amount are display only: the token's own are asked about.
    renderCard('sig-token-1+Someone%20Else+1.00');
    expect(
      await screen.findByText('Cancel your recurring payment of $19.99 to Harbor Lane Coffee?'),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual(['GET /api/unsubscribe/sig-token-1']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason (optional)' }), 'Moving away');
    await userEvent.click(screen.getByRole('button', { name: SubscriptionText.CancelSubscription }));
    expect(
      await screen.findByRole('heading', { name: SubscriptionText.CancellationConfirmed }),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual(['GET /api/unsubscribe/sig-token-1', 'POST /api/unsubscribe']);
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      cancelId: 'sig-token-1',
      reason: 'Moving away',
    });
  });

  it('sends no reason when none is typed', async () => {
    const fetchMock = stubFetch({
      'GET /api/unsubscribe/sig-token-2': ok({
        merchant_name: 'Harbor Lane Coffee',
        amount: '19.99',
        end_reason: null,
      }),
      'POST /api/unsubscribe': ok({ text: SubscriptionText.Unsubscribed }),
    });
    renderCard('sig-token-2+Harbor%20Lane%20Coffee+19.99');
    const button = screen.getByRole('button', { name: SubscriptionText.CancelSubscription });
    await screen.findByText(/Harbor Lane Coffee\?$/);
    await userEvent.click(button);
    expect(
      await screen.findByRole('heading', { name: SubscriptionText.CancellationConfirmed }),
    ).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ cancelId: 'sig-token-2' });
  });

  it('says an ended series has ended, and why, with nothing to press', async () => {
    stubFetch({
      'GET /api/unsubscribe/ended': ok({
        merchant_name: 'Harbor Lane Coffee',
        amount: '19.99',
        end_reason: 'Ended by merchant',
      }),
    });
    renderCard('ended+Harbor%20Lane%20Coffee+19.99');
    expect(await screen.findByText(SubscriptionText.LinkSeriesEnded)).toBeInTheDocument();
    expect(screen.getByText('Reason: Ended by merchant')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: SubscriptionText.CancelSubscription }),
    ).not.toBeInTheDocument();
  });

  it('offers no cancel on a used or forged link and says why', async () => {
    const fetchMock = stubFetch({
      'GET /api/unsubscribe/forged': failure(
        404,
        'CANCEL_LINK_NOT_VALID',
        SubscriptionText.CancelLinkNotValid,
      ),
    });
    renderCard('forged+Harbor%20Lane%20Coffee+19.99');
    expect(await screen.findByRole('alert')).toHaveTextContent(SubscriptionText.CancelLinkNotValid);
    expect(
      screen.queryByRole('button', { name: SubscriptionText.CancelSubscription }),
    ).not.toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual(['GET /api/unsubscribe/forged']);
  });

  it('shows the refusal of a link used meanwhile and stays unconfirmed', async () => {
    stubFetch({
      'GET /api/unsubscribe/raced': ok({
        merchant_name: 'Harbor Lane Coffee',
        amount: '19.99',
        end_reason: null,
      }),
      'POST /api/unsubscribe': failure(404, 'CANCEL_LINK_NOT_VALID', SubscriptionText.CancelLinkNotValid),
    });
    renderCard('raced+Harbor%20Lane%20Coffee+19.99');
    await screen.findByText(/Harbor Lane Coffee\?$/);
    await userEvent.click(screen.getByRole('button', { name: SubscriptionText.CancelSubscription }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SubscriptionText.CancelLinkNotValid);
    expect(screen.queryByText(SubscriptionText.CancellationConfirmed)).not.toBeInTheDocument();
  });

  it('says an incomplete link is incomplete and offers no cancel', () => {
    const fetchMock = stubFetch({});
    renderCard('only-a-token');
    expect(screen.getByText(/not complete/)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: SubscriptionText.CancelSubscription }),
    ).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('UnsubscribedPage', () => {
  it("says 'You successfully unsubscribed from service'", () => {
    renderFeature(<UnsubscribedPage />);
    expect(screen.getByRole('heading', { name: SubscriptionText.Unsubscribed })).toBeInTheDocument();
  });
});

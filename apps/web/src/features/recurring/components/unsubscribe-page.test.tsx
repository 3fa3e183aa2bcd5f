import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { RecurringText } from '../utils/recurring-text';
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
  it("asks its question, cancels with the link's token, then shows 'Cancellation confirmed'", async () => {
    const fetchMock = stubFetch({ 'POST /api/unsubscribe': ok({ cancelled: true }) });
    renderCard('sig-token-1+Harbor%20Lane%20Coffee+19.99');
    expect(
      screen.getByText('Cancel your recurring payment of $19.99 to Harbor Lane Coffee?'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason (optional)' }), 'Moving away');
    await userEvent.click(screen.getByRole('button', { name: RecurringText.CancelSubscription }));
    expect(
      await screen.findByRole('heading', { name: RecurringText.CancellationConfirmed }),
    ).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual(['POST /api/unsubscribe']);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      cancelId: 'sig-token-1',
      reason: 'Moving away',
    });
  });

  it("shows the server's answer to a used or forged token and stays unconfirmed", async () => {
    stubFetch({
      'POST /api/unsubscribe': failure(
        404,
        'CANCEL_LINK_INVALID',
        'This unsubscribe link is no longer valid.',
      ),
    });
    renderCard('forged+Harbor%20Lane%20Coffee+19.99');
    await userEvent.click(screen.getByRole('button', { name: RecurringText.CancelSubscription }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is no longer valid.');
    expect(screen.queryByText(RecurringText.CancellationConfirmed)).not.toBeInTheDocument();
  });

  it('says an incomplete link is incomplete and offers no cancel', () => {
    stubFetch({});
    renderCard('only-a-token');
    expect(screen.getByText(/not complete/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RecurringText.CancelSubscription })).not.toBeInTheDocument();
  });
});

describe('UnsubscribedPage', () => {
  it("says 'You successfully unsubscribed from service'", () => {
    renderFeature(<UnsubscribedPage />);
    expect(screen.getByRole('heading', { name: RecurringText.Unsubscribed })).toBeInTheDocument();
  });
});

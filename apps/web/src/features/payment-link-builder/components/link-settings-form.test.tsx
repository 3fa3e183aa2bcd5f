import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { renderWithMantine } from '../../../test/render-with-mantine';
import { browserTimeZone, initialLinkState, type LinkBuilderState } from '../utils/link-builder-state.utils';
import { LinkSettingsForm } from './link-settings-form';

// The one-time charge offers an optional, labelled expiry in the user's time zone; a subscription
// link does not.

function Form({ onState }: { onState: (state: LinkBuilderState) => void }) {
  const [state, setState] = useState(() =>
    initialLinkState('2027-03-01', { description: null, paymentOptions: null }),
  );
  return (
    <LinkSettingsForm
      state={state}
      onChange={(next) => {
        setState(next);
        onState(next);
      }}
      offered={['credit_card']}
      terminals={[]}
      messages={{}}
      endDate={null}
    />
  );
}

it('offers a one-time charge an optional expiry in the time zone it names', async () => {
  let latest: LinkBuilderState | null = null;
  renderWithMantine(<Form onState={(state) => (latest = state)} />);
  const field = screen.getByLabelText('Link Expires');
  expect(field).toHaveAttribute('type', 'datetime-local');
  expect(screen.getByText(new RegExp(`Your time zone: ${browserTimeZone()}`))).toBeInTheDocument();
  await userEvent.type(field, '2027-03-01T17:00');
  expect(latest).toMatchObject({ expiresAt: '2027-03-01T17:00' });

  await userEvent.click(screen.getByLabelText('Subscription (Recurring Charge)'));
  expect(screen.queryByLabelText('Link Expires')).not.toBeInTheDocument();
});

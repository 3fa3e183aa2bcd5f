import { RichDescriptionText } from '@portico/contracts/payment-frame/rich-description';
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

it('styles the selected words of the description, previews them and names markup it refuses', async () => {
  let latest: LinkBuilderState | null = null;
  renderWithMantine(<Form onState={(state) => (latest = state)} />);
  const description = screen.getByLabelText('Description');
  if (!(description instanceof HTMLTextAreaElement)) throw new Error('not a textarea');
  await userEvent.type(description, 'Fresh roast');
  description.setSelectionRange(0, 5);
  await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
  expect(latest).toMatchObject({ description: '<strong>Fresh</strong> roast' });
  const preview = screen.getByLabelText('Description preview');
  expect(preview.querySelector('strong')).toHaveTextContent('Fresh');

  await userEvent.clear(description);
  await userEvent.type(description, '<img src=x>');
  expect(screen.getByText(RichDescriptionText.NotAllowed('<img>'))).toBeInTheDocument();
  expect(screen.queryByLabelText('Description preview')).not.toBeInTheDocument();
});

it('offers saving the payment method with its mode, and level 2 data', async () => {
  let latest: LinkBuilderState | null = null;
  renderWithMantine(<Form onState={(state) => (latest = state)} />);
  expect(screen.queryByLabelText('Level 3 Data')).not.toBeInTheDocument();
  await userEvent.click(screen.getByLabelText('Save Payment Method'));
  expect(screen.getByDisplayValue('Ask the payer')).toBeInTheDocument();
  await userEvent.click(screen.getByLabelText('Level 2 Data'));
  expect(latest).toMatchObject({ savePaymentToken: true, saveMode: 'ask', isLevelTwoDataEnabled: true });
});

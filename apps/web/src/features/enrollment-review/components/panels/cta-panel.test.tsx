import { notifications } from '@mantine/notifications';
import { CtaText } from '@portico/contracts/enrollment/click-to-agree';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, stubFetch } from '../../../../test/fetch-stub';
import { renderFeature } from '../../../../test/render-feature';
import { CtaPanel } from './cta-panel';

const enrollmentId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const sent = ok({ recipients: 2, status: 'cta_sent', cta_sent_at: '2025-06-15T09:00:00.000Z' });

function postedBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

const recipient = (n: number) => screen.getByRole('textbox', { name: `Recipient ${n}` });

describe('CtaPanel', () => {
  beforeEach(() => {
    notifications.clean();
  });

  it('sends to the filled recipients only, empty ones ignored, then says CTA Sent!', async () => {
    const fetchMock = stubFetch({ 'POST /api/enroll/cta': sent });
    const onChanged = vi.fn();
    renderFeature(
      <CtaPanel enrollmentId={enrollmentId} primaryEmail="owner@fernfig.example" onChanged={onChanged} />,
    );
    expect(screen.getAllByRole('textbox', { name: /^Recipient/ })).toHaveLength(3);
    const send = screen.getByRole('button', { name: 'Send' });
    // With no recipient nothing is sent.
    expect(send).toBeDisabled();

    await userEvent.type(recipient(1), 'Owner@FernFig.example');
    await userEvent.type(recipient(3), 'books@fernfig.example');
    await userEvent.click(send);

    expect(await screen.findByText('CTA Sent!')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([
      { id: enrollmentId, recipients: ['owner@fernfig.example', 'books@fernfig.example'] },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(recipient(1)).toHaveValue('');
  });

  it('flags an invalid address and keeps Send disabled', async () => {
    const fetchMock = stubFetch({ 'POST /api/enroll/cta': sent });
    renderFeature(<CtaPanel enrollmentId={enrollmentId} primaryEmail={null} />);
    await userEvent.type(recipient(2), 'june@');
    await userEvent.tab();
    expect(await screen.findByText('Invalid email address.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(requestedPaths(fetchMock)).toEqual([]);
  });

  it('quick-sends to the primary e-mail', async () => {
    const fetchMock = stubFetch({ 'POST /api/enroll/cta': sent });
    renderFeature(<CtaPanel enrollmentId={enrollmentId} primaryEmail="owner@fernfig.example" />);
    expect(screen.getByText('owner@fernfig.example')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send to Primary Email' }));
    expect(await screen.findByText('CTA Sent!')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([{ id: enrollmentId }]);
  });

  it('says there is no e-mail to quick-send to, without calling the server', async () => {
    const fetchMock = stubFetch({});
    renderFeature(<CtaPanel enrollmentId={enrollmentId} primaryEmail={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send to Primary Email' }));
    expect(await screen.findByText('No email address available to send CTA to')).toBeInTheDocument();
    expect(requestedPaths(fetchMock)).toEqual([]);
  });

  it('shows the server’s no-email answer and "Failed to send the email" for any other failure', async () => {
    stubFetch({ 'POST /api/enroll/cta': failure(400, 'CTA_NO_EMAIL', CtaText.NoEmail) });
    const { unmount } = renderFeature(
      <CtaPanel enrollmentId={enrollmentId} primaryEmail="stale@fernfig.example" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send to Primary Email' }));
    expect(await screen.findByText('No email address available to send CTA to')).toBeInTheDocument();
    unmount();
    notifications.clean();

    stubFetch({ 'POST /api/enroll/cta': failure(503, 'CTA_SEND_FAILED', 'Failed to send the email') });
    const onChanged = vi.fn();
    renderFeature(<CtaPanel enrollmentId={enrollmentId} primaryEmail={null} onChanged={onChanged} />);
    await userEvent.type(recipient(1), 'owner@fernfig.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send the email')).toBeInTheDocument();
    expect(screen.queryByText('CTA Sent!')).not.toBeInTheDocument();
    await waitFor(() => expect(recipient(1)).toHaveValue('owner@fernfig.example'));
    expect(onChanged).not.toHaveBeenCalled();
  });
});

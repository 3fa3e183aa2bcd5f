import type { DisputeDetail } from '@portico/contracts/disputes/disputes';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, requestedPaths, type StubbedAnswer, stubFetch } from '../../../test/fetch-stub';
import { renderFeature } from '../../../test/render-feature';
import { openDetail } from '../test/dispute-fixtures';
import { DisputePage } from './dispute-page';

afterEach(() => vi.unstubAllGlobals());

function renderPage(detail: DisputeDetail, writes: Record<string, StubbedAnswer> = {}) {
  const fetchMock = stubFetch({
    [`GET /api/disputes/${detail.id}`]: ok(detail),
    '/api/timezone': ok([['UTC', 'UTC']]),
    ...writes,
  });
  renderFeature(
    <MemoryRouter initialEntries={[`/disputes/${detail.id}`]}>
      <Routes>
        <Route path="/disputes/:id" element={<DisputePage />} />
      </Routes>
    </MemoryRouter>,
    { role: 'user' },
  );
  return fetchMock;
}

const underReview: DisputeDetail = {
  ...openDetail,
  status: 'under_review',
  submitted_at: '2026-05-03T09:00:00.000Z',
  explanation: 'Delivered to the door.',
  events: [...openDetail.events, { kind: 'evidence_submitted', occurred_at: '2026-05-03T09:00:00.000Z' }],
  evidence: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      kind: 'proof_of_delivery',
      file_name: 'courier.pdf',
      size_bytes: 900,
      uploaded_at: '2026-05-02T09:00:00.000Z',
    },
  ],
};

describe('DisputePage', () => {
  it('says what the cardholder says, which evidence helps, and the timeline', async () => {
    renderPage(openDetail);
    expect(
      await screen.findByText('The cardholder says they paid but never received the goods or service.'),
    ).toBeInTheDocument();
    const reason = screen.getByRole('region', { name: 'What the cardholder says' });
    expect(
      within(reason)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Proof of delivery', 'Receipt', 'Customer communication']);
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(
      within(timeline).getByText(
        'Chargeback opened: the amount and the chargeback fee were taken from your payouts',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Dispute of -$100.66 at Harbor Lane Coffee Roasters',
    );
  });

  it('offers upload, the draft, Submit and Accept while a chargeback waits for an answer', async () => {
    renderPage(openDetail);
    expect(await screen.findByRole('button', { name: 'Submit evidence' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept dispute' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload evidence' })).toBeInTheDocument();
  });

  it('offers evidence but not Submit or Accept on an inquiry', async () => {
    renderPage({ ...openDetail, status: 'inquiry', respond_by: null, events: [] });
    expect(await screen.findByRole('button', { name: 'Upload evidence' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit evidence' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept dispute' })).not.toBeInTheDocument();
  });

  it('offers nothing once submitted: the evidence is sealed', async () => {
    renderPage(underReview);
    expect(await screen.findByText('courier.pdf', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('The evidence was submitted and is sealed.')).toBeInTheDocument();
    expect(
      screen.getByText('Submitted and sealed: the card issuer is reviewing the evidence.'),
    ).toBeInTheDocument();
    for (const name of ['Submit evidence', 'Accept dispute', 'Save draft', 'Upload evidence']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('offers nothing past the respond-by date', async () => {
    renderPage({ ...openDetail, respond_by: '2020-01-01T00:00:00.000Z' });
    expect(await screen.findByText('The date to respond to this dispute has passed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit evidence' })).not.toBeInTheDocument();
  });

  it("submits only after the confirm, and shows the server's refusal in its words", async () => {
    const fetchMock = renderPage(openDetail, {
      [`POST /api/disputes/${openDetail.id}/submit`]: failure(
        422,
        'DISPUTE_NO_EVIDENCE',
        'Add at least one piece of evidence or a written explanation before submitting.',
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit evidence' }));
    expect(requestedPaths(fetchMock).some((path) => path.startsWith('POST'))).toBe(false);
    const confirm = screen.getByRole('group', { name: 'Confirmation' });
    expect(
      within(confirm).getByText(
        'Submit the evidence and explanation? Nothing can be added or changed afterwards.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Add at least one piece of evidence or a written explanation before submitting.',
    );
    expect(requestedPaths(fetchMock)).toContain(`POST /api/disputes/${openDetail.id}/submit`);
  });

  it('saves the draft explanation', async () => {
    const fetchMock = renderPage(openDetail, {
      [`PUT /api/disputes/${openDetail.id}/draft`]: ok({ ...openDetail, explanation: 'Sent by courier.' }),
    });
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Your explanation' }),
      'Sent by courier.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ explanation: 'Sent by courier.' });
  });
});

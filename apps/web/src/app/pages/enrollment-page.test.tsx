import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  buildEnrollmentRecord,
  fixtureIds,
} from '../../features/enrollment-review/enrollment-record.fixtures';
import { ok, requestedPaths, type StubbedAnswer, stubFetch } from '../../test/fetch-stub';
import { renderFeature } from '../../test/render-feature';
import { EnrollmentPage } from './enrollment-page';

// The page holds some 150 inputs: skipping the accessibility-tree walk keeps role queries fast, and
// Mantine's floating dropdowns stay display:none under happy-dom (no layout, so the menu's anchor
// counts as hidden).
configure({ defaultHidden: true });

function renderPage(answers: Record<string, StubbedAnswer>) {
  const record = buildEnrollmentRecord();
  const fetchMock = stubFetch({
    '/api/timezone': ok([['UTC', 'UTC']]),
    'GET /api/enroll': ok(record),
    ...answers,
  });
  renderFeature(
    <MemoryRouter initialEntries={[`/onboard/${record.id}`]}>
      <Routes>
        <Route path="/onboard/:id" element={<EnrollmentPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return fetchMock;
}

// Menus open after a transition: wait for their first item.
async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name }));
  await screen.findAllByRole('menuitem');
}

function note(id: string, createdAt: string, comment: string) {
  return {
    id,
    comment,
    created_at: createdAt,
    enrollment_id: fixtureIds.enrollment,
    client_id: null,
    origin: 'System',
    category: 'system',
    domain: 'kyc',
    sub_domain: 'KYC',
    is_event: false,
    data: { message: comment },
    author: null,
  };
}

describe('EnrollmentPage notes panel', () => {
  it('opens the KYC notes newest first, and says when there are none', async () => {
    const fetchMock = renderPage({
      '/api/notes': ok([
        note('00000000-0000-4000-8000-000000000001', '2026-11-03T17:00:00.000Z', 'KYC submitted.'),
        note('00000000-0000-4000-8000-000000000002', '2026-11-05T17:00:00.000Z', 'KYC passed.'),
      ]),
    });
    await openMenu('Open');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Notes' }));
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('KYC passed.'), expect.stringContaining('KYC submitted.')]);
    expect(requestedPaths(fetchMock)).toContain(
      `GET /api/notes?enrollment_id=${fixtureIds.enrollment}&sub_domain=KYC`,
    );
  });

  it('says No notes found for an enrollment without KYC notes', async () => {
    renderPage({ '/api/notes': ok([]) });
    await openMenu('Open');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Notes' }));
    expect(await screen.findByText('No notes found')).toBeInTheDocument();
  });
});

import { expect, test } from '@playwright/test';
import { filterMenu } from '@portico/contracts/access/menu';
import { sessionUserSchema } from '@portico/contracts/access/session-user';
import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import { z } from 'zod';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { menuTitlesOf, signInAs } from '../support/sign-in';

// Access from the browser: the server refuses what the role may not do, whatever the page
// shows; and view-as makes staff act as a user of the viewed client on both sides.

// An admin-only call of the internal reporting page (/admin-reporting is admin only).
const adminOnlyCall = '/api/v1/report/all-internal';

test('a merchant user gets 403 from an admin-only call and the Not allowed page for its screen', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'owner@harborlanecoffee.example');

  const refused = await page.request.get(adminOnlyCall);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    status: false,
    error: { code: 'FORBIDDEN', message: 'You are not allowed to do this' },
    requestId: expect.any(String),
  });

  await page.goto('/app/admin-reporting/all-internal/reporting.merchant_volume_by_month');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('an admin viewing as a merchant acts as its user: user menu, admin-only calls refused', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, 'admin@portico.example');
  expect((await page.request.get(adminOnlyCall)).status()).toBe(200);

  const harborName = harborLaneName;
  const harborId = await clientIdNamed(page, harborName);
  await page.evaluate((id) => localStorage.setItem('portico.view-as', id), harborId);
  await page.reload();

  await expect(page.getByText(`Viewing as ${harborName}`)).toBeVisible();
  const userResponse = await page.request.get('/api/user');
  const user = sessionUserSchema.parse(
    z.object({ message: z.unknown() }).parse(await userResponse.json()).message,
  );
  const viewingMenu = filterMenu({
    user,
    permissionsState: 'loaded',
    isViewingAs: true,
    providerDomain: 'portico.example',
    partnerDomains: ['healnow.example', 'healnow-partners.example'],
  }).map((entry) => entry.title);
  const titles = await menuTitlesOf(page);
  expect(titles).toEqual(viewingMenu);
  expect(titles).not.toContain('Admin Reporting');

  // The server agrees: with the viewed client on the call, the admin is a user.
  const viewing = await page.request.get(`${adminOnlyCall}?${VIEW_AS_QUERY_PARAM}=${harborId}`);
  expect(viewing.status()).toBe(403);

  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText(`Viewing as ${harborName}`)).toBeHidden();
  expect(await menuTitlesOf(page)).toContain('Admin Reporting');
  expect(pageErrors).toEqual([]);
});

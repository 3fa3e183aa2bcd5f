import { deflateSync } from 'node:zlib';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { WhiteLabelText } from '@portico/contracts/branding/whitelabel';
import { TourText, tourSteps } from '@portico/contracts/tours/tours';
import { clientIdNamed } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { signInAs } from '../support/sign-in';

// A parent's white label set by staff on its account page and worn by its hierarchy's portal (the
// login page stays Portico's), and the first-visit tour: shown once, dismissed for good, restarted
// from the user block. Every change is undone at the end: the seeded state is HealNow's name and
// colour without a logo, and every demo account's tour seen.

// Three sign-ins in the first test, on a shared two-core machine.
test.setTimeout(240_000);

const admin = 'admin@portico.example';
const partner = 'partner@healnow.example';
const merchant = 'owner@copperkettle.example';
const healnowColor = '#1f6f68';

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

// A 200 x 50 PNG in the brand's colour with a white band, built here so the logo is a real image.
function brandPng(): Buffer {
  const width = 200;
  const height = 50;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const isBand = y > 20 && y < 30 && x > 20 && x < 180;
      row.set(isBand ? [255, 255, 255] : [0x1f, 0x6f, 0x68], 1 + x * 3);
    }
    rows.push(row);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function primaryFill(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );
}

async function signOut(page: Page) {
  await page.request.post('/logout');
  await page.context().clearCookies();
}

// Undone as admin through the session kept aside, so no further sign-in is needed.
async function removeHealnowLogo(page: Page, healnow: string, adminCookies: Cookies) {
  await page.context().clearCookies();
  await page.context().addCookies(adminCookies);
  const current = await page.request.get(`/api/whitelabel/${healnow}`);
  const body = await current.json();
  if (body.message?.logo_url) {
    expect((await page.request.delete(`/api/whitelabel/${healnow}/logo`)).ok()).toBe(true);
  }
  const restored = await page.request.put(`/api/whitelabel/${healnow}`, {
    data: { entity_name: 'HealNow', color: healnowColor },
  });
  expect(restored.ok()).toBe(true);
}

test("staff set a parent's white label; bad colour and logo are refused; the partner's portal wears it", async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, admin);
  const healnow = await clientIdNamed(page, 'HealNow Health Payments');
  const adminCookies = await page.context().cookies();
  try {
    await page.goto(`/app/account/${healnow}`);
    const section = page.getByRole('region', { name: WhiteLabelText.SectionTitle });
    // The account page's first load is slow on a loaded machine.
    await expect(section).toBeVisible({ timeout: 30_000 });
    await expect(section.getByRole('textbox', { name: WhiteLabelText.EntityNameLabel })).toHaveValue(
      'HealNow',
    );
    const colour = section.getByRole('textbox', { name: WhiteLabelText.ColorLabel });
    await expect(colour).toHaveValue(healnowColor);

    // A pale colour: the contrast message, and Save changes nothing.
    await colour.fill('#2a9d8f');
    await expect(section.getByText(/contrast of 3\.32:1 on white; it needs 4\.5:1/)).toBeVisible();
    await section.getByRole('button', { name: WhiteLabelText.Save }).click();
    const stored = await (await page.request.get(`/api/whitelabel/${healnow}`)).json();
    expect(stored.message.color).toBe(healnowColor);
    await colour.fill(healnowColor);

    // An SVG is refused before it leaves the browser, and by the server if it did.
    const upload = section.getByRole('button', { name: WhiteLabelText.UploadLogo });
    let chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(section.getByRole('alert')).toHaveText(WhiteLabelText.LogoWrongType);

    chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({ name: 'healnow.png', mimeType: 'image/png', buffer: brandPng() });
    await expect(page.getByText(WhiteLabelText.LogoSaved)).toBeVisible();
    await expect(section.getByRole('img', { name: 'HealNow logo' })).toBeVisible();

    // Staff keep Portico's look.
    expect(await primaryFill(page)).toBe('#f6951e');

    // The admin's session stays valid for the clean-up.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signInAs(page, partner);
    await expect(
      page.getByRole('link', { name: 'HealNow home' }).getByRole('img', { name: 'HealNow' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'HealNow logo' })).toBeVisible();
    expect(await primaryFill(page)).toBe(healnowColor);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: test.info().outputPath('branded-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('link', { name: 'HealNow home' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('branded-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The login page stays Portico's.
    await signOut(page);
    await page.goto('/app/login');
    await expect(page.getByRole('img', { name: 'Portico' }).first()).toBeVisible();
    expect(await primaryFill(page)).toBe('#f6951e');
  } finally {
    await removeHealnowLogo(page, healnow, adminCookies);
  }
  expect(pageErrors).toEqual([]);
});

test('the tour opens on the first visit, never again once dismissed, and again from the user block', async ({
  page,
}) => {
  const pageErrors = collectPageErrors(page);
  const steps = tourSteps.merchant;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, merchant);
  try {
    // A first visit, as a fresh account has it.
    expect((await page.request.put('/api/user/tour', { data: { tour: 'merchant', seen: false } })).ok()).toBe(
      true,
    );
    await page.goto('/app/home');
    const first = page.getByRole('dialog', { name: steps[0]?.title });
    await expect(first).toBeVisible();
    await expect(page.getByRole('heading', { name: steps[0]?.title })).toBeFocused();

    await page.getByRole('button', { name: TourText.Next }).click();
    await expect(page.getByRole('dialog', { name: steps[1]?.title })).toBeVisible();
    await expect(page.getByTestId('tour-highlight')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('tour-1440.png') });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: steps[1]?.title })).toHaveCount(0);

    // Dismissed: not on the next visit.
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveAttribute('aria-busy', 'false');
    await page.waitForTimeout(1000);
    await expect(page.getByRole('dialog', { name: steps[0]?.title })).toHaveCount(0);

    // Again from the user block, through to Done by keyboard.
    await page.getByRole('button', { name: TourText.Restart }).click();
    await expect(page.getByRole('dialog', { name: steps[0]?.title })).toBeVisible();
    for (let i = 1; i < steps.length; i += 1) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: steps[steps.length - 1]?.title })).toBeVisible();
    await page.getByRole('button', { name: TourText.Done }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // At phone width the menu's block opens it; steps whose target is hidden sit mid-screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: TourText.Restart }).click();
    await expect(page.getByRole('dialog', { name: steps[0]?.title })).toBeVisible();
    await page.getByRole('button', { name: TourText.Next }).click();
    // The menu's step: the menu has slid away, so the card sits mid-screen without a highlight.
    await expect(page.getByRole('dialog', { name: steps[1]?.title })).toBeVisible();
    await expect(page.getByTestId('tour-highlight')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('tour-390.png') });
    await page.getByRole('button', { name: TourText.Close }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });

    const user = await (await page.request.get('/api/user')).json();
    expect(user.message.tour).toEqual({ kind: 'merchant', starts_by_itself: false });
  } finally {
    await page.request.put('/api/user/tour', { data: { tour: 'merchant', seen: true } });
  }
  expect(pageErrors).toEqual([]);
});

import { describe, expect, it } from 'vitest';
import { adminMenuLink } from '../../../support/e2e/admin-menu';
import { signInOnLoginPage } from '../../../support/e2e/admin-form';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../../../support/e2e/axe';
import { DESKTOP, PHONE, screenshot } from '../../../support/e2e/browser';
import { jpegWithGps } from '../../../support/photo-images';
import { useApp } from '../../../support/e2e/use-app';
import { countOf, visibleOf } from '../../../support/e2e/eventually';

const CAPTION = 'Dinghies rounding the top mark';
const CREDIT = 'Mary Anning';

/** What the Home page shows in the photo panel: the image the browser chose and loaded, if any. */
async function shownPhoto(p: Page) {
  const image = p.getByRole('img', { name: CAPTION });
  await image.waitFor();
  // Loaded: a decoded picture has a natural width.
  await p.waitForFunction((alt) => {
    const img = [...document.querySelectorAll('img')].find((i) => i.alt === alt);
    return img !== undefined && img.complete && img.naturalWidth > 0;
  }, CAPTION);
  return image.evaluate((img: HTMLImageElement) => ({
    currentSrc: new URL(img.currentSrc).pathname,
    naturalWidth: img.naturalWidth,
    widthAttribute: img.getAttribute('width'),
    heightAttribute: img.getAttribute('height'),
    renderedWidth: img.getBoundingClientRect().width,
    sources: [...(img.parentElement?.querySelectorAll('source') ?? [])].map((s) => s.type),
  }));
}

const world = useApp();

describe('the admin Photos screen and the Home panel', () => {
  it('uploads a photo at 375 px; Home shows a real copy of it at 375 and 1280 px; hidden, it is gone', async () => {
    const admin = await world.browser.newPage(PHONE);
    await signInOnLoginPage(admin);
    await (await adminMenuLink(admin, 'Photos')).click();
    await admin.getByRole('heading', { level: 1, name: 'Photos' }).waitFor();
    await admin.getByText('No photos yet.').waitFor();
    await expectAccessible(admin, 'admin-photos-empty-375');

    // Before any photo: the drawn pictures.
    const home = await world.browser.newPage(DESKTOP);
    await home.goto('/');
    await home.getByRole('img', { name: /^Illustration:/ }).waitFor();

    // A file that is not a photo, named as one: the server reads the bytes and refuses it.
    await admin.locator('#adm-photo-file').setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7 not really a photo') });
    await admin.getByLabel('Caption').fill(CAPTION);
    await admin.getByRole('button', { name: 'Upload Photo' }).click();
    await admin.getByText('This file is not a photo the server can read: send a JPEG, PNG or WebP file.').waitFor();
    await expectAccessible(admin, 'admin-photos-refused-375');
    expect(await world.app.built.ports.get('photos').list()).toEqual([]);

    // A camera photo, turned by its EXIF orientation and carrying a GPS position.
    await admin
      .locator('#adm-photo-file')
      .setInputFiles({ name: 'race.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps({ width: 2400, height: 1800 }) });
    await admin.getByLabel('Credit').fill(CREDIT);
    await admin.getByRole('button', { name: 'Upload Photo' }).click();
    await admin.getByText(`"${CAPTION}" uploaded.`).waitFor();
    const item = admin.getByRole('listitem').filter({ hasText: CAPTION });
    await item.getByText('Shown', { exact: true }).waitFor();
    await visibleOf(item.getByText(`Credit: ${CREDIT}.`)).toBe(true);
    // The form is ready for the next photo once the list has been read again: checked as it then is.
    await admin.getByRole('button', { name: 'Upload Photo', disabled: false }).waitFor();
    await expectAccessible(admin, 'admin-photos-uploaded-375');

    const listed = (await (await fetch(`${world.app.baseUrl}/api/photos`)).json()) as {
      photos: { variants: { url: string; width: number; format: string }[] }[];
    };
    const urls = listed.photos[0].variants.map((v) => v.url);
    expect(urls).toHaveLength(12);

    for (const [size, viewport] of [
      ['1280', DESKTOP],
      ['375', PHONE],
    ] as const) {
      const page = await world.browser.newPage(viewport);
      await page.goto('/');
      const shown = await shownPhoto(page);
      // The browser chose one of the server's copies (the best format it reads: AVIF in Chromium), sized to the panel.
      expect(urls).toContain(shown.currentSrc);
      expect(shown.currentSrc).toMatch(/\.avif$/);
      expect(shown.sources).toEqual(['image/avif', 'image/webp']);
      expect(shown.naturalWidth).toBeGreaterThan(0);
      expect(shown.naturalWidth).toBeGreaterThanOrEqual(Math.min(shown.renderedWidth, 1280) - 1);
      if (size === '375') expect(shown.naturalWidth).toBeLessThanOrEqual(640);
      // Its size is known before it loads, so nothing below it moves.
      expect([shown.widthAttribute, shown.heightAttribute]).toEqual(['1280', '960']);
      await page.getByText(`Photo: ${CREDIT}`, { exact: true }).waitFor();
      await countOf(page.getByRole('img', { name: /^Illustration:/ })).toBe(0);
      await expectAccessible(page, `home-photo-${size}`);
      await page.close();
    }

    await item.getByRole('button', { name: `Hide "${CAPTION}"` }).click();
    await item.getByText('Hidden', { exact: true }).waitFor();
    await home.goto('/');
    await home.getByRole('img', { name: /^Illustration:/ }).waitFor();
    await countOf(home.getByRole('img', { name: CAPTION })).toBe(0);
    await screenshot(home, 'home-photo-hidden-1280');
    await home.close();
    await admin.close();
    // The browser logs the refused upload (415) and the sign-in page's session check (401); nothing else went wrong.
    expect(world.browser.errors.filter((e) => !/Failed to load resource: the server responded with a status of (401|415)/.test(e))).toEqual([]);
  });

  it('shows an error with Try Again when the photos cannot be loaded', async () => {
    // Signed in already (the browser keeps the first test's session cookie).
    const admin = await world.browser.newPage(PHONE);
    await admin.route('**/api/admin/photos', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Down' }) }),
    );
    await admin.goto('/admin/photos');
    await admin.getByText('Failed to load the photos').waitFor();
    await expectAccessible(admin, 'admin-photos-error-375');
    await admin.unroute('**/api/admin/photos');
    await admin.getByRole('button', { name: 'Try Again' }).click();
    await admin.getByRole('heading', { name: 'The Rotation' }).waitFor();
    await admin.getByRole('listitem').filter({ hasText: CAPTION }).waitFor();
    await admin.close();
  });
});

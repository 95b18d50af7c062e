import type { Locator, Page } from 'playwright-core';

/**
 * A screen's link in the admin menu, ready to click: on a phone the menu is folded behind its
 * Menu button (admin-layout.tsx), which is pressed first; on wider screens the menu is open.
 */
export async function adminMenuLink(page: Page, name: string): Promise<Locator> {
  const banner = page.getByRole('banner');
  // The panel's header is drawn (Sign Out is in it at every width).
  await banner.getByRole('button', { name: 'Sign Out' }).waitFor();
  const button = banner.getByRole('button', { name: 'Menu' });
  if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });
}

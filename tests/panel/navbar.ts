/**
 * The panel's navbar as a content manager uses it (client/admin/layout/nav-items.ts): the spec's
 * sections shown directly, our tools in menus, and everything behind one 'Menu' button on narrow
 * screens. `navbarLink` makes a link visible the way a person would and hands it back.
 */
import type { Locator, Page } from 'playwright-core';

export const adminNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Admin' });

/**
 * The navbar's link named `label`, made visible: shown directly, or after opening the folded
 * navbar's 'Menu' (narrow screens), or the one menu that holds it (wide screens).
 */
export async function navbarLink(page: Page, label: string): Promise<Locator> {
  const nav = adminNav(page);
  const named = { name: label, exact: true, includeHidden: true };
  const link = nav.getByRole('link', named);
  if (await link.isVisible()) return link;
  const toggle = nav.locator('summary.panel-nav-toggle');
  if (await toggle.isVisible()) await toggle.click();
  if (!(await link.isVisible())) {
    // The inner locator is matched inside each menu: it must not start from the navbar.
    const menu = nav.locator('details.panel-menu').filter({ has: page.getByRole('link', named) });
    await menu.locator('summary').click();
  }
  await link.waitFor({ state: 'visible' });
  return link;
}

/** Follows the navbar's link named `label` (opening its menu first where it is in one). */
export async function followNavbarLink(page: Page, label: string): Promise<void> {
  await (await navbarLink(page, label)).click();
}

import type { Locator, Page } from 'playwright-core';
import { messages } from '../../src/domain/messages';

/**
 * The main menu's link to a page, its submenu opened first when the menu is grouped (the default
 * layout folds the staff's entries into Dépôt, Affectation and Réglages: src/web/layout).
 */
export async function menuEntry(page: Page, label: string): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: messages.menuPrincipal });
  await nav.waitFor();
  // The submenu holding the link (hidden while closed, so found by its text, not its role).
  const index = await nav.evaluate(
    (el, text) =>
      Array.from(el.querySelectorAll('li.menu-group')).findIndex((g) =>
        Array.from(g.querySelectorAll('a')).some((a) => a.textContent?.trim() === text),
      ),
    label,
  );
  if (index >= 0) {
    const button = nav.locator('li.menu-group').nth(index).locator('> button');
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }
  return nav.getByRole('link', { name: label, exact: true });
}

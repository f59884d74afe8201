import { devices, expect, type Page, test } from '@playwright/test';

/**
 * The header's category menu on a phone is a native popover (Header.astro): Escape closes it
 * and puts focus back on its button, a tap outside closes it, and the button tells assistive
 * technology whether the menu is open, in both languages and with no script of ours.
 */

const { defaultBrowserType: _, ...pixel7 } = devices['Pixel 7'];

const words = {
  en: { path: '/', menu: 'Menu', navigation: 'Main navigation', first: 'Trees' },
  fr: { path: '/fr', menu: 'Menu', navigation: 'Navigation principale', first: 'Arbres' },
} as const;

/** The expanded state Chromium gives a button (Playwright reads only an aria-expanded attribute). */
async function expandedState(page: Page, selector: string): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `document.querySelector(${JSON.stringify(selector)})`,
    });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      objectId: result.objectId,
      fetchRelatives: false,
    });
    return nodes[0]?.properties?.find((property) => property.name === 'expanded')?.value.value;
  } finally {
    await cdp.detach();
  }
}

test.describe('phone category menu', () => {
  test.use(pixel7);

  for (const locale of ['en', 'fr'] as const) {
    const w = words[locale];

    test(`Escape closes it and focus goes back to its button; a tap outside closes it (${locale})`, async ({
      page,
    }) => {
      await page.goto(w.path);
      const button = page.getByRole('button', { name: w.menu, exact: true });
      const menu = page.getByRole('navigation', { name: w.navigation });
      await expect(menu).toBeHidden();

      expect(await expandedState(page, '.menu-toggle')).toBe(false);
      await button.click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link')).toHaveCount(10);
      expect(await expandedState(page, '.menu-toggle')).toBe(true);
      // Into the menu, then Escape: closed, and the button has the focus again.
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', { name: w.first, exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      expect(await expandedState(page, '.menu-toggle')).toBe(false);

      // Open again, then a tap on the page below the menu (no link there).
      await button.click();
      await expect(menu).toBeVisible();
      const box = await menu.boundingBox();
      const viewport = page.viewportSize();
      if (!box || !viewport) throw new Error('the open menu or the viewport has no size');
      const outside = { x: 4, y: Math.min(box.y + box.height + 12, viewport.height - 4) };
      expect(outside.y, 'room below the open menu for a tap').toBeGreaterThan(box.y + box.height);
      await page.touchscreen.tap(outside.x, outside.y);
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${w.path === '/' ? '' : w.path}/?$`));
    });
  }
});

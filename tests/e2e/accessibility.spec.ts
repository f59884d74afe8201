import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// WCAG 2.1 AA checks on the shell's pages in both languages, in both colour modes.
const pages = ['/', '/fr', '/no-such-page', '/fr/page-inexistante'];

for (const path of pages) {
  for (const mode of ['light', 'dark'] as const) {
    test(`${path} has no WCAG A/AA violations in ${mode} mode @phone`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('nursery:colour-mode', value), mode);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels every page is checked against. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * WCAG 2.5.3 (label in name): a control's visible words start its accessible name, so a
 * speech-input user saying "click OPF" (or a test looking for it by name) finds it. axe ships
 * the rule as experimental, off unless named (issue 24).
 */
const EXPERIMENTAL_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** The WCAG 2.1 A/AA violations axe finds on the page, one line each (none is the goal). */
export async function violations(page: Page): Promise<string[]> {
  // `options` first: withTags adds to the options it sets.
  const results = await new AxeBuilder({ page }).options({ rules: EXPERIMENTAL_RULES }).withTags(TAGS).analyze();
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
  expect(ran.map((rule) => rule.id)).toContain('label-content-name-mismatch');
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.help}`,
  );
}

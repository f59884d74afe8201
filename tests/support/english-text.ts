import type { Page } from '@playwright/test';
import { resources } from '../../src/lib/i18n/index.ts';

type Tree = { [key: string]: string | Tree };

function strings(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : strings(value, `${prefix}${key}.`),
  );
}

/**
 * English interface text that a French page must not show: every string of the given
 * namespaces whose French differs, cut at its placeholders, keeping pieces long enough to
 * be unmistakably English (and not said by any French string too).
 */
export function englishPhrases(namespaces: (keyof typeof resources.en)[]): string[] {
  // A phrase some French string also says is not English (« Français », the name of a language).
  const french = Object.values(resources.fr).flatMap((tree) => strings(tree as Tree).map(([, value]) => value));
  const phrases = new Set<string>();
  for (const ns of namespaces) {
    const fr = new Map(strings(resources.fr[ns] as Tree));
    for (const [key, en] of strings(resources.en[ns] as Tree)) {
      if (fr.get(key) === en) continue;
      for (const piece of en.split(/\{\{[^}]+\}\}/)) {
        const text = piece.trim();
        if (text.length >= 8 && /[a-z]{3}/i.test(text) && !french.some((value) => value.includes(text))) {
          phrases.add(text);
        }
      }
    }
  }
  return [...phrases];
}

/** The English phrases found in the page's visible text (none, on a good French page). */
export async function englishOn(page: Page, namespaces: (keyof typeof resources.en)[]): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the visible text, which is the point.
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  return englishPhrases(namespaces).filter((phrase) => text.includes(phrase));
}

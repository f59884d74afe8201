/**
 * Browser-safe language helpers: no translation resources, no i18next, no schema library, so
 * islands and page scripts format money and dates and fill in their strings with these alone
 * (the server's `index.ts` re-exports them).
 */

/** The Intl locale of each language. */
export const INTL_LOCALE = { en: 'en-CA', fr: 'fr-CA' } as const;
export type IntlLocale = (typeof INTL_LOCALE)[keyof typeof INTL_LOCALE];

/** The Intl (and `lang`) locale of a language: `fr-CA` for French, else `en-CA`. */
export function intlLocale(locale: string): IntlLocale {
  return locale === 'fr' ? INTL_LOCALE.fr : INTL_LOCALE.en;
}

/**
 * A string carried to the browser with its `{{name}}` placeholders filled in, as i18next
 * would; a placeholder without a value stays as it is. A value that ends a sentence with its
 * own period (« Rideau Landscape Design Inc. ») takes the template's period: never « Inc.. ».
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}(\.(?!\.))?/g, (match, key: string, period: string | undefined) => {
    if (!Object.hasOwn(values, key)) return match;
    const value = String(values[key]);
    return period && /[.…]$/.test(value) ? value : value + (period ?? '');
  });
}

/** i18next's last step: a period doubled by an interpolated value ending with one becomes one. */
export function collapseDoublePeriod(text: string): string {
  return text.replace(/(?<!\.)\.\.(?!\.)/g, '.').replace(/…\.(?!\.)/g, '…');
}

/** A plural message for islands, which carry strings but not i18next: `{ one, other }` by Intl rules. */
export function plural(forms: { one: string; other: string }, count: number, locale: 'en' | 'fr'): string {
  const rule = new Intl.PluralRules(intlLocale(locale)).select(count);
  return fill(rule === 'one' ? forms.one : forms.other, { count });
}

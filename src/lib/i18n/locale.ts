/**
 * Browser-safe language helpers: no translation resources, no i18next, no schema library, so
 * islands and page scripts format money and dates and fill in their strings with these alone
 * (the server's `index.ts` re-exports them).
 */

/** The Intl locale of each language, also its tag in hreflang, `lang` and JSON-LD's inLanguage. */
export const INTL_LOCALE = { en: 'en-CA', fr: 'fr-CA' } as const;
export type IntlLocale = (typeof INTL_LOCALE)[keyof typeof INTL_LOCALE];

/** The Intl (and `lang`) locale of a language: `fr-CA` for French, else `en-CA`. */
export function intlLocale(locale: string): IntlLocale {
  return locale === 'fr' ? INTL_LOCALE.fr : INTL_LOCALE.en;
}

/** A word beginning with a vowel sound takes « d' » rather than « de » (h and y vary: left as written). */
const ELIDES = /^[aàâäeéèêëiîïoôöuùûüœæ]/i;

/**
 * A string carried to the browser with its `{{name}}` placeholders filled in, as i18next
 * would; a placeholder without a value stays as it is. A value that ends a sentence with its
 * own period (« Rideau Landscape Design Inc. ») takes the template's period: never « Inc.. ».
 * French elision where a template writes « de {{name}} »: « Quantité d'Érable à sucre ».
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(
    /((?<![\p{L}])[Dd]e )?\{\{(\w+)\}\}(\.(?!\.))?/gu,
    (match, de: string | undefined, key: string, period: string | undefined) => {
      if (!Object.hasOwn(values, key)) return match;
      const value = String(values[key]);
      const before = de && ELIDES.test(value) ? `${de[0]}'` : (de ?? '');
      return before + (period && /[.…]$/.test(value) ? value : value + (period ?? ''));
    },
  );
}

/**
 * The same elision for i18next, which has filled the values in already: « de » right before
 * one of them becomes « d' » when the value begins with a vowel. Only before values: the
 * message's own words are written as they should be (« de A à Z » stays).
 */
export function elideBeforeValues(text: string, values: Record<string, unknown>): string {
  let result = text;
  for (const value of Object.values(values)) {
    if (typeof value !== 'string' || !ELIDES.test(value)) continue;
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    result = result.replace(new RegExp(`(?<![\\p{L}])([Dd])e ${escaped}`, 'gu'), `$1'${value.replaceAll('$', '$$$$')}`);
  }
  return result;
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

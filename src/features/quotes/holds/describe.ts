import type { HoldReleaseReason } from '../../../lib/db/schema.ts';
import { formatNumber } from '../../../lib/format.ts';
import { getT, type Locale } from '../../../lib/i18n/index.ts';
import { typography } from '../../../lib/i18n/typography.ts';
import type { HoldState, Shortage } from './holds.ts';

/** Holds in words, in the desk's language (decision 054). */

interface YardName {
  nameEn: string;
  nameFr: string;
}

const yardName = (yard: YardName, locale: Locale) => typography(locale === 'fr' ? yard.nameFr : yard.nameEn, locale);

/** "Held at {yard}: {n}" / « Réservé au {yard} : {n} » (a yard is « Centre de vente de … »), or how the hold ended. */
export function holdText(
  hold: { yard: YardName; quantity: number; state: HoldState; reason: HoldReleaseReason | null },
  locale: Locale,
): string {
  const h = getT(locale, 'holds');
  const values = { yard: yardName(hold.yard, locale), quantity: formatNumber(hold.quantity, locale) };
  if (hold.state !== 'released') return h(hold.state, values);
  return h('released', { ...values, reason: h(`reason.${hold.reason ?? 'superseded'}`) });
}

/** The desk's message when the yard cannot cover a version: every short SKU with what is free. */
export function shortageText(yard: YardName, shortages: readonly Shortage[], locale: Locale): string {
  const h = getT(locale, 'holds');
  const lines = shortages.map((entry) =>
    h('shortLine', {
      sku: entry.sku,
      line: entry.lines.join(', '),
      count: entry.available,
      wanted: formatNumber(entry.wanted, locale),
    }),
  );
  return h('short', { yard: yardName(yard, locale), lines: lines.join(h('shortSeparator')) });
}

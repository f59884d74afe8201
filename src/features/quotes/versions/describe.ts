import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { getT, type Locale } from '../../../lib/i18n/index.ts';
import { sizeText } from '../../../lib/size.ts';
import type { Alternative, OfferedItem, RequestedLine, VersionChange, VersionLine } from './versions.ts';

/** A version's changes and offers in words, in the reader's language (pages and e-mails alike). */

export function itemName(item: Pick<OfferedItem, 'nameEn' | 'nameFr'>, locale: Locale): string {
  return locale === 'fr' ? item.nameFr : item.nameEn;
}

export function itemSize(item: Pick<OfferedItem, 'size' | 'sizeLabel'>, locale: Locale): string {
  return sizeText(item.size, item.sizeLabel, locale);
}

/** A line of the request that a version does not offer: « Ligne 3 : 15 × Thuya occidental 'Smaragd' (100 cm de hauteur, EVG-1019-H100) ». */
export function notOfferedText(item: Omit<RequestedLine, 'unitPriceCents'>, locale: Locale): string {
  return getT(locale, 'negotiation')('notOffered.line', {
    line: item.line,
    quantity: formatNumber(item.quantity, locale),
    name: itemName(item, locale),
    size: itemSize(item, locale),
    sku: item.sku,
  });
}

export function changeText(change: VersionChange, locale: Locale): string {
  const n = getT(locale, 'negotiation');
  const money = (cents: number) => formatMoney(cents, locale);
  switch (change.kind) {
    case 'added':
      return n('changes.added', {
        line: change.line,
        sku: change.sku,
        quantity: formatNumber(change.quantity, locale),
        price: money(change.unitPriceCents),
      });
    case 'removed':
      return n('changes.removed', { line: change.line, sku: change.sku });
    case 'substituted':
      return n('changes.substituted', {
        line: change.line,
        from: change.fromSku,
        to: change.toSku,
        fromPrice: money(change.fromCents),
        toPrice: money(change.toCents),
      });
    case 'quantity':
      return n('changes.quantity', {
        line: change.line,
        sku: change.sku,
        from: formatNumber(change.from, locale),
        to: formatNumber(change.to, locale),
      });
    case 'price':
      return n('changes.price', {
        line: change.line,
        sku: change.sku,
        from: money(change.fromCents),
        to: money(change.toCents),
      });
  }
}

export function alternativeText(alternative: Alternative, locale: Locale): string {
  const n = getT(locale, 'negotiation');
  const offer = n('alternative', {
    position: alternative.position,
    name: itemName(alternative, locale),
    size: itemSize(alternative, locale),
    sku: alternative.sku,
    price: formatMoney(alternative.unitPriceCents, locale),
  });
  return alternative.reason ? `${offer} — ${n('reason', { reason: alternative.reason })}` : offer;
}

/** The customer's answer on a line, in words. */
export function lineAnswerText(line: Pick<VersionLine, 'answer' | 'chosenAlternative'>, locale: Locale): string {
  const n = getT(locale, 'negotiation');
  if (line.answer === 'alternative') return n('lineAnswer.alternative', { position: line.chosenAlternative });
  return n(`lineAnswer.${line.answer ?? 'none'}`);
}

/** How many lines an answer took and refused, in words: « 1 ligne retenue », « 2 refusées ». */
export function answerCountsText(
  lines: readonly Pick<VersionLine, 'answer'>[],
  locale: Locale,
): { taken: string; refused: string } {
  const n = getT(locale, 'negotiation');
  return {
    taken: n('linesTaken', {
      count: lines.filter((line) => line.answer === 'accept' || line.answer === 'alternative').length,
    }),
    refused: n('linesRefused', { count: lines.filter((line) => line.answer === 'refuse').length }),
  };
}

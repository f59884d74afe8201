import { escapeHtml } from '../../lib/html.ts';
import { fill, intlLocale } from '../../lib/i18n/locale.ts';
import {
  type BrowseFacets,
  type BrowseItem,
  type BrowseState,
  browseQuery,
  type PageSlice,
  pageLinks,
} from './browse.ts';
import { type CardContext, renderProductCard } from './product-card.ts';

/**
 * The parts of a browse page that change with the shopper's choices, as HTML strings: the
 * static build renders the first state with them, the page's script every later one.
 */
export interface BrowseViewStrings {
  results_one: string;
  results_other: string;
  showing: string;
  pagination: string;
  previous: string;
  next: string;
  activeFilters_one: string;
  activeFilters_other: string;
}

/** Everything the page's script reads from the page: embedded once as JSON. */
export interface BrowsePayload {
  locale: 'en' | 'fr';
  items: BrowseItem[];
  facets: BrowseFacets;
  /** The page in the other language and its facets: the language switch keeps the filters (issue 12.3). */
  other: { href: string; facets: BrowseFacets };
  card: Omit<CardContext, 'money'>;
  strings: BrowseViewStrings;
}

const plurals = new Map<string, Intl.PluralRules>();
function plural(locale: string, count: number, one: string, other: string): string {
  let rules = plurals.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(intlLocale(locale));
    plurals.set(locale, rules);
  }
  return fill(rules.select(count) === 'one' ? one : other, { count });
}

export function resultCountText(locale: string, strings: BrowseViewStrings, total: number): string {
  return plural(locale, total, strings.results_one, strings.results_other);
}

export function activeFiltersText(locale: string, strings: BrowseViewStrings, count: number): string {
  return plural(locale, count, strings.activeFilters_one, strings.activeFilters_other);
}

export function showingText(strings: BrowseViewStrings, slice: PageSlice<unknown>): string {
  return fill(strings.showing, { from: slice.from, to: slice.to, total: slice.total });
}

export function renderCards(items: readonly BrowseItem[], context: CardContext): string {
  return items.map((item, index) => renderProductCard(item, context, index)).join('');
}

/**
 * Page links that work as plain links too (`?page=3` keeps the other choices), with the
 * current page marked for assistive technology.
 */
export function renderPagination(
  slice: PageSlice<unknown>,
  state: BrowseState,
  facets: BrowseFacets,
  strings: BrowseViewStrings,
): string {
  if (slice.pageCount <= 1) return '';
  const href = (page: number) => {
    const query = browseQuery({ ...state, page }, facets);
    return query ? `?${query}` : '?';
  };
  // A link is named by its visible words alone (label in name): "2", "Next"; the navigation's
  // own name ("Pages") says what the numbers are.
  const link = (page: number, text: string, className: string) =>
    `<a class="${className}" href="${escapeHtml(href(page))}" data-page="${page}">${escapeHtml(text)}</a>`;
  const items: string[] = [];
  items.push(
    slice.page > 1
      ? `<li>${link(slice.page - 1, strings.previous, 'page-link page-link--step')}</li>`
      : `<li><span class="page-link page-link--step" aria-disabled="true">${escapeHtml(strings.previous)}</span></li>`,
  );
  for (const page of pageLinks(slice.page, slice.pageCount)) {
    if (page === null) items.push('<li class="page-gap" aria-hidden="true">…</li>');
    else if (page === slice.page)
      items.push(`<li><span class="page-link is-current" aria-current="page">${page}</span></li>`);
    else items.push(`<li>${link(page, String(page), 'page-link')}</li>`);
  }
  items.push(
    slice.page < slice.pageCount
      ? `<li>${link(slice.page + 1, strings.next, 'page-link page-link--step')}</li>`
      : `<li><span class="page-link page-link--step" aria-disabled="true">${escapeHtml(strings.next)}</span></li>`,
  );
  return `<ul>${items.join('')}</ul>`;
}

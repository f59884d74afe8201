import { type Kysely, type RawBuilder, sql } from 'kysely';
import { freeStockOf } from '../../lib/db/free-stock.ts';
import type { Database } from '../../lib/db/schema.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { productHref, stockLabel } from '../catalog/catalog.ts';
import { pictureSources } from '../catalog/picture.ts';
import { IMAGE_WIDTHS } from '../media/media.ts';
import {
  codeQuery,
  matchOf,
  pageCount,
  type RankSignals,
  type SearchHit,
  type SearchInput,
  type SearchResults,
  synonymQuery,
} from './search.ts';

/**
 * Catalog search, the same SQL on PostgreSQL and PGlite. A query goes through up to three
 * passes and stops at the first that finds anything (docs/decisions/005-search.md):
 *
 * 1. codes: a query shaped like a product code or SKU ("TRE-1001", "shr-1001-c3", "BRD-10")
 *    matches codes and variant SKUs, exactly or as a prefix;
 * 2. words: full-text search in the page's language (`search_en` / `search_fr`: names and
 *    botanical name weighted A, description C, accents removed), whole words of every name
 *    in any language (`search_words`: "erable" in an English search), and the products of
 *    categories the query names ("roses");
 * 3. similar: pg_trgm word similarity over every name (`search_names`), for typos
 *    ("hydrangia", "boxwod"). Only when nothing matched word for word: a trigram recheck is
 *    the costly part of a search, and exact words beat near misses anyway.
 *
 * Each pass is one statement: candidates from index scans only, ranked by the keys of
 * `compareSearchHits`, the page cut out, the total counted, prices and stock joined for
 * the page alone. When all three find nothing, close names are offered instead.
 */

const CONFIG: Record<Locale, string> = { en: 'english', fr: 'french' };
const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** pg_trgm's default word-similarity threshold, set explicitly so results do not depend on the server's. */
export const SIMILAR_THRESHOLD = 0.6;
const SUGGESTION_THRESHOLD = 0.3;
const SUGGESTION_COUNT = 3;

interface Row {
  total: number;
  low_stock_threshold: number | null;
  id: number | null;
  code: string;
  name: string;
  botanical_name: string;
  slug_en: string;
  slug_fr: string;
  category_path: string | null;
  flower_colour: string | null;
  foliage_colour: string | null;
  from_price_cents: number | null;
  stock_total: number;
  sku: string | null;
  sku_price_cents: number | null;
  sku_stock_total: number | null;
  exact_code: boolean;
  exact_sku: boolean;
  code_prefix: boolean;
  name_exact: boolean;
  name_hit: boolean;
  category_hit: boolean;
  text_hit: boolean;
  score: number;
  sort_name: string;
}

export type SearchPass = 'codes' | 'words' | 'similar';

export interface SearchOptions {
  locale: Locale;
  /** The price the shopper pays: the "from" price of each hit is its lowest (list by default). */
  priceKind?: 'list' | 'trade';
}

export type SearchOutcome = SearchResults & {
  /** The ranking keys of each hit, in order (for tests and benchmarks). */
  signals: RankSignals[];
  /** The pass that found the results, if any did. */
  pass: SearchPass | null;
};

export async function searchProducts(
  db: Kysely<Database>,
  input: SearchInput,
  { locale, priceKind = 'list' }: SearchOptions,
): Promise<SearchOutcome> {
  const { q, page, size } = input;
  const empty = { query: q, page, size, total: 0, pageCount: 1, hits: [], suggestions: [], signals: [] };
  if (!q) return { ...empty, pass: null };

  const passes: SearchPass[] = codeQuery(q) ? ['codes', 'words', 'similar'] : ['words', 'similar'];
  return db.transaction().execute(async (trx) => {
    const terms = await prepareSearch(trx, q, locale);
    for (const pass of passes) {
      const { rows } = await searchStatement(pass, terms, page, size, locale, priceKind).execute(trx);
      if ((rows[0]?.total ?? 0) > 0) {
        const results = toResults(rows, input, locale);
        return { ...results, hits: await withPictures(trx, results.hits, locale), pass };
      }
    }
    return { ...empty, suggestions: await suggestNames(trx, terms, locale), pass: null };
  });
}

/** The query in the forms the statements use, made once per search. */
export interface SearchTerms {
  q: string;
  /** Lower case, accents removed: what names and trigrams are compared with. */
  norm: string;
  /** The full-text query (language configuration or'ed with `simple`), as tsquery text. */
  tsq: string;
  /** Whole words, as typed but folded (`simple`), as tsquery text. */
  words: string;
}

/**
 * Sets the search transaction's planner settings and turns the query into its search
 * terms, in one round trip. Doing the text-search parsing here, once, and passing its
 * result as tsquery literals keeps each pass's planning cheap: the embedded PGlite spent
 * more time folding the same websearch_to_tsquery() calls than running the search.
 *
 * random_page_cost 1.1: the catalog stays in memory, where a random page costs what a
 * sequential one does; with PostgreSQL's default (4.0, for spinning disks) the planner reads
 * every product instead of a GIN index as soon as a word is common ("rose", "shade"). 1.1
 * is the usual setting for SSDs and Supabase's default. Both settings end with the transaction.
 */
async function prepareSearch(trx: Kysely<Database>, q: string, locale: Locale): Promise<SearchTerms> {
  // A query naming a plant by an everyday name ("hortensia") is searched as typed or'ed with
  // the catalogue's word for it ("hydrangee"); the near-miss pass keeps the words as typed.
  const synonym = synonymQuery(q);
  const textQuery = (text: string) =>
    sql`(websearch_to_tsquery(${CONFIG[locale]}::regconfig, public.immutable_unaccent(${text}))
        || websearch_to_tsquery('simple'::regconfig, public.immutable_unaccent(${text})))`;
  const wordQuery = (text: string) =>
    sql`websearch_to_tsquery('simple'::regconfig, lower(public.immutable_unaccent(${text})))`;
  const { rows } = await sql<Omit<SearchTerms, 'q'>>`
    select
      set_config('random_page_cost', '1.1', true) as _cost,
      set_config('pg_trgm.word_similarity_threshold', ${String(SIMILAR_THRESHOLD)}, true) as _threshold,
      lower(public.immutable_unaccent(${q})) as norm,
      (${textQuery(q)}${synonym === undefined ? sql`` : sql` || ${textQuery(synonym)}`})::text as tsq,
      (${wordQuery(q)}${synonym === undefined ? sql`` : sql` || ${wordQuery(synonym)}`})::text as words
  `.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('The database returned no search terms');
  return { q, norm: row.norm, tsq: row.tsq, words: row.words };
}

/** One pass of a search as a single statement: candidates, ranking, the page and the total. */
export function searchStatement(
  pass: SearchPass,
  terms: SearchTerms,
  page: number,
  size: number,
  locale: Locale,
  priceKind: 'list' | 'trade' = 'list',
): RawBuilder<Row> {
  const code = codeQuery(terms.q);
  const ranked =
    pass === 'codes'
      ? rankedByCode(code ?? terms.q, locale)
      : pass === 'words'
        ? rankedByWords(terms, locale)
        : rankedBySimilarity(terms, locale);
  const offset = (page - 1) * size;
  const name = sql.ref(`p.name_${locale}`);
  // The SKU shown on a card: the one the query named, when it named one.
  const skuOfPage = code
    ? sql`(select v.sku from public.variants v
          where v.product_id = page.id and v.is_active and v.sku like ${`${code}%`}
          order by v.sku = ${code} desc, v.sort_order, v.id limit 1)`
    : sql`null::text`;
  // The size the query named exactly (a SKU off an invoice): its own price and stock, not the
  // product's lowest price and total stock, which are another size's.
  const namedSize = (column: RawBuilder<unknown>) =>
    code
      ? sql`(select ${column} from public.variants v
            where v.product_id = page.id and v.is_active and v.sku = ${code} limit 1)`
      : sql`null::int`;
  const skuPrice = namedSize(sql`${sql.ref(`v.${priceKind}_price_cents`)}::int`);
  const skuStock = namedSize(
    sql`(select coalesce(sum(${freeStockOf('s')}), 0)::int from public.stock_levels s where s.variant_id = v.id)`,
  );
  return sql<Row>`
    with ranked as (${ranked}),
    page as (
      select * from ranked
      order by exact_code desc, exact_sku desc, code_prefix desc, name_exact desc, name_hit desc,
        category_hit desc, text_hit desc, score desc, sort_name collate "C", id
      limit ${size} offset ${offset}
    )
    select
      (select count(*) from ranked)::int as total,
      (select (value #>> '{}')::int from public.app_settings where key = 'low_stock_threshold') as low_stock_threshold,
      page.id, page.exact_code, page.exact_sku, page.code_prefix, page.name_exact, page.name_hit,
      page.category_hit, page.text_hit, page.score, page.sort_name,
      p.code, ${name} as name, p.botanical_name, p.slug_en, p.slug_fr,
      p.flower_colour_en as flower_colour, p.foliage_colour_en as foliage_colour,
      (select c.path_en from public.categories c where c.id = p.category_id) as category_path,
      (select min(${sql.ref(`v.${priceKind}_price_cents`)})::int from public.variants v
        where v.product_id = page.id and v.is_active) as from_price_cents,
      (select coalesce(sum(${freeStockOf('s')}), 0)::int from public.variants v
        join public.stock_levels s on s.variant_id = v.id
        where v.product_id = page.id and v.is_active) as stock_total,
      ${skuOfPage} as sku,
      ${skuPrice} as sku_price_cents,
      ${skuStock} as sku_stock_total
    from (select 1) one
    left join page on true
    left join public.products p on p.id = page.id
    order by page.exact_code desc, page.exact_sku desc, page.code_prefix desc, page.name_exact desc,
      page.name_hit desc, page.category_hit desc, page.text_hit desc, page.score desc,
      page.sort_name collate "C", page.id
  `;
}

/** Pass 1: product codes and SKUs, exact or as a prefix (btree pattern indexes). */
function rankedByCode(code: string, locale: Locale) {
  const prefix = `${code}%`;
  const sortName = sql.ref(`p.name_key_${locale}`);
  return sql`
    with candidates as (
      select id from public.products where code like ${prefix}
      union
      select product_id from public.variants where sku like ${prefix} and is_active
    )
    select
      p.id,
      p.code = ${code} as exact_code,
      exists (select 1 from public.variants v where v.product_id = p.id and v.is_active and v.sku = ${code}) as exact_sku,
      true as code_prefix,
      false as name_exact, false as name_hit, false as category_hit, false as text_hit,
      0::float8 as score,
      ${sortName} as sort_name
    from candidates
    cross join lateral (select * from public.products p where p.id = candidates.id and p.is_published limit 1) p
  `;
}

/**
 * Pass 2: whole words and the categories the query names. Every signal is a set built from
 * a GIN index (names in the page's language, all names as plain words, full text); each
 * set's rows bring the few columns the ranking needs, read from the pages the index scan
 * visits anyway, so no candidate is looked up twice and no full-text vector is reopened.
 */
function rankedByWords(terms: SearchTerms, locale: Locale) {
  const text = sql.ref(`p.search_${locale}`);
  const names = sql.ref(`p.search_name_${locale}`);
  const sortName = sql.ref(`p.name_key_${locale}`);
  const otherName = sql.ref(`p.name_key_${locale === 'fr' ? 'en' : 'fr'}`);
  const categoryName = sql.ref(`c.name_${locale}`);
  const norm = sql`${terms.norm}::text`;
  // Stemmed in the page's language, and as typed for botanical Latin and codes.
  const tsq = sql`${terms.tsq}::tsquery`;
  const words = sql`${terms.words}::tsquery`;
  const row = sql`p.id, ${sortName} as sort_name,
    (${sortName} = ${norm} or ${otherName} = ${norm} or p.botanical_key = ${norm}) as name_exact,
    ts_rank(${names}, ${tsq})::float8 as score`;
  return sql`
    with recursive named_categories as (
      select c.id from public.categories c
      where to_tsvector(${CONFIG[locale]}::regconfig, public.immutable_unaccent(${categoryName})) @@ ${tsq}
      union
      select child.id from public.categories child join named_categories parent on child.parent_id = parent.id
    ),
    text_hits as materialized (
      select ${row} from public.products p where ${text} @@ ${tsq} and p.is_published
    ),
    name_hits as materialized (
      select ${row} from public.products p where ${names} @@ ${tsq} and p.is_published
      union
      select ${row} from public.products p where p.search_words @@ ${words} and p.is_published
    ),
    category_hits as materialized (
      select ${row} from public.products p
      where p.category_id = any (array(select id from named_categories)) and p.is_published
    ),
    candidates as (
      select * from text_hits union select * from name_hits union select * from category_hits
    )
    select
      id,
      false as exact_code, false as exact_sku, false as code_prefix,
      name_exact,
      id in (select id from name_hits) as name_hit,
      id in (select id from category_hits) as category_hit,
      id in (select id from text_hits) as text_hit,
      score,
      sort_name
    from candidates
  `;
}

/**
 * Pass 3: near misses by trigram word similarity over every name (GIN trigram index; the
 * threshold is set for the search's transaction, so the index and the ranking agree).
 */
function rankedBySimilarity(terms: SearchTerms, locale: Locale) {
  const sortName = sql.ref(`p.name_key_${locale}`);
  const norm = sql`${terms.norm}::text`;
  return sql`
    select
      p.id,
      false as exact_code, false as exact_sku, false as code_prefix, false as name_exact,
      false as name_hit, false as category_hit, false as text_hit,
      extensions.word_similarity(${norm}, p.search_names)::float8 as score,
      ${sortName} as sort_name
    from public.products p
    where p.is_published and ${norm} operator(extensions.<%) p.search_names
  `;
}

function toResults(rows: Row[], input: SearchInput, locale: Locale): SearchResults & { signals: RankSignals[] } {
  const total = rows[0]?.total ?? 0;
  const threshold = rows[0]?.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const found = rows.filter((row): row is Row & { id: number } => row.id !== null);
  const signals = found.map(toSignals);
  const hits = found.map(
    (row, index): SearchHit => ({
      id: row.id,
      code: row.code,
      name: row.name,
      botanicalName: row.botanical_name,
      slug_en: row.slug_en,
      slug_fr: row.slug_fr,
      // The size named exactly is the one the product page opens on (`?sku=`).
      href:
        row.sku_price_cents !== null && row.sku
          ? `${productHref(row, locale)}?sku=${encodeURIComponent(row.sku)}`
          : productHref(row, locale),
      categoryRoot: (row.category_path ?? '').split('/')[0] ?? '',
      flowerColour: row.flower_colour,
      foliageColour: row.foliage_colour,
      fromPriceCents: row.from_price_cents,
      stockTotal: row.sku_stock_total ?? row.stock_total,
      stock: stockLabel(row.sku_stock_total ?? row.stock_total, threshold),
      match: matchOf(signals[index] as RankSignals),
      sku: row.sku,
      skuPriceCents: row.sku_price_cents,
    }),
  );
  return {
    query: input.q,
    page: input.page,
    size: input.size,
    total,
    pageCount: pageCount(total, input.size),
    hits,
    suggestions: [],
    signals,
  };
}

function toSignals(row: Row & { id: number }): RankSignals {
  return {
    exactCode: row.exact_code,
    exactSku: row.exact_sku,
    codePrefix: row.code_prefix,
    nameExact: row.name_exact,
    nameHit: row.name_hit,
    categoryHit: row.category_hit,
    textHit: row.text_hit,
    score: row.score,
    sortName: row.sort_name,
    id: row.id,
  };
}

/**
 * Product names close to a query that found nothing ("Did you mean…?"), in the search
 * language: a looser similarity than pass 3, still on the trigram index (the threshold is
 * set for the search's transaction only).
 */
async function suggestNames(trx: Kysely<Database>, terms: SearchTerms, locale: Locale): Promise<string[]> {
  const name = sql.ref(`p.name_${locale}`);
  const norm = sql`${terms.norm}::text`;
  await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SUGGESTION_THRESHOLD)}, true)`.execute(trx);
  const { rows } = await sql<{ name: string }>`
    select ${name} as name
    from public.products p
    where p.is_published and ${norm} operator(extensions.<%) p.search_names
    order by extensions.word_similarity(${norm}, p.search_names) desc, length(${name}), ${name}
    limit ${SUGGESTION_COUNT * 4}
  `.execute(trx);
  return [...new Set(rows.map((row) => row.name))].slice(0, SUGGESTION_COUNT);
}

/** Each hit with its product's primary photo (the first by position), in one query. */
async function withPictures(db: Kysely<Database>, hits: SearchHit[], locale: Locale): Promise<SearchHit[]> {
  if (hits.length === 0) return hits;
  const images = await db
    .selectFrom('product_images')
    .select(['product_id', 'storage_key', 'width', 'height', 'variants', 'alt_en', 'alt_fr'])
    .distinctOn('product_id')
    .where(
      'product_id',
      'in',
      hits.map((hit) => hit.id),
    )
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  const byProduct = new Map(images.map((image) => [image.product_id, image]));
  return hits.map((hit) => {
    const image = byProduct.get(hit.id);
    if (!image) return hit;
    const alt = (locale === 'fr' ? image.alt_fr : image.alt_en) || hit.name;
    return { ...hit, picture: { ...pictureSources({ ...image, key: image.storage_key }, IMAGE_WIDTHS.card), alt } };
  });
}

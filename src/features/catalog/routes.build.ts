import type { Locale } from '../../lib/i18n/index.ts';
import { getCatalog } from './catalog.build.ts';
import { type CatalogCategory, type CatalogProduct, categoryHref, localized } from './catalog.ts';

/**
 * The prerendered catalog routes of each locale, from the build's catalog. The route files
 * in src/pages stay one line each.
 */
export async function browseStaticPaths(locale: Locale) {
  const catalog = await getCatalog();
  return catalog.categories.map((category) => ({
    params: { category: localized(category, 'path', locale) },
    props: { category },
  }));
}

export async function productStaticPaths(locale: Locale) {
  const catalog = await getCatalog();
  return catalog.products.map((product) => ({
    params: { slug: localized(product, 'slug', locale) },
    props: { product },
  }));
}

/** `/product/{code}` reaches the product page in the same language. */
export async function productCodeStaticPaths(locale: Locale) {
  const catalog = await getCatalog();
  return catalog.products.map((product) => ({
    params: { code: product.code },
    props: { target: locale === 'fr' ? `/fr/products/${product.slug_fr}` : `/products/${product.slug_en}` },
  }));
}

/** `/categories/{id}` reaches the category's browse page in the same language. */
export async function categoryIdStaticPaths(locale: Locale) {
  const catalog = await getCatalog();
  return catalog.categories.map((category) => ({
    params: { id: String(category.id) },
    props: { target: categoryHref(category, locale) },
  }));
}

interface RouteContext {
  props: Record<string, unknown>;
  params: Record<string, string | undefined>;
}

/**
 * The product of a product page: the catalog's entry for its static path's product when
 * prerendered (the very same object in a build; the newer one once the render worker patched
 * its catalog, docs/decisions/050, without running getStaticPaths again); rendered on demand
 * (Vercel's ISR) the catalog's product with the slug in the address, or undefined (the page
 * then answers 404).
 */
export async function productOf({ props, params }: RouteContext, locale: Locale): Promise<CatalogProduct | undefined> {
  const catalog = await getCatalog();
  const prerendered = props.product as CatalogProduct | undefined;
  if (prerendered) return catalog.productById.get(prerendered.id) ?? prerendered;
  return params.slug === undefined ? undefined : catalog.productBySlug[locale].get(params.slug);
}

/** The category of a browse page, as `productOf` gives a product page's. */
export async function categoryOf(
  { props, params }: RouteContext,
  locale: Locale,
): Promise<CatalogCategory | undefined> {
  const catalog = await getCatalog();
  const prerendered = props.category as CatalogCategory | undefined;
  if (prerendered) return catalog.categoryById.get(prerendered.id) ?? prerendered;
  return params.category === undefined ? undefined : catalog.categoryByPath[locale].get(params.category);
}

/** A page's answer for an address the catalog has no page at: Astro renders the 404 page. */
export const notFound = () => new Response(null, { status: 404 });

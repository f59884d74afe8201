import type { Locale } from '../../lib/i18n/index.ts';
import { getCatalog } from './catalog.build.ts';
import { categoryHref, localized } from './catalog.ts';

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

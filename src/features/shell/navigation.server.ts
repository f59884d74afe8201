import type { Locale } from '../../lib/i18n/index.ts';
import { getCatalog } from '../catalog/catalog.build.ts';

export interface NavCategory {
  href: string;
  label: string;
}

interface TopCategory {
  name_en: string;
  name_fr: string;
  path_en: string;
  path_fr: string;
}

const toNav = (categories: TopCategory[], locale: Locale): NavCategory[] =>
  categories.map((category) => ({
    label: locale === 'fr' ? category.name_fr : category.name_en,
    href: locale === 'fr' ? `/fr/browse/${category.path_fr}` : `/browse/${category.path_en}`,
  }));

const CACHE_MS = 60_000;
let cached: { at: number; categories: Promise<TopCategory[]> } | undefined;

/**
 * The header's departments. Prerendered pages read the build's catalog; pages rendered on
 * demand read the database (cached for a minute), so both show the same list.
 */
export async function loadNavCategories(locale: Locale, isPrerendered: boolean): Promise<NavCategory[]> {
  if (isPrerendered) {
    const catalog = await getCatalog();
    return toNav(catalog.childrenOf.get(null) ?? [], locale);
  }
  if (!cached || Date.now() - cached.at > CACHE_MS) {
    const { getDb } = await import('../../lib/db/index.server.ts');
    const categories = getDb().then((db) =>
      db
        .selectFrom('categories')
        .select(['name_en', 'name_fr', 'path_en', 'path_fr'])
        .where('parent_id', 'is', null)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
    );
    cached = { at: Date.now(), categories };
    categories.catch(() => {
      // A failed read is not cached: the next page tries again (the error reaches this page).
      cached = undefined;
    });
  }
  return toNav(await cached.categories, locale);
}

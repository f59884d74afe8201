import { getCatalog } from '../catalog/catalog.build.ts';
import { categoryHref, productHref } from '../catalog/catalog.ts';
import { ABOUT_KEY, contentAlternates } from '../content/content.ts';
import type { SitemapPage } from './seo.ts';

/** Every public page of the static build, in both languages. */
export async function sitemapPages(): Promise<SitemapPage[]> {
  const catalog = await getCatalog();
  const newest = (dates: string[]) => dates.reduce<string | undefined>((a, b) => (a && a > b ? a : b), undefined);
  const about = catalog.contentPages.find((page) => page.key === ABOUT_KEY);
  return [
    { paths: { en: '/', fr: '/fr' }, lastModified: newest(catalog.products.map((product) => product.updatedAt)) },
    ...(about ? [{ paths: contentAlternates(about), lastModified: about.updatedAt }] : []),
    ...catalog.categories.map((category) => ({
      paths: { en: categoryHref(category, 'en'), fr: categoryHref(category, 'fr') },
      lastModified: newest(catalog.productsUnder(category.id).map((product) => product.updatedAt)),
    })),
    ...catalog.products.map((product) => ({
      paths: { en: productHref(product, 'en'), fr: productHref(product, 'fr') },
      lastModified: product.updatedAt,
    })),
    // About answers at /about only (/content/about is a 301 to it).
    ...catalog.contentPages
      .filter((page) => page.key !== ABOUT_KEY)
      .map((page) => ({ paths: contentAlternates(page), lastModified: page.updatedAt })),
  ];
}

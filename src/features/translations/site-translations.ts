import file from 'virtual:nursery/page-translations';
import { pageTranslations } from './page-translations.ts';

/**
 * The page translations of the build this code belongs to (the catalog snapshot it was
 * built from), for code Astro bundles: the middleware, the layout's language switch and
 * hreflang links. The Node server reads the same map from dist/page-translations.json.
 */
export const siteTranslations = pageTranslations(file);

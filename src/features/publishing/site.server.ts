import type { RedirectMap } from '../redirects/redirects.ts';
import type { PageTranslations } from '../translations/page-translations.ts';

/**
 * The build the Node server serves: its client directory, its redirect map and its page
 * translations. A publish
 * replaces both at once, after the new build has fully succeeded; a request reads them once,
 * so it is served wholly from the old build or wholly from the new.
 */
export interface ServedSite {
  clientDir: string;
  redirects: RedirectMap;
  translations: PageTranslations;
  buildId: string | null;
}

export interface SiteHolder {
  current(): ServedSite;
  swap(next: ServedSite): ServedSite;
}

export function siteHolder(initial: ServedSite): SiteHolder {
  let site = initial;
  return {
    current: () => site,
    swap(next) {
      const previous = site;
      site = next;
      return previous;
    },
  };
}

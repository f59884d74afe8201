import { describe, expect, it } from 'vitest';
import { formatMoney } from '../format.ts';
import { getT, localeFromAcceptLanguage, localeFromPath, localizePath, resources, stripLocale } from './index.ts';

// Words spelled the same in both languages.
const SAME_IN_BOTH = new Set(['Notifications', 'Zone {{zone}}', 'Page {{page}}']);

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('translation resources', () => {
  it('have the same namespaces in both locales', () => {
    expect(Object.keys(resources.fr).sort()).toEqual(Object.keys(resources.en).sort());
  });

  for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
    it(`${ns}: every key exists in both locales`, () => {
      const en = keys(resources.en[ns]).sort();
      const fr = keys(resources.fr[ns]).sort();
      expect(
        fr.filter((key) => !en.includes(key)),
        'keys only in French',
      ).toEqual([]);
      expect(
        en.filter((key) => !fr.includes(key)),
        'keys only in English',
      ).toEqual([]);
    });

    it(`${ns}: no French string is left identical to a long English one`, () => {
      const en = resources.en[ns] as Record<string, unknown>;
      const fr = resources.fr[ns] as Record<string, unknown>;
      const same = keys(en).filter((key) => {
        const get = (tree: Record<string, unknown>) =>
          key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
        const value = get(en);
        return typeof value === 'string' && value.length > 12 && !SAME_IN_BOTH.has(value) && value === get(fr);
      });
      expect(same).toEqual([]);
    });
  }
});

describe('getT', () => {
  it('is fixed to its locale, whatever else renders at the same time', () => {
    const en = getT('en');
    const fr = getT('fr');
    expect(en('appName')).toBe('Northfield Nurseries');
    expect(fr('appName')).toBe('Pépinières Northfield');
    expect(en('appName')).toBe('Northfield Nurseries');
  });

  it('pluralises per locale', () => {
    expect(getT('en')('nav.cartCount', { count: 1 })).toBe('Cart, 1 item');
    expect(getT('fr')('nav.cartCount', { count: 2 })).toBe('Panier, 2 articles');
  });

  it('reads other namespaces', () => {
    expect(getT('fr', 'errors')('notFound.title')).toBe('Page introuvable');
  });
});

describe('locale paths', () => {
  it('maps paths between locales', () => {
    expect(localeFromPath('/fr')).toBe('fr');
    expect(localeFromPath('/fr/cart')).toBe('fr');
    expect(localeFromPath('/france')).toBe('en');
    expect(stripLocale('/fr/browse/arbres')).toBe('/browse/arbres');
    expect(localizePath('/cart', 'fr')).toBe('/fr/cart');
    expect(localizePath('/', 'fr')).toBe('/fr');
    expect(localizePath('/fr/cart', 'en')).toBe('/cart');
  });

  it('reads Accept-Language by quality', () => {
    expect(localeFromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('de-DE,en;q=0.5,fr;q=0.7')).toBe('fr');
    expect(localeFromAcceptLanguage('de-DE')).toBeUndefined();
    expect(localeFromAcceptLanguage(null)).toBeUndefined();
  });
});

describe('formatMoney', () => {
  it('formats CAD cents per locale', () => {
    expect(formatMoney(1899, 'en')).toBe('$18.99');
    expect(formatMoney(123456, 'fr').replace(/\s/g, ' ')).toBe('1 234,56 $');
  });
});

import { describe, expect, it } from 'vitest';
import { fill, INTL_LOCALE, intlLocale, plural } from './locale.ts';

describe('browser-safe language helpers', () => {
  it('names the Intl locale of each language, English for anything else', () => {
    expect(intlLocale('fr')).toBe('fr-CA');
    expect(intlLocale('en')).toBe('en-CA');
    expect(intlLocale('de')).toBe('en-CA');
    expect(INTL_LOCALE).toEqual({ en: 'en-CA', fr: 'fr-CA' });
  });

  it('fills every {{placeholder}} it has a value for and leaves the others', () => {
    expect(fill('{{name}} × {{count}}, {{name}}', { name: 'Hosta', count: 3 })).toBe('Hosta × 3, Hosta');
    expect(fill('{{name}} is {{missing}}', { name: 'Laval' })).toBe('Laval is {{missing}}');
    expect(fill('{{toString}}', {})).toBe('{{toString}}');
    expect(fill('{{zero}}', { zero: 0 })).toBe('0');
  });

  it('picks plural forms by each language rule', () => {
    const forms = { one: '{{count}} item', other: '{{count}} items' };
    expect(plural(forms, 1, 'en')).toBe('1 item');
    expect(plural(forms, 0, 'en')).toBe('0 items');
    expect(plural(forms, 0, 'fr')).toBe('0 item');
    expect(plural(forms, 1.5, 'fr')).toBe('1.5 item');
  });
});

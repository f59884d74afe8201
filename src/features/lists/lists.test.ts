import { describe, expect, it } from 'vitest';
import { resources } from '../../lib/i18n/index.ts';
import { plural } from '../../lib/i18n/locale.ts';
import { deletionRefusal, filterLists, idParam, ListDetailsSchema, ListItemQuantitySchema } from './lists.ts';

describe('list rules', () => {
  it('keeps the default list and the only list from deletion', () => {
    expect(deletionRefusal({ isDefault: true }, 3)).toBe('default');
    expect(deletionRefusal({ isDefault: true }, 1)).toBe('default');
    // Only reachable if the schema's one-default rule were broken: the code still refuses.
    expect(deletionRefusal({ isDefault: false }, 1)).toBe('only_list');
    expect(deletionRefusal({ isDefault: false }, 2)).toBeUndefined();
  });

  it('finds lists by name, ignoring case and accents', () => {
    const lists = [{ name: 'Cèdres du nord' }, { name: 'Front yard' }, { name: 'Haie de CEDRES' }];
    expect(filterLists(lists, 'cedres').map((list) => list.name)).toEqual(['Cèdres du nord', 'Haie de CEDRES']);
    expect(filterLists(lists, '  YARD ')).toEqual([{ name: 'Front yard' }]);
    expect(filterLists(lists, '')).toEqual(lists);
    expect(filterLists(lists, 'roses')).toEqual([]);
  });

  it('reads ids from a path as positive integers only', () => {
    expect(idParam('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '1.5', '01', 'default', '1e3', '99999999999', '2147483648']) {
      expect(idParam(bad), String(bad)).toBeUndefined();
    }
  });

  it('validates a list with the spec message in each language', () => {
    for (const locale of ['en', 'fr'] as const) {
      const schema = ListDetailsSchema(resources[locale].lists.validation);
      const blank = schema.safeParse({ name: '   ', description: '' });
      expect(blank.success).toBe(false);
      expect(blank.error?.issues[0]?.message).toBe(locale === 'en' ? 'Must not be blank.' : 'Ne doit pas être vide.');
      expect(schema.safeParse({ name: ' Hedge ' }).data).toEqual({ name: 'Hedge', description: '' });
      expect(schema.safeParse({ name: 'x'.repeat(121) }).success).toBe(false);
      expect(schema.safeParse({ name: 'Hedge', description: 'x'.repeat(1001) }).success).toBe(false);
    }
  });

  it('takes whole quantities from 1 to 9,999', () => {
    const schema = ListItemQuantitySchema(resources.en.lists.validation);
    expect(schema.safeParse({ quantity: 1 }).success).toBe(true);
    expect(schema.safeParse({ quantity: 9999 }).success).toBe(true);
    for (const quantity of [0, 10_000, 2.5, '3', null]) {
      const result = schema.safeParse({ quantity });
      expect(result.success, String(quantity)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter a whole number from 1 to 9,999.');
    }
  });

  it('picks plural forms by each language rule', () => {
    const en = { one: '{{count}} item', other: '{{count}} items' };
    const fr = { one: '{{count}} article', other: '{{count}} articles' };
    expect(plural(en, 0, 'en')).toBe('0 items');
    expect(plural(en, 1, 'en')).toBe('1 item');
    expect(plural(fr, 0, 'fr')).toBe('0 article');
    expect(plural(fr, 2, 'fr')).toBe('2 articles');
  });
});

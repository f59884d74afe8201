import { describe, expect, it } from 'vitest';
import {
  centsToPrice,
  listQueryString,
  type ProductEditInput,
  parseListQuery,
  priceToCents,
  valuesForLocale,
} from './catalog-admin.ts';

describe('product list query string', () => {
  it('reads every parameter, falling back to defaults for anything unreadable', () => {
    expect(
      parseListQuery(new URLSearchParams('q=maple&category=4&status=unpublished&sort=images&dir=desc&page=3&size=50')),
    ).toEqual({
      q: 'maple',
      category: 4,
      status: 'unpublished',
      sort: 'images',
      dir: 'desc',
      page: 3,
      size: 50,
    });
    expect(parseListQuery(new URLSearchParams('category=x&status=gone&sort=price&page=-1&size=24'))).toEqual({
      q: '',
      category: null,
      status: 'all',
      sort: 'name',
      dir: 'asc',
      page: 1,
      size: 25,
    });
  });
  it('writes only what differs from the defaults', () => {
    const query = parseListQuery(new URLSearchParams('q=rose&size=10'));
    expect(listQueryString(query)).toBe('?q=rose&size=10');
    expect(listQueryString(query, { page: 2 })).toBe('?q=rose&page=2&size=10');
    expect(listQueryString(parseListQuery(new URLSearchParams()))).toBe('');
  });
});

describe('prices', () => {
  it('turns dollars into cents and back', () => {
    expect(priceToCents('24.99')).toBe(2499);
    expect(priceToCents('12.5')).toBe(1250);
    expect(priceToCents('7')).toBe(700);
    expect(centsToPrice(1250)).toBe('12.50');
    expect(centsToPrice(5)).toBe('0.05');
  });
});

describe('the product form in each language', () => {
  const values = {
    slug_en: 'westcot-apricot',
    variants: [{ id: 1, sku: 'FRU-1013-C5', listPrice: '84.99', tradePrice: '67.15', isActive: true, stock: [] }],
  } as unknown as ProductEditInput;

  it('writes its prices with a decimal comma on a French page, as the quote desk does', () => {
    const french = valuesForLocale(values, 'fr');
    expect(french.variants.map((variant) => [variant.listPrice, variant.tradePrice])).toEqual([['84,99', '67,15']]);
    expect(french.slug_en).toBe('westcot-apricot');
    expect(valuesForLocale(values, 'en')).toBe(values);
  });
});

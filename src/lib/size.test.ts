import { describe, expect, it } from 'vitest';
import { ballAndBurlap, burlapCaliper, container, height, LABEL_SHAPES, pot, wireBasket } from './size.fixtures.ts';
import { compareSizes, formatSize, parseSizeLabel, SizeSchema, sizeCode, sizeSchema, sizeText } from './size.ts';

const NBSP = '\u00a0';
describe('parseSizeLabel', () => {
  it.each(LABEL_SHAPES)('reads %j', (label, size) => {
    expect(parseSizeLabel(label)).toEqual(size);
  });
});

describe('formatSize', () => {
  it.each([
    [container(5), '#5', `Contenant nº${NBSP}5`],
    [pot(15), '15 cm pot', `Pot de 15${NBSP}cm`],
    [height(100), '100 cm', `100${NBSP}cm de hauteur`],
    [height(80, 100), '80/100 cm', `80/100${NBSP}cm de hauteur`],
    [wireBasket(40), '40 mm WB', `Calibre 40${NBSP}mm (panier de broche)`],
    [wireBasket(40, 50, 60), '40/50/60 mm WB', `Calibre 40/50/60${NBSP}mm (panier de broche)`],
    [burlapCaliper(50), '50 mm B&B', `Calibre 50${NBSP}mm (motte de jute)`],
    [ballAndBurlap(200), 'B&B 200 cm', `Motte de jute, 200${NBSP}cm`],
    [ballAndBurlap(150, 200), 'B&B 150/200 cm', `Motte de jute, 150/200${NBSP}cm`],
  ])('writes %j as %j and %j', (size, en, fr) => {
    expect(formatSize(size, 'en')).toBe(en);
    expect(formatSize(size, 'fr')).toBe(fr);
  });

  it('never leaves an English label without the space before the unit', () => {
    for (const [label, size] of LABEL_SHAPES) {
      if (!size) continue;
      expect(formatSize(size, 'en'), label).not.toMatch(/[0-9](cm|mm)/);
      expect(formatSize(size, 'fr'), label).not.toMatch(/[0-9] ?(cm|mm)/);
    }
  });

  it('reads back what it writes in English', () => {
    for (const [, size] of LABEL_SHAPES) if (size) expect(parseSizeLabel(formatSize(size, 'en'))).toEqual(size);
  });

  it('falls back to the copied label when there is no structured size', () => {
    expect(sizeText(null, '5 gal', 'fr')).toBe('5 gal');
    expect(sizeText(pot(15), '15cm pot', 'fr')).toBe(`Pot de 15${NBSP}cm`);
  });
});

describe('sizes in order and as codes', () => {
  it('sorts by kind, then by number', () => {
    const sizes = [wireBasket(60), container(5), wireBasket(40), container(2), ballAndBurlap(150)];
    expect([...sizes].sort(compareSizes).map((size) => formatSize(size, 'en'))).toEqual([
      '#2',
      '#5',
      '40 mm WB',
      '60 mm WB',
      'B&B 150 cm',
    ]);
  });

  it('keeps the SKU suffixes of the seed', () => {
    expect([container(5), pot(15), height(80), wireBasket(50), ballAndBurlap(150)].map(sizeCode)).toEqual([
      'C5',
      'P15',
      'H80',
      'W50',
      'BB150',
    ]);
  });
});

describe('sizeSchema', () => {
  it('accepts the sizes of every label shape', () => {
    for (const [label, size] of LABEL_SHAPES) if (size) expect(SizeSchema.safeParse(size).success, label).toBe(true);
  });

  it('names the field and the range of a number out of bounds, in the given language', () => {
    const schema = sizeSchema({ value: 'De {min} à {max}.', order: 'Ordre.', rootBall: 'Motte.' });
    const result = schema.safeParse(container(5, 120));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['values'], message: 'De 1 à 99.' })]);
  });

  it('refuses numbers out of order, repeated, or a root ball that does not fit the kind', () => {
    expect(SizeSchema.safeParse(wireBasket(60, 40)).success).toBe(false);
    expect(SizeSchema.safeParse(wireBasket(40, 40)).success).toBe(false);
    expect(SizeSchema.safeParse({ ...pot(15), rootBall: 'burlap' }).success).toBe(false);
    expect(SizeSchema.safeParse({ ...wireBasket(50), rootBall: null }).success).toBe(false);
    expect(SizeSchema.safeParse({ ...ballAndBurlap(150), rootBall: 'wire_basket' }).success).toBe(false);
  });
});

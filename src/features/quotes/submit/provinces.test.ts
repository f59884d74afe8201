import { describe, expect, it } from 'vitest';
import { PROVINCES } from './checkout-fields.ts';
import { provinceOptions } from './provinces.ts';

describe('provinceOptions', () => {
  it('orders the provinces by their French names, accents sorted with their letter', () => {
    expect(provinceOptions('fr').map((option) => option.name)).toEqual([
      'Alberta',
      'Colombie-Britannique',
      'Île-du-Prince-Édouard',
      'Manitoba',
      'Nouveau-Brunswick',
      'Nouvelle-Écosse',
      'Nunavut',
      'Ontario',
      'Québec',
      'Saskatchewan',
      'Terre-Neuve-et-Labrador',
      'Territoires du Nord-Ouest',
      'Yukon',
    ]);
  });

  it('orders them by their English names in English', () => {
    expect(provinceOptions('en').map((option) => option.code)).toEqual([
      'AB',
      'BC',
      'MB',
      'NB',
      'NL',
      'NT',
      'NS',
      'NU',
      'ON',
      'PE',
      'QC',
      'SK',
      'YT',
    ]);
  });

  it('offers every province once, with its code', () => {
    for (const locale of ['en', 'fr'] as const) {
      expect(
        provinceOptions(locale)
          .map((option) => option.code)
          .sort(),
      ).toEqual([...PROVINCES]);
    }
    expect(provinceOptions('fr').find((option) => option.code === 'PE')?.name).toBe('Île-du-Prince-Édouard');
  });
});

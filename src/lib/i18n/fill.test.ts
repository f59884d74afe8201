import { describe, expect, it } from 'vitest';
import { fillAround } from './fill-around.ts';
import { getT } from './index.ts';
import { collapseDoublePeriod, fill } from './locale.ts';

const company = 'Rideau Landscape Design Inc.';

describe('fill', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(fill('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
  });

  it('never doubles the period after a name that ends with one', () => {
    expect(fill('Account {{n}} for {{company}}.', { n: 'TA-1', company })).toBe(
      'Account TA-1 for Rideau Landscape Design Inc.',
    );
    expect(fill('For {{company}}.', { company: 'Acme' })).toBe('For Acme.');
    expect(fill('Wait {{x}}...', { x: 'now' })).toBe('Wait now...');
  });

  it('elides « de » before a value that begins with a vowel, and only there', () => {
    expect(fill('Quantité de {{name}}, {{size}}', { name: 'Érable à sucre', size: 'Pot de 15 cm' })).toBe(
      "Quantité d'Érable à sucre, Pot de 15 cm",
    );
    expect(fill('De {{name}}.', { name: 'Anne Inc.' })).toBe("D'Anne Inc.");
    expect(fill('Quantité de {{name}}', { name: 'Chêne rouge' })).toBe('Quantité de Chêne rouge');
    // h and y vary (« de hêtre », « d'hydrangée »): left as written.
    expect(fill('Photos de {{name}}', { name: 'Hydrangée' })).toBe('Photos de Hydrangée');
    expect(fill('Étape {{step}} de {{total}}', { step: 1, total: 8 })).toBe('Étape 1 de 8');
    expect(fill('Grade {{name}}', { name: 'Aster' })).toBe('Grade Aster');
  });
});

describe('translations', () => {
  it('end a sentence with one period when the value brings its own, in both languages', () => {
    for (const locale of ['en', 'fr'] as const) {
      const text = getT(locale, 'profile')('trade.found', { number: 'TA-100300', company });
      expect(text).toContain(company);
      expect(text).not.toMatch(/Inc\.\./);
    }
  });

  it("elide « de » before a French value beginning with a vowel, not in the message's own words", () => {
    const cart = getT('fr', 'cart');
    expect(cart('line.quantityFor', { name: 'Érable à sucre', size: 'Pot de 15 cm' })).toBe(
      "Quantité d'Érable à sucre, Pot de 15 cm",
    );
    expect(cart('line.quantityFor', { name: 'Chêne rouge', size: 'Pot de 15 cm' })).toBe(
      'Quantité de Chêne rouge, Pot de 15 cm',
    );
    expect(getT('fr', 'catalog')('sorts.name-asc')).toBe('Nom\u00a0: de A à Z');
    expect(getT('en', 'cart')('line.quantityFor', { name: 'Eastern redbud', size: '2 gal' })).toBe(
      'Quantity of Eastern redbud, 2 gal',
    );
  });

  it('keep an ellipsis and a lone period', () => {
    expect(collapseDoublePeriod('Envoi... fait.')).toBe('Envoi... fait.');
    expect(collapseDoublePeriod('Inc..')).toBe('Inc.');
  });
});

describe('fillAround', () => {
  it('splits a filled message around one value, the others filled', () => {
    expect(
      fillAround('We found trade account {{number}} for {{company}}.', { company: 'Boisé-Laval' }, 'number'),
    ).toEqual(['We found trade account ', ' for Boisé-Laval.']);
    expect(fillAround('Factures du compte professionnel {{number}}.', {}, 'number')).toEqual([
      'Factures du compte professionnel ',
      '.',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { getT } from './index.ts';

// Each language has its own i18next instance, made on first use. The French one must keep its
// French ways (« d'Emily ») however the two were made: an English page rendered after a French
// one once turned French elision off for the rest of the server's life.
describe('one i18next instance per language', () => {
  it('keeps French elision after the English instance is made', () => {
    const values = { reference: 'Q-100341', name: 'Emily Chen' };
    expect(getT('fr', 'checkout')('mail.desk.subject', values)).toBe(
      "Nouvelle demande de soumission Q-100341 d'Emily Chen",
    );
    expect(getT('en', 'checkout')('mail.desk.subject', values)).toBe('New quote request Q-100341 from Emily Chen');
    expect(getT('fr', 'checkout')('mail.desk.subject', values)).toBe(
      "Nouvelle demande de soumission Q-100341 d'Emily Chen",
    );
  });
});

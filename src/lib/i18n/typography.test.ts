import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from '../format.ts';
import { frenchTypography, NBSP, NNBSP, typography, typographyIssues } from './typography.ts';

const show = (text: string) => text.replaceAll(NBSP, '⍽').replaceAll(NNBSP, '·');

describe('frenchTypography', () => {
  it('puts a non-breaking space before a colon and a narrow one before ; ! ?', () => {
    expect(show(frenchTypography('Poste : 204; merci! Prêt? Oui:'))).toBe('Poste⍽: 204·; merci·! Prêt·? Oui⍽:');
  });

  it('keeps a non-breaking space already there, and treats ?! as one mark', () => {
    expect(show(frenchTypography(`Vraiment${NBSP}? Quoi?!`))).toBe('Vraiment⍽? Quoi·?!');
  });

  it('puts the non-breaking space before a colon in place of a narrow one', () => {
    expect(show(frenchTypography(`Poste${NNBSP}: 204`))).toBe('Poste⍽: 204');
  });

  it('puts non-breaking spaces inside guillemets', () => {
    expect(show(frenchTypography('le mot «centre de vente » et « paysagiste»'))).toBe(
      'le mot «⍽centre de vente⍽» et «⍽paysagiste⍽»',
    );
  });

  it('groups digits and sets money and percentages apart with a non-breaking space', () => {
    expect(show(frenchTypography('12 345,67 $, 5$ et 15 %'))).toBe('12⍽345,67⍽$, 5⍽$ et 15⍽%');
  });

  it('leaves times, URLs, placeholders, code and Markdown links alone', () => {
    const text = 'Ouvert de 9:00 à 17:00. Voir https://example.com/a?b=1 ou <https://x.ca/?q=1>, `a: b`, {{name}}';
    expect(frenchTypography(text)).toBe(text);
    expect(frenchTypography('[Nous joindre](/fr/content/nous-joindre) ![photo](/a.png)')).toBe(
      '[Nous joindre](/fr/content/nous-joindre) ![photo](/a.png)',
    );
  });

  it('fixes punctuation after a placeholder or Markdown emphasis', () => {
    expect(show(frenchTypography('{{name}}: {{count}} plantes'))).toBe('{{name}}⍽: {{count}} plantes');
    expect(show(frenchTypography('**Téléphone:** 514'))).toBe('**Téléphone⍽:** 514');
  });

  it('keeps HTML entities whole', () => {
    expect(frenchTypography('a&amp; b')).toBe('a&amp; b');
  });

  it('is idempotent', () => {
    const once = frenchTypography('Pourquoi? « Oui » : 1 200 $');
    expect(frenchTypography(once)).toBe(once);
  });
});

describe('typography per locale', () => {
  it('leaves English as written', () => {
    const text = 'Note: ready? "Yes"! 12,345.67 $';
    expect(typography(text, 'en')).toBe(text);
  });

  it('applies French rules to French', () => {
    expect(show(typography('Note: prêt?', 'fr'))).toBe('Note⍽: prêt·?');
  });
});

describe('typographyIssues', () => {
  it('finds each fault and nothing in correct text', () => {
    expect(typographyIssues('Poste : 1').map((issue) => issue.rule)).toEqual(['space-before-colon']);
    expect(typographyIssues('Poste: 1').map((issue) => issue.rule)).toEqual(['space-before-colon']);
    expect(typographyIssues(`Poste${NNBSP}: 1`).map((issue) => issue.rule)).toEqual(['space-before-colon']);
    expect(typographyIssues('Visiter la boutique:').map((issue) => issue.rule)).toEqual(['space-before-colon']);
    expect(typographyIssues(`{{action}}:\nhttps://a.ca`).map((issue) => issue.rule)).toEqual(['space-before-colon']);
    expect(typographyIssues('Prêt ?').map((issue) => issue.rule)).toEqual(['space-before-mark']);
    expect(typographyIssues('« oui »').map((issue) => issue.rule)).toEqual([
      'space-inside-guillemets',
      'space-inside-guillemets',
    ]);
    expect(typographyIssues('12 345 $').map((issue) => issue.rule)).toEqual(['space-in-number', 'space-in-number']);
    expect(typographyIssues(frenchTypography('Poste : 1; « oui » Prêt ? 12 345 $'))).toEqual([]);
    expect(typographyIssues('9:00, https://a.ca/?x=1, {{name}}')).toEqual([]);
  });
});

describe('numbers from Intl in French', () => {
  it('format money as 12 345,67 $ with non-breaking spaces', () => {
    expect(show(formatMoney(1234567, 'fr'))).toBe('12⍽345,67⍽$');
    expect(typographyIssues(formatMoney(1234567, 'fr'))).toEqual([]);
    expect(formatMoney(1234567, 'en')).toBe('$12,345.67');
  });

  it('group digits with a non-breaking space', () => {
    expect(typographyIssues(formatNumber(1234567, 'fr'))).toEqual([]);
    expect(show(formatNumber(1234567, 'fr'))).toMatch(/^1[⍽·]234[⍽·]567$/);
  });
});

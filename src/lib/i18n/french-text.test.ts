import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typographyIssues, withFrenchTypography } from './typography.ts';

/**
 * Every French message file and every French field of the content and catalogue files, read
 * from disk: the glossary's terms to avoid never appear, and the typography is right —
 * messages as written (translators see the truth), content after the one function that
 * applies it when the catalogue snapshot is read (`withFrenchTypography`).
 */

const ROOT = join(import.meta.dirname, '../../..');
const MESSAGES = join(ROOT, 'src/lib/i18n/locales/fr');
const SEED = join(ROOT, 'supabase/seed');

interface FrenchText {
  file: string;
  key: string;
  text: string;
}

/** Strings under French keys: every string of a message file, or `x_fr` / `{ fr }` in data. */
function frenchStrings(file: string, node: unknown, everything: boolean, key = '', french = everything): FrenchText[] {
  if (typeof node === 'string') return french ? [{ file, key, text: node }] : [];
  if (Array.isArray(node))
    return node.flatMap((item, index) => frenchStrings(file, item, everything, `${key}[${index}]`, french));
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([name, value]) =>
      frenchStrings(
        file,
        value,
        everything,
        key ? `${key}.${name}` : name,
        everything || ((name.endsWith('_fr') || name === 'fr') && !/^(slug|path)_/.test(name)),
      ),
    );
  }
  return [];
}

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as unknown;
const messageFiles = readdirSync(MESSAGES).filter((name) => name.endsWith('.json'));
const messages = messageFiles.flatMap((name) => frenchStrings(`fr/${name}`, json(join(MESSAGES, name)), true));
const content = frenchStrings('seed/content.json', json(join(SEED, 'content.json')), false);
const plantFiles = readdirSync(join(SEED, 'plants')).filter((name) => name.endsWith('.json'));
const plants = plantFiles.flatMap((name) =>
  frenchStrings(`seed/plants/${name}`, json(join(SEED, 'plants', name)), false),
);

/** The glossary's terms to avoid (src/lib/i18n/glossary.md), as they may be written. */
const AVOID: [RegExp, string][] = [
  [/centres? de jardin(age)?/i, 'centre de vente'],
  [/centres? de cueillette/i, 'centre de vente pour la cueillette'],
  [/aménagiste/i, 'paysagiste'],
  [/cotées? pour/i, 'adaptées à'],
  [/de spécialité/i, 'de collection'],
  [/printani[èe]re et automnale/i, 'du printemps à l’automne'],
  [/\bcomptes? commercia(l|ux)\b/i, 'compte professionnel'],
  [/\bcomptes? maison\b/i, 'compte interne'],
  [/\bPoste\s*:/, 'poste (extension) or Adresse postale'],
  [/Aronia à fruits noirs/i, 'aronie noire'],
  [/\bsales[ -]yards?\b/i, 'centre de vente'],
  [/\bwish ?list\b/i, 'liste de souhaits'],
  // « Version no 1 »: the abbreviation of numéro is nº, as on the sizes (« Contenant nº 5 »).
  [/\bno(?=\s*(\d|$))/, 'nº'],
];

function glossaryFaults(texts: FrenchText[]): string[] {
  return texts.flatMap(({ file, key, text: written }) => {
    // A `{{marker}}` is code the page replaces (the contact page's `{{sales-yards}}`), not words.
    const text = written.replace(/\{\{[^}]*\}\}/g, '');
    return AVOID.filter(([pattern]) => pattern.test(text)).map(
      ([pattern, use]) => `${file} ${key}: ${pattern.exec(text)?.[0]} → ${use}`,
    );
  });
}

function typographyFaults(texts: FrenchText[]): string[] {
  return texts.flatMap(({ file, key, text }) =>
    typographyIssues(text).map((issue) => `${file} ${key}: ${issue.rule} in ${JSON.stringify(issue.at)}`),
  );
}

/**
 * The content and catalogue files belong to the seed data (another change fixes them).
 * While these are true the scans of those files are expected to fail; the merger sets them to
 * false once the seed change is in, and the tests then guard the files for good.
 */
const PENDING_SEED_GLOSSARY = { content: false, plants: false };

describe('French messages', () => {
  it('were all read', () => {
    expect(messageFiles.length).toBeGreaterThan(10);
    expect(messages.length).toBeGreaterThan(500);
  });

  it('use the glossary’s terms', () => {
    expect(glossaryFaults(messages)).toEqual([]);
  });

  it('are written with French typography', () => {
    expect(typographyFaults(messages)).toEqual([]);
  });

  it('write the apostrophe one way, the straight one every other message uses', () => {
    expect(messages.filter(({ text }) => text.includes('’')).map(({ file, key }) => `${file} ${key}`)).toEqual([]);
  });

  it('say the same English term with the same French one in every namespace', () => {
    const english = new Map(
      messageFiles.flatMap((name) =>
        frenchStrings(`fr/${name}`, json(join(MESSAGES, '../en', name)), true).map(
          (entry) => [`${entry.file} ${entry.key}`, entry.text] as const,
        ),
      ),
    );
    /** An English term, and the French one the same message must use (the glossary's choices). */
    const SAME: [RegExp, RegExp, string][] = [
      [/\bSKUs?\b/, /\bUGS\b/, 'UGS'],
      [/\bOut of Stock\b/, /^Rupture de stock$/, 'Rupture de stock'],
      [/\bwire basket\b/i, /\bpanier de broche\b/i, 'panier de broche'],
      [/\bsite contact\b/i, /\bpersonne-ressource sur le chantier\b/i, 'personne-ressource sur le chantier'],
      [/\bpayment preference\b/i, /^(?!.*souhaité).*\bmode de paiement\b/i, 'mode de paiement préféré'],
      [/\bfulfilment fees\b/i, /\bfrais de livraison ou de cueillette\b/i, 'frais de livraison ou de cueillette'],
      [/\btrade account\b/i, /\bcomptes? professionnels?\b/i, 'compte professionnel'],
      [/\bestimated total\b/i, /\btotal estimé/i, 'total estimé'],
      [
        /\blandscape professionals?\b/i,
        /\bprofessionnels? de l'aménagement paysager\b/i,
        'professionnel de l’aménagement paysager',
      ],
    ];
    const faults = messages.flatMap(({ file, key, text }) => {
      const source = english.get(`${file} ${key}`) ?? '';
      // A soft hyphen (a table heading's break point, « profes\u00adsionnel ») is no change of word.
      const words = text.replaceAll('\u00ad', '');
      return SAME.filter(([en, fr]) => en.test(source) && !fr.test(words)).map(
        ([, , use]) => `${file} ${key}: « ${text} » for “${source}” → ${use}`,
      );
    });
    expect(faults).toEqual([]);
  });
});

describe('French content and catalogue files', () => {
  it('were all read', () => {
    expect(content.length).toBeGreaterThan(20);
    expect(plants.length).toBeGreaterThan(300);
  });

  // While pending, each is expected to fail (it.fails); once the seed change fixes the files it
  // reports a failure until the flag is set to false.
  (PENDING_SEED_GLOSSARY.content ? it.fails : it)('content pages use the glossary’s terms', () => {
    expect(glossaryFaults(content)).toEqual([]);
  });

  (PENDING_SEED_GLOSSARY.plants ? it.fails : it)('catalogue data uses the glossary’s terms', () => {
    expect(glossaryFaults(plants)).toEqual([]);
  });

  it('reach French pages with French typography', () => {
    const published = [...content, ...plants].map((entry) => ({
      ...entry,
      text: withFrenchTypography({ text_fr: entry.text }).text_fr,
    }));
    expect(typographyFaults(published)).toEqual([]);
  });
});

import type { Locale } from './index.ts';

/**
 * French typography (Québec, OQLF): a non-breaking space before « : », a narrow no-break
 * space before « ; ! ? », a non-breaking space inside « », and in numbers (`12 345,67 $`).
 * Translation files are written that way (src/lib/i18n/glossary.md); text that reaches a
 * page from the database or is built at run time goes through `typography` once.
 */

export const NBSP = '\u00a0';
export const NNBSP = '\u202f';

/** What may follow a punctuation mark that takes a space: text goes on, or the sentence ends. */
const AFTER = String.raw`(?=[\s»)\]"'’<*_]|$)`;
/** A word (or closing mark) before the punctuation; never another mark ("?!") or an opener. */
const BEFORE = String.raw`([^\s:;!?(\[«])`;

const COLON = new RegExp(`${BEFORE}([ \u00a0\u202f]?):${AFTER}`, 'gu');
const TALL = new RegExp(`${BEFORE}([ \u00a0\u202f]?)([;!?]+)${AFTER}`, 'gu');
const OPEN_QUOTE = /«[ \u00a0\u202f]?/gu;
const CLOSE_QUOTE = /[ \u00a0\u202f]?»/gu;
const DIGIT_GROUP = /(\d) (?=\d{3}(?!\d))/gu;
const UNIT_AFTER_NUMBER = /(\d) ?([$%¢])(?![0-9A-Fa-f]{2})/gu;

const keepOr = (existing: string, wanted: string) => (existing === NBSP || existing === NNBSP ? existing : wanted);

function fixPlain(text: string): string {
  return (
    text
      // Only the no-break space goes before a colon: a narrow one there is the wrong space.
      .replace(COLON, (_, before: string) => `${before}${NBSP}:`)
      .replace(TALL, (_, before: string, space: string, marks: string) => `${before}${keepOr(space, NNBSP)}${marks}`)
      .replace(OPEN_QUOTE, (match) => `«${keepOr(match.slice(1), NBSP)}`)
      .replace(CLOSE_QUOTE, (match) => `${keepOr(match.slice(0, -1), NBSP)}»`)
      .replace(DIGIT_GROUP, `$1${NBSP}`)
      .replace(UNIT_AFTER_NUMBER, `$1${NBSP}$2`)
  );
}

/**
 * Parts of a text that are not prose and keep every character: code (fenced or inline),
 * `{{placeholders}}`, HTML entities, URLs and autolinks `<https://…>`. Each stands in the prose as one
 * private-use character, a word as far as the rules see.
 */
const VERBATIM =
  /&#?[a-z0-9]+;|```[\s\S]*?```|`[^`\n]*`|\{\{[^}]*\}\}|<[a-z]+:[^>\s]*>|\b[a-z][a-z+.-]*:\/\/[^\s)\]>]*/giu;
const STAND_IN = '\ue000';

function protect(text: string): { prose: string; parts: string[] } {
  const parts: string[] = [];
  const prose = text.replace(VERBATIM, (match) => {
    parts.push(match);
    return STAND_IN;
  });
  return { prose, parts };
}

/** Applies `fix` to the prose around the verbatim parts. */
function aroundVerbatim(text: string, fix: (prose: string) => string): string {
  const { prose, parts } = protect(text);
  let index = 0;
  return fix(prose).replace(/\ue000/gu, () => parts[index++] ?? '');
}

/** French typography for a French text (plain or Markdown); anything else unchanged. */
export function frenchTypography(text: string): string {
  return aroundVerbatim(text, fixPlain);
}

/** The typography of the locale: French gets `frenchTypography`, English is left as written. */
export function typography(text: string, locale: Locale): string {
  return locale === 'fr' ? frenchTypography(text) : text;
}

export interface TypographyIssue {
  rule: 'space-before-colon' | 'space-before-mark' | 'space-inside-guillemets' | 'space-in-number';
  /** the text around the fault */
  at: string;
}

/**
 * The faults of a French text, found independently of `frenchTypography` (the test that scans
 * every French message and content file uses it): a mark with an ordinary space or none before
 * it, guillemets without a non-breaking space inside, a number grouped or priced with an
 * ordinary space.
 */
export function typographyIssues(text: string): TypographyIssue[] {
  const issues: TypographyIssue[] = [];
  const stripped = protect(text).prose;
  const around = (index: number) => stripped.slice(Math.max(0, index - 24), index + 8);
  const scan = (pattern: RegExp, rule: TypographyIssue['rule']) => {
    for (const match of stripped.matchAll(pattern)) issues.push({ rule, at: around(match.index) });
  };
  // A colon takes U+00A0 and nothing else: no space, an ordinary one or a narrow one are faults.
  scan(/(?<![\u00a0:;!?([«]):(?=[\s»)\]"'’<*_]|$)/gu, 'space-before-colon');
  scan(/[^\s\u00a0\u202f:;!?([«] ?[;!?](?=[\s»)\]"'’<*_;!?]|$)/gu, 'space-before-mark');
  scan(/«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»/gu, 'space-inside-guillemets');
  scan(/\d(?= \d{3}(?!\d)| ?\$)/gu, 'space-in-number');
  return issues;
}

/**
 * A row with French typography in each of its French text fields (`name_fr`, `body_fr`…;
 * never slugs or paths): how text from the database reaches French pages.
 */
export function withFrenchTypography<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string' && key.endsWith('_fr') && !/^(slug|path)_/.test(key)) {
      out[key] = frenchTypography(value);
    }
  }
  return out as T;
}

import { z } from 'zod';

/**
 * A nursery size, structured: what it is measured on (`kind`), one or more numbers (a label
 * such as "40/50/60mm WB" offers any of three calibres), and how the roots are held when the
 * plant is dug (`rootBall`). The unit follows from the kind: container numbers (#5), pot
 * diameter in cm, height in cm, calibre (trunk diameter) in mm, and height in cm for a
 * balled-and-burlapped conifer. Stored in variants.size_kind / size_values / size_root_ball
 * (docs/decisions/034-structured-sizes.md); formatted per locale by formatSize.
 */

export const SIZE_KINDS = ['container', 'pot', 'height', 'caliper', 'balled_burlapped'] as const;
export type SizeKind = (typeof SIZE_KINDS)[number];
export const ROOT_BALLS = ['wire_basket', 'burlap'] as const;
export type RootBall = (typeof ROOT_BALLS)[number];
export type SizeLocale = 'en' | 'fr';

export interface Size {
  kind: SizeKind;
  /** Ascending, 1 to 4 numbers in the kind's unit. */
  values: number[];
  /** caliper: wire basket or burlap; balled_burlapped: always burlap; otherwise null. */
  rootBall: RootBall | null;
}

/** The range each kind's numbers must fall in. */
export const SIZE_LIMITS: Record<SizeKind, { min: number; max: number; unit: '#' | 'cm' | 'mm' }> = {
  container: { min: 1, max: 99, unit: '#' },
  pot: { min: 5, max: 99, unit: 'cm' },
  height: { min: 10, max: 999, unit: 'cm' },
  caliper: { min: 10, max: 300, unit: 'mm' },
  balled_burlapped: { min: 30, max: 999, unit: 'cm' },
};

export const MAX_SIZE_VALUES = 4;

/** French puts a no-break space (U+00A0) between a number and its unit. */
const NBSP = '\u00a0';

/**
 * "#5", "15 cm pot", "80 cm", "50 mm WB", "B&B 150 cm" in English; "Contenant nº 5",
 * "Pot de 15 cm", "80 cm de hauteur", "Calibre 50 mm (panier de broche)", "Motte de jute,
 * 150 cm" in French. Several numbers are joined with "/": "40/50/60 mm WB".
 */
export function formatSize(size: Size, locale: SizeLocale): string {
  const numbers = size.values.join('/');
  if (locale === 'fr') {
    const cm = `${numbers}${NBSP}cm`;
    switch (size.kind) {
      case 'container':
        return `Contenant nº${NBSP}${numbers}`;
      case 'pot':
        return `Pot de ${cm}`;
      case 'height':
        return `${cm} de hauteur`;
      case 'caliper':
        return `Calibre ${numbers}${NBSP}mm (${size.rootBall === 'burlap' ? 'motte de jute' : 'panier de broche'})`;
      case 'balled_burlapped':
        return `Motte de jute, ${cm}`;
    }
  }
  switch (size.kind) {
    case 'container':
      return `#${numbers}`;
    case 'pot':
      return `${numbers} cm pot`;
    case 'height':
      return `${numbers} cm`;
    case 'caliper':
      return `${numbers} mm ${size.rootBall === 'burlap' ? 'B&B' : 'WB'}`;
    case 'balled_burlapped':
      return `B&B ${numbers} cm`;
  }
}

/** The short code a SKU ends with: C5, P15, H80, W50, BB150 (the first number). */
export function sizeCode(size: Size): string {
  const first = size.values[0] ?? 0;
  const prefix = { container: 'C', pot: 'P', height: 'H', caliper: size.rootBall === 'burlap' ? 'B' : 'W' };
  return size.kind === 'balled_burlapped' ? `BB${first}` : `${prefix[size.kind]}${first}`;
}

/** Orders sizes smallest first within a kind, kinds in SIZE_KINDS order. */
export function compareSizes(a: Size, b: Size): number {
  const kind = SIZE_KINDS.indexOf(a.kind) - SIZE_KINDS.indexOf(b.kind);
  if (kind !== 0) return kind;
  for (let i = 0; i < Math.max(a.values.length, b.values.length); i++) {
    const diff = (a.values[i] ?? -1) - (b.values[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return (a.rootBall ?? '').localeCompare(b.rootBall ?? '');
}

/** Two sizes are the same size (a product may not offer one twice). */
export function sameSize(a: Size, b: Size): boolean {
  return compareSizes(a, b) === 0;
}

const NUMBERS = '([1-9][0-9]{0,2}(?:/[1-9][0-9]{0,2}){0,3})';
const LABEL_SHAPES: { pattern: RegExp; size: (values: number[]) => Size }[] = [
  { pattern: new RegExp(`^#${NUMBERS}$`), size: (values) => ({ kind: 'container', values, rootBall: null }) },
  {
    pattern: new RegExp(`^${NUMBERS} ?cm pot$`),
    size: (values) => ({ kind: 'pot', values, rootBall: null }),
  },
  {
    pattern: new RegExp(`^${NUMBERS} ?mm WB$`),
    size: (values) => ({ kind: 'caliper', values, rootBall: 'wire_basket' }),
  },
  {
    pattern: new RegExp(`^${NUMBERS} ?mm B&B$`),
    size: (values) => ({ kind: 'caliper', values, rootBall: 'burlap' }),
  },
  {
    pattern: new RegExp(`^B&B ${NUMBERS} ?cm$`),
    size: (values) => ({ kind: 'balled_burlapped', values, rootBall: 'burlap' }),
  },
  { pattern: new RegExp(`^${NUMBERS} ?cm$`), size: (values) => ({ kind: 'height', values, rootBall: null }) },
];

/**
 * Reads a size label as the nursery wrote them: `#5`, `15cm pot`, `80cm`, `50mm WB`,
 * `40/50/60mm WB`, `B&B 150cm`, `B&B 150/200cm` (a space before the unit is allowed, as
 * formatSize writes English). Null for anything else. The migration that made sizes
 * structured applies the same shapes in SQL (tested against this function). The numbers are
 * not checked against SIZE_LIMITS here: sizeSchema does that when the admin saves.
 */
export function parseSizeLabel(label: string): Size | null {
  const text = label.trim().replace(/\s+/g, ' ');
  for (const shape of LABEL_SHAPES) {
    const match = shape.pattern.exec(text);
    if (!match?.[1]) continue;
    return shape.size(match[1].split('/').map(Number));
  }
  return null;
}

export interface SizeMessages {
  /** "Each size must be a whole number from {min} to {max}." */
  value: string;
  /** "List the sizes from smallest to largest, without repeats." */
  order: string;
  /** "Choose how the roots are held." */
  rootBall: string;
}

const defaultMessages: SizeMessages = {
  value: 'Each size must be a whole number from {min} to {max}.',
  order: 'List the sizes from smallest to largest, without repeats.',
  rootBall: 'Choose how the roots are held.',
};

/** The structured size, with messages in the page's language (the admin form and its API). */
export function sizeSchema(m: SizeMessages = defaultMessages) {
  return z
    .object({
      kind: z.enum(SIZE_KINDS),
      values: z.array(z.number()).min(1, m.value).max(MAX_SIZE_VALUES, m.value),
      rootBall: z.enum(ROOT_BALLS).nullable(),
    })
    .superRefine((size, ctx) => {
      const { min, max } = SIZE_LIMITS[size.kind];
      // One message for the numbers: the form edits them in one field.
      if (size.values.some((value) => !Number.isInteger(value) || value < min || value > max)) {
        ctx.addIssue({
          code: 'custom',
          path: ['values'],
          message: m.value.replace('{min}', String(min)).replace('{max}', String(max)),
        });
      } else if (size.values.some((value, index) => index > 0 && value <= (size.values[index - 1] ?? 0))) {
        ctx.addIssue({ code: 'custom', path: ['values'], message: m.order });
      }
      const rootBallOk =
        size.kind === 'caliper'
          ? size.rootBall !== null
          : size.kind === 'balled_burlapped'
            ? size.rootBall === 'burlap'
            : size.rootBall === null;
      if (!rootBallOk) ctx.addIssue({ code: 'custom', path: ['rootBall'], message: m.rootBall });
    });
}

export const SizeSchema = sizeSchema();

/** The admin form's size: a select for the kind, "40/50/60" for the numbers, a select for the root ball. */
export interface SizeFormValue {
  kind: SizeKind;
  values: string;
  rootBall: RootBall | '';
}

export function toSizeForm(size: Size): SizeFormValue {
  return { kind: size.kind, values: size.values.join('/'), rootBall: size.rootBall ?? '' };
}

/** The form's size read into a Size, then checked by sizeSchema with the page's messages. */
export function sizeFormSchema(m: SizeMessages) {
  return z
    .object({ kind: z.enum(SIZE_KINDS), values: z.string(), rootBall: z.enum(['', ...ROOT_BALLS]) })
    .transform(
      (form): Size => ({
        kind: form.kind,
        values: form.values
          .split('/')
          .map((part) => part.trim())
          // Anything but digits reads as -1: out of every range, so the range message names it.
          .map((part) => (/^[0-9]+$/.test(part) ? Number(part) : -1)),
        rootBall: form.rootBall === '' ? null : form.rootBall,
      }),
    )
    .pipe(sizeSchema(m));
}

/** A size from the database columns (variants or quote_request_items). */
export function sizeFromRow(row: {
  size_kind: SizeKind | null;
  size_values: number[] | null;
  size_root_ball: RootBall | null;
}): Size | null {
  if (!row.size_kind || !row.size_values || row.size_values.length === 0) return null;
  return { kind: row.size_kind, values: row.size_values, rootBall: row.size_root_ball };
}

/** The size in the locale, or the label copied at the time when it had no structured size. */
export function sizeText(size: Size | null, fallbackLabel: string, locale: SizeLocale): string {
  return size ? formatSize(size, locale) : fallbackLabel;
}

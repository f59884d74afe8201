/**
 * Drawn illustrations for products without photos and for category tiles: an SVG of the
 * plant's form in its flower or foliage colour, so a catalog page never shows an empty box.
 */
export const PLANT_FORMS = ['tree', 'conifer', 'shrub', 'flower', 'grass', 'groundcover', 'fruit', 'vine'] as const;
export type PlantForm = (typeof PLANT_FORMS)[number];

const FORM_BY_CATEGORY: Record<string, PlantForm> = {
  trees: 'tree',
  evergreens: 'conifer',
  broadleafs: 'shrub',
  shrubs: 'shrub',
  perennials: 'flower',
  roses: 'flower',
  grasses: 'grass',
  groundcovers: 'groundcover',
  fruits: 'fruit',
  vines: 'vine',
};

/** The share picture of a plant form (src/pages/og/[form].png.ts), for products without photos. */
export function plantArtImagePath(form: PlantForm): string {
  return `/og/${form}.png`;
}

export function formForCategory(rootSlug: string): PlantForm {
  return FORM_BY_CATEGORY[rootSlug] ?? 'shrub';
}

// English colour words (as the catalog writes them) to paint.
const COLOURS: [RegExp, string][] = [
  [/white|cream|ivory/i, '#f4f1e6'],
  [/yellow|gold|lemon/i, '#f2c230'],
  [/orange|apricot|peach|copper/i, '#ef8a3c'],
  [/red|scarlet|crimson/i, '#c8322f'],
  [/pink|rose|salmon|coral/i, '#e98bb1'],
  [/purple|violet|lavender|lilac|mauve/i, '#8d62c2'],
  [/blue/i, '#5b86d6'],
  [/burgundy|maroon|wine/i, '#7a2038'],
  [/bronze|brown/i, '#9a6a3a'],
  [/silver|grey|gray/i, '#b7c0b5'],
];

export function paintFor(colourName: string | null | undefined, fallback = '#6b9c4a'): string {
  if (!colourName) return fallback;
  for (const [pattern, hex] of COLOURS) if (pattern.test(colourName)) return hex;
  return fallback;
}

/**
 * The two paints of a plant's drawing. Leaves are green unless the foliage is named in
 * another colour ("Burgundy", "Gold"); a green with a fall colour after it stays green.
 */
export function plantPaints(
  form: PlantForm,
  flowerColour: string | null | undefined,
  foliageColour: string | null | undefined,
): { bloom: string; leaf: string } {
  const green = form === 'conifer' ? '#3d6b3a' : '#6b9c4a';
  const leafName = foliageColour?.split(/[;,]/)[0];
  return {
    bloom: paintFor(flowerColour, form === 'fruit' ? '#c8322f' : '#e98bb1'),
    leaf: leafName && /green/i.test(leafName) ? green : paintFor(leafName, green),
  };
}

export interface PlantArtInput {
  form: PlantForm;
  bloom: string;
  leaf: string;
  /** Varies the drawing a little between plants of the same form. */
  seed: number;
}

export function plantArtSvg({ form, bloom, leaf, seed }: PlantArtInput): string {
  const sway = (seed % 7) - 3;
  const shapes: Record<PlantForm, string> = {
    tree: `<rect x="56" y="70" width="8" height="36" rx="3" fill="#6b4a2b"/><circle cx="${60 + sway}" cy="52" r="30" fill="${leaf}"/><circle cx="${44 + sway}" cy="62" r="18" fill="${leaf}" opacity=".85"/><circle cx="${77 + sway}" cy="60" r="17" fill="${leaf}" opacity=".9"/>`,
    conifer: `<rect x="57" y="88" width="6" height="18" fill="#6b4a2b"/><path d="M60 14 86 56H70l20 34H30l20-34H34Z" fill="${leaf}"/>`,
    shrub: `<ellipse cx="60" cy="80" rx="40" ry="24" fill="${leaf}"/><ellipse cx="${48 + sway}" cy="66" rx="22" ry="18" fill="${leaf}" opacity=".9"/><ellipse cx="${74 + sway}" cy="64" rx="20" ry="17" fill="${leaf}" opacity=".8"/>${dots(bloom, seed, 5)}`,
    flower: `<path d="M60 104V58" stroke="${leaf}" stroke-width="5"/><path d="M60 86c-14-2-22-12-22-20 12 0 20 8 22 20Zm0-8c12-2 20-10 20-18-10 0-18 6-20 18Z" fill="${leaf}"/>${petals(60, 46, bloom)}`,
    grass: [0, 1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<path d="M60 104C${40 + i * 6} 80 ${20 + i * 13 + sway} 46 ${14 + i * 15} ${24 + (i % 3) * 6}" stroke="${leaf}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
      )
      .join(''),
    groundcover: `<ellipse cx="60" cy="92" rx="48" ry="14" fill="${leaf}"/>${dots(bloom, seed, 9, 84, 96)}`,
    fruit: `<path d="M60 38c-4-10 0-18 8-22" stroke="#6b4a2b" stroke-width="4" fill="none"/><path d="M64 30c8-8 18-6 20-2-6 6-14 6-20 2Z" fill="${leaf}"/><circle cx="48" cy="68" r="24" fill="${bloom}"/><circle cx="72" cy="68" r="24" fill="${bloom}"/>`,
    vine: `<path d="M30 104V16M60 104V16M90 104V16M22 40h76M22 76h76" stroke="#b99c73" stroke-width="3"/><path d="M60 104c-30-20 30-30 0-50s30-30 0-44" stroke="${leaf}" stroke-width="4" fill="none"/>${dots(bloom, seed, 6, 20, 90)}`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" aria-hidden="true"><rect width="120" height="120" fill="#eef3e6"/>${shapes[form]}</svg>`;
}

function petals(cx: number, cy: number, colour: string): string {
  return [0, 72, 144, 216, 288]
    .map(
      (angle) =>
        `<ellipse cx="${cx}" cy="${cy - 12}" rx="8" ry="13" fill="${colour}" transform="rotate(${angle} ${cx} ${cy})"/>`,
    )
    .join('')
    .concat(`<circle cx="${cx}" cy="${cy}" r="6" fill="#f2c230"/>`);
}

function dots(colour: string, seed: number, count: number, top = 56, bottom = 90): string {
  let state = seed * 9301 + 49297;
  const next = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  return Array.from({ length: count }, () => {
    const x = 24 + next() * 72;
    const y = top + next() * (bottom - top);
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4.5" fill="${colour}"/>`;
  }).join('');
}

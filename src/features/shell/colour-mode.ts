import { atom } from 'nanostores';

/** The colour mode the header's select chooses; remembered in localStorage under COLOUR_MODE_KEY. */
export type ColourMode = 'system' | 'light' | 'dark';
export const COLOUR_MODES: readonly ColourMode[] = ['system', 'light', 'dark'];
export const COLOUR_MODE_KEY = 'nursery:colour-mode';

export function isColourMode(value: unknown): value is ColourMode {
  return typeof value === 'string' && (COLOUR_MODES as readonly string[]).includes(value);
}

export const $colourMode = atom<ColourMode>('system');

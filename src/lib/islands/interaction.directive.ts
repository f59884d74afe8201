import type { ClientDirective } from 'astro';
import { adoptingHydration } from './adopt.ts';

/**
 * `client:interaction`: the island's server HTML is shown at once and its JavaScript loads on
 * the visitor's first pointerdown, focus or key press inside it
 * (docs/decisions/031-islands-on-interaction.md). Meanwhile the HTML acts natively and button
 * presses wait their turn, then React adopts what the visitor did (adopt.ts,
 * docs/decisions/048-native-first-islands.md).
 *
 * The value names query parameters that need the island at load (say `client:interaction="sku list"`:
 * the address picks a size or reopens a dialog): with one of them present it hydrates at once.
 */
const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;

const interactionDirective: ClientDirective = (load, options, el) => {
  const start = adoptingHydration(load, el);
  const wanted = typeof options.value === 'string' ? options.value.split(/[\s,]+/).filter(Boolean) : [];
  const params = new URLSearchParams(location.search);
  if (wanted.some((name) => params.has(name))) {
    void start();
    return;
  }
  const onFirstUse = () => {
    for (const type of TRIGGERS) el.removeEventListener(type, onFirstUse, true);
    void start();
  };
  for (const type of TRIGGERS) el.addEventListener(type, onFirstUse, { capture: true, passive: true });
};

export default interactionDirective;

import type { ClientDirective } from 'astro';
import { adoptingHydration } from './adopt.ts';

/**
 * `client:view`: hydrates when the island comes into view, as `client:visible` does, or at the
 * visitor's first pointerdown, focus or key press inside it if that comes first; what the
 * visitor does before React has taken over is kept: the HTML acts natively, button presses
 * wait their turn, and React adopts the fields' state (adopt.ts,
 * docs/decisions/048-native-first-islands.md). For islands below the fold (the profile's forms,
 * the sales-yard chooser) whose code need not load before they are seen.
 */
const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;

const viewDirective: ClientDirective = (load, _options, el) => {
  const start = adoptingHydration(load, el);
  let observer: IntersectionObserver | undefined;
  const begin = () => {
    observer?.disconnect();
    for (const type of TRIGGERS) el.removeEventListener(type, begin, true);
    void start();
  };
  for (const type of TRIGGERS) el.addEventListener(type, begin, { capture: true, passive: true });
  observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) begin();
  });
  // astro-island is display: contents; its children are what has a box.
  for (const child of el.children) observer.observe(child);
};

export default viewDirective;

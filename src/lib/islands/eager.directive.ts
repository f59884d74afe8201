import type { ClientDirective } from 'astro';
import { adoptingHydration } from './adopt.ts';

/**
 * `client:eager`: hydrates at load, as `client:load` does, but what the visitor does before
 * React has taken over is kept: the HTML acts natively, button presses wait their turn, and
 * React adopts the fields' state (adopt.ts, docs/decisions/048-native-first-islands.md).
 * For islands needed at once (the cart page is its island) on a network slow enough that the
 * visitor gets there first.
 */
const eagerDirective: ClientDirective = (load, _options, el) => {
  void adoptingHydration(load, el)();
};

export default eagerDirective;

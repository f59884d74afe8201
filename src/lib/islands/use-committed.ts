import { useLayoutEffect } from 'react';
import { ISLAND_COMMITTED } from './committed.ts';

/**
 * Says, within React's commit of the component's first render, that its fields are registered
 * (committed.ts): what the visitor did before React is then handed over in the same task.
 * A layout effect runs after the ref callbacks of everything the component renders.
 */
export function useIslandCommitted(): void {
  useLayoutEffect(() => {
    document.dispatchEvent(new Event(ISLAND_COMMITTED));
  }, []);
}

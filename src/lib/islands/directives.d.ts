import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrates on the first pointerdown, focus or key press inside the island, keeping what the
     * visitor did meanwhile; a string names query parameters that make it hydrate at load
     * (src/lib/islands/interaction.directive.ts).
     */
    'client:interaction'?: boolean | string;
    /**
     * Hydrates at load, keeping what the visitor did before React took over
     * (src/lib/islands/eager.directive.ts).
     */
    'client:eager'?: boolean;
    /**
     * Hydrates when in view or at the first use, keeping what the visitor did before React took
     * over (src/lib/islands/view.directive.ts).
     */
    'client:view'?: boolean;
  }
}

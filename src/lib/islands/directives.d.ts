import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrates on the first pointerdown, focus or key press inside the island; a string names
     * query parameters that make it hydrate at load (src/lib/islands/interaction.directive.ts).
     */
    'client:interaction'?: boolean | string;
  }
}

import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Adds `client:interaction` (interaction.directive.ts; docs/decisions/031-islands-on-interaction.md). */
export function interactionIslands(): AstroIntegration {
  return {
    name: 'nursery:interaction-islands',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction.directive.ts', import.meta.url)),
        });
      },
    },
  };
}

import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Adds `client:interaction` (interaction.directive.ts; docs/decisions/031-islands-on-interaction.md)
 * `client:eager` and `client:view` (eager.directive.ts, view.directive.ts;
 * docs/decisions/048-native-first-islands.md).
 */
export function interactionIslands(): AstroIntegration {
  return {
    name: 'nursery:interaction-islands',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction.directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'view',
          entrypoint: fileURLToPath(new URL('./view.directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'eager',
          entrypoint: fileURLToPath(new URL('./eager.directive.ts', import.meta.url)),
        });
      },
    },
  };
}

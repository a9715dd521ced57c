/**
 * Astro integration: the `client:intent` client directive (src/browser/intent-directive.ts), which hydrates an
 * island on the first use of its controls instead of at load (REFERENCE.md "Budgets" JavaScript budget). Astro bundles the
 * entrypoint into an inline script of the pages that use it and adds its hash to the Content Security Policy.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The directive's name: `client:intent` in a component's markup. */
export const INTENT_DIRECTIVE = 'intent';

export default function intentDirective(): AstroIntegration {
  return {
    name: 'insurer:intent-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: INTENT_DIRECTIVE, entrypoint: fileURLToPath(new URL('../browser/intent-directive.ts', import.meta.url)) });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates the island on the first use of the controls this CSS selector matches (src/browser/intent-directive.ts). */
    'client:intent'?: string;
  }
}

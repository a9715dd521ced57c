/** The layout's module preloads (src/integrations/module-preload.ts), read when a page renders. */
declare module 'virtual:insurer/module-preloads' {
  /** URLs (`/_astro/…`) of the chunks the layout's script imports; `[]` before a client build (dev server). */
  export function layoutModulePreloads(): readonly string[];
}

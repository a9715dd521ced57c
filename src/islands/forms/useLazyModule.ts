/**
 * A module a form island needs only once the visitor uses the form (its zod schema): loaded on the first
 * `ensure()` call, which the form makes on its first focus or pointer press, so the page ships without it
 * (REFERENCE.md "Budgets": the heaviest page ≤ 100 KB of JavaScript, gzip).
 *
 * `useLazyModule(load)` → `{ module, ensure }`: `module` is undefined until the import resolves (the island
 * re-renders then); `ensure()` starts the import once and resolves with the module. A failed import rejects;
 * Vite's `vite:preloadError` reload (SiteRuntime) keeps the visitor's draft, which lives in sessionStorage.
 */
import { useCallback, useRef, useState } from 'react';

export function useLazyModule<M>(load: () => Promise<M>): { module: M | undefined; ensure: () => Promise<M> } {
  const [module, setModule] = useState<M>();
  const pending = useRef<Promise<M> | undefined>(undefined);
  const ensure = useCallback(() => {
    pending.current ??= load().then(
      (loaded) => {
        setModule(() => loaded);
        return loaded;
      },
      (error: unknown) => {
        pending.current = undefined;
        throw error;
      },
    );
    return pending.current;
    // `load` is a module-level import thunk: it never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { module, ensure };
}

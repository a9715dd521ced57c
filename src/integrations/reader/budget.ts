/**
 * The audio reader's time budget per build (READER_BUDGET_SECONDS, ReaderSettings.budgetSeconds): speech never
 * delays a publish. Once the budget is spent no new segment starts; pages whose audio is then incomplete read their
 * previous text's audio or show no player until a later build (src/integrations/reader/manifests.ts), and the
 * build report counts them (ReaderReport in src/integrations/reader.ts).
 */

/** What a page's manifest reads: its text, its previous text's audio (budget spent), or nothing yet (budget spent). */
export type PageAudio = 'text' | 'previous' | 'none';

/** One build's synthesis budget. */
export interface SynthesisBudget {
  /**
   * Whether a new segment may start: false once the budget's seconds have passed on its clock since it was opened,
   * and from then on (once spent, it stays spent).
   */
  mayStart(): boolean;
  /** Whether mayStart has found the budget spent. */
  readonly spent: boolean;
  /** Whether the budget lets anything be synthesized: a budget of 0 s does not even load the engine. */
  readonly allowsSynthesis: boolean;
}

/**
 * Opens a budget of `seconds` (s) measured on `clock` (ms, e.g. performance.now; tests pass a fake one), starting
 * now: reading pages and loading the engine count against it.
 */
export function openBudget(seconds: number, clock: () => number): SynthesisBudget {
  const start = clock();
  const budgetMs = seconds * 1000;
  let spent = false;
  return {
    mayStart: () => {
      if (!spent) spent = clock() - start >= budgetMs;
      return !spent;
    },
    get spent() {
      return spent;
    },
    allowsSynthesis: budgetMs > 0,
  };
}

/** The budget's account of a run: pages by what they read, and what the budget left for a later build. */
export interface BudgetAccount {
  /** Pages whose manifest reads their text, their previous text's audio, or nothing (no player) yet. */
  withAudio: number;
  withPreviousAudio: number;
  withoutAudio: number;
  /** Pages whose text still awaits its audio: withPreviousAudio + withoutAudio. */
  awaiting: number;
  /** Whether the budget was spent, and the distinct segments it left for a later build. */
  budgetSpent: boolean;
  deferred: number;
}

/**
 * The account of a run: `pages` (count of pages with something to read), `audio` (what each page's manifest
 * reads, one entry per page written), `segments` (each distinct segment's job result, undefined when the budget
 * left it).
 */
export function accountBudget(budget: SynthesisBudget, pages: number, audio: readonly PageAudio[], segments: readonly unknown[]): BudgetAccount {
  const withPreviousAudio = audio.filter((read) => read === 'previous').length;
  const withoutAudio = audio.filter((read) => read === 'none').length;
  return {
    withAudio: pages - withPreviousAudio - withoutAudio,
    withPreviousAudio,
    withoutAudio,
    awaiting: withPreviousAudio + withoutAudio,
    budgetSpent: budget.spent,
    deferred: segments.filter((segment) => segment === undefined).length,
  };
}

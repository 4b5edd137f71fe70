/**
 * What a release job does, as one table read top to bottom (RELEASE_RULES): nothing (the
 * stock and the configuration are as released, and no full build is due), nothing (a rollback
 * holds the tenant), a full build (with why), or an incremental one. Pure. A fact that costs
 * I/O or work (the hold, the previous release's files, the header menu, the page plan) is asked
 * for only when its row is reached: decideRelease returns `{ need }` and is called again with
 * the fact filled in.
 */

/** What the decision reads; the optional facts are filled in when asked for. */
export interface ReleaseFacts {
  /** The tenant has a live release with a record in the state. */
  hasPrevious: boolean;
  /** Site config, tenant files or code differ from the live release's. */
  configChanged: boolean;
  /** No visible car was added, changed or removed. */
  stockUnchanged: boolean;
  /** A full build was asked for (`--full`). */
  forced: boolean;
  /** A Meilisearch tenant's build-minted token is due for renewal. */
  tokenRefreshDue: boolean;
  /** Incremental builds are turned off (benchmarks). */
  incrementalOff: boolean;
  /** The last full build is older than the periodic full build interval: a full build even of unchanged stock, so the pages' time rules (New Arrival) follow the clock. */
  fullDue: boolean;
  /** Visible cars of the new stock. */
  visible: number;
  /** Largest share of visible cars an incremental release re-renders. */
  maxIncrementalShare: number;
  /** The release is served from this disk (the local publisher) and its `current` is not the live release, whose files are gone too (run.ts restoreCurrent points at them when they are there): never unchanged. */
  servedMissing: boolean;
  /** A rollback holds the tenant (state). */
  held?: boolean;
  /** The live release's files are in the local cache, or were fetched from the publisher. */
  previousCached?: boolean;
  /** The header's Range menu models changed (every page shows them). */
  menuChanged?: boolean;
  /** Car pages the page plan would render. */
  affected?: number;
}

/** A fact to fill in before the decision can go on. */
export type ReleaseFact = 'held' | 'previousCached' | 'menuChanged' | 'affected';

export type ReleaseDecision = { need: ReleaseFact } | { mode: 'unchanged' } | { mode: 'held' } | { mode: 'full' | 'incremental'; why: string };

/** One row: when it applies (or the fact it needs first), and what it decides. */
interface Rule {
  needs?: ReleaseFact;
  when: (facts: ReleaseFacts) => boolean;
  then: (facts: ReleaseFacts) => Exclude<ReleaseDecision, { need: ReleaseFact }>;
}

const full = (why: string) => () => ({ mode: 'full' as const, why });

/** The largest number of car pages an incremental release renders. */
export const incrementalLimit = (facts: Pick<ReleaseFacts, 'visible' | 'maxIncrementalShare'>) => Math.max(1, facts.visible * facts.maxIncrementalShare);

/** The rows, in order: the first that applies decides. */
export const RELEASE_RULES: readonly Rule[] = [
  {
    when: (f) => f.hasPrevious && !f.configChanged && f.stockUnchanged && !f.forced && !f.tokenRefreshDue && !f.fullDue && !f.servedMissing,
    then: () => ({ mode: 'unchanged' }),
  },
  { needs: 'held', when: (f) => f.held === true, then: () => ({ mode: 'held' }) },
  { when: (f) => !f.hasPrevious, then: full('first release') },
  { when: (f) => f.forced, then: full('forced') },
  { when: (f) => f.tokenRefreshDue, then: full('search tenant token refresh') },
  { when: (f) => f.incrementalOff, then: full('incremental builds disabled') },
  { when: (f) => f.configChanged, then: full('site config, tenant files or code changed') },
  { when: (f) => f.fullDue, then: full('periodic full build (time rules)') },
  // Only an incremental release starts from the live release's files: a full one never fetches them (a code deploy).
  {
    needs: 'previousCached',
    when: (f) => f.previousCached === false,
    then: full('the live release is neither in the local cache nor fetchable from the publisher'),
  },
  { needs: 'menuChanged', when: (f) => f.menuChanged === true, then: full('the header menu models changed (every page shows them)') },
  {
    needs: 'affected',
    when: (f) => f.affected! > incrementalLimit(f),
    then: (f) => ({ mode: 'full', why: `${f.affected} affected car pages: a full build is as cheap` }),
  },
  { when: () => true, then: (f) => ({ mode: 'incremental', why: `${f.affected} affected car page(s)` }) },
];

/** The first rule that applies, or the fact the next rule needs. */
export function decideRelease(facts: ReleaseFacts): ReleaseDecision {
  for (const rule of RELEASE_RULES) {
    if (rule.needs && facts[rule.needs] === undefined) return { need: rule.needs };
    if (rule.when(facts)) return rule.then(facts);
  }
  throw new Error('no release rule applied');
}

/** Decide, filling in each fact the table asks for (in the order it asks). */
export async function decideWith(
  facts: ReleaseFacts,
  fill: { [K in ReleaseFact]: () => Promise<ReleaseFacts[K]> | ReleaseFacts[K] },
): Promise<Exclude<ReleaseDecision, { need: ReleaseFact }>> {
  let known = facts;
  for (;;) {
    const decision = decideRelease(known);
    if (!('need' in decision)) return decision;
    known = { ...known, [decision.need]: await fill[decision.need]() };
  }
}

/** The release decision table (decide.ts), row by row: each row decides when reached, and the facts that cost work are asked for only then. */
import { describe, expect, it } from 'vitest';
import { decideRelease, decideWith, RELEASE_RULES, type ReleaseFacts } from './decide.ts';

/** A live tenant whose stock changed by a few cars: every cheap fact set, the costly ones not yet known. */
const base: ReleaseFacts = {
  hasPrevious: true,
  configChanged: false,
  stockUnchanged: false,
  forced: false,
  tokenRefreshDue: false,
  incrementalOff: false,
  fullDue: false,
  visible: 100,
  maxIncrementalShare: 0.5,
  servedMissing: false,
};
/** The costly facts of that tenant: not held, cached, same menu, 3 car pages affected. */
const known: ReleaseFacts = { ...base, held: false, previousCached: true, menuChanged: false, affected: 3 };

describe('decideRelease, one row at a time', () => {
  const rows: [string, Partial<ReleaseFacts>, ReturnType<typeof decideRelease>][] = [
    ['1 unchanged: same config, same stock', { stockUnchanged: true }, { mode: 'unchanged' }],
    ['2 held by a rollback', { held: true }, { mode: 'held' }],
    ['3 first release', { hasPrevious: false }, { mode: 'full', why: 'first release' }],
    ['4 forced', { forced: true, stockUnchanged: true }, { mode: 'full', why: 'forced' }],
    ['5 search token refresh', { tokenRefreshDue: true, stockUnchanged: true }, { mode: 'full', why: 'search tenant token refresh' }],
    ['6 incremental builds off', { incrementalOff: true }, { mode: 'full', why: 'incremental builds disabled' }],
    ['7 config or code changed', { configChanged: true, stockUnchanged: true }, { mode: 'full', why: 'site config, tenant files or code changed' }],
    ['8 periodic full build', { fullDue: true }, { mode: 'full', why: 'periodic full build (time rules)' }],
    [
      '9 the live release is not at hand',
      { previousCached: false },
      { mode: 'full', why: 'the live release is neither in the local cache nor fetchable from the publisher' },
    ],
    ['10 the header menu changed', { menuChanged: true }, { mode: 'full', why: 'the header menu models changed (every page shows them)' }],
    ['11 too many car pages', { affected: 51 }, { mode: 'full', why: '51 affected car pages: a full build is as cheap' }],
    ['12 incremental', { affected: 50 }, { mode: 'incremental', why: '50 affected car page(s)' }],
  ];

  it('has one test row per rule', () => {
    expect(rows).toHaveLength(RELEASE_RULES.length);
  });

  it('a tenant whose stock and config are as released is still built in full once its last full build is a day old (time rules)', () => {
    expect(decideRelease({ ...known, stockUnchanged: true, fullDue: true })).toEqual({ mode: 'full', why: 'periodic full build (time rules)' });
  });

  for (const [name, change, decision] of rows) {
    it(name, () => {
      expect(decideRelease({ ...known, ...change })).toEqual(decision);
    });
  }

  it('a rule earlier in the table wins (a forced first release is a first release; an unchanged held tenant is unchanged)', () => {
    expect(decideRelease({ ...known, hasPrevious: false, forced: true })).toEqual({ mode: 'full', why: 'first release' });
    expect(decideRelease({ ...known, stockUnchanged: true, held: true })).toEqual({ mode: 'unchanged' });
    expect(decideRelease({ ...known, forced: true, stockUnchanged: true, held: true })).toEqual({ mode: 'held' });
  });

  it('a release served from this disk whose current and files are gone is never unchanged: made again in full', () => {
    expect(decideRelease({ ...known, stockUnchanged: true, servedMissing: true, previousCached: false })).toEqual({
      mode: 'full',
      why: 'the live release is neither in the local cache nor fetchable from the publisher',
    });
  });

  it('one affected car page is always incremental, even for a single-car tenant', () => {
    expect(decideRelease({ ...known, visible: 1, affected: 1 })).toEqual({ mode: 'incremental', why: '1 affected car page(s)' });
  });
});

describe('the facts that cost work are asked for only when their row is reached', () => {
  it('asks for the hold, then the cache, the menu and the plan, in that order', () => {
    expect(decideRelease(base)).toEqual({ need: 'held' });
    expect(decideRelease({ ...base, held: false })).toEqual({ need: 'previousCached' });
    expect(decideRelease({ ...base, held: false, previousCached: true })).toEqual({ need: 'menuChanged' });
    expect(decideRelease({ ...base, held: false, previousCached: true, menuChanged: false })).toEqual({ need: 'affected' });
  });

  /** Facts that record the order they were asked for in `asked`; `cached`: whether the live release is at hand. */
  const recording = (cached: boolean) => {
    const asked: string[] = [];
    const fill = {
      held: () => (asked.push('held'), false),
      previousCached: () => (asked.push('previousCached'), cached),
      menuChanged: () => (asked.push('menuChanged'), false),
      affected: () => (asked.push('affected'), 3),
    };
    return { asked, fill };
  };

  it('an unchanged tenant reads no fact; a first release never fetches; a forced build neither fetches nor plans', async () => {
    const { asked, fill } = recording(true);
    expect(await decideWith({ ...base, stockUnchanged: true }, fill)).toEqual({ mode: 'unchanged' });
    expect(asked).toEqual([]);
    expect(await decideWith({ ...base, hasPrevious: false }, fill)).toEqual({ mode: 'full', why: 'first release' });
    expect(asked).toEqual(['held']);
    asked.length = 0;
    expect(await decideWith({ ...base, forced: true }, fill)).toEqual({ mode: 'full', why: 'forced' });
    expect(asked).toEqual(['held']);
    asked.length = 0;
    expect(await decideWith(base, fill)).toEqual({ mode: 'incremental', why: '3 affected car page(s)' });
    expect(asked).toEqual(['held', 'previousCached', 'menuChanged', 'affected']);
  });

  it('a release that is full whatever the cache holds never fetches the live release (a code deploy on a worker that lacks it)', async () => {
    const { asked, fill } = recording(false);
    for (const [change, why] of [
      [{ configChanged: true }, 'site config, tenant files or code changed'],
      [{ forced: true }, 'forced'],
      [{ tokenRefreshDue: true }, 'search tenant token refresh'],
      [{ incrementalOff: true }, 'incremental builds disabled'],
      [{ fullDue: true }, 'periodic full build (time rules)'],
    ] as const) {
      asked.length = 0;
      expect(await decideWith({ ...base, ...change }, fill)).toEqual({ mode: 'full', why });
      expect(asked).toEqual(['held']);
    }
  });
});

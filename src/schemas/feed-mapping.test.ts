/** parseFeedMapping: a bad feed-mapping.json is refused field by field, in words. */
import { describe, expect, it } from 'vitest';
import { parseFeedMapping } from './feed-mapping.ts';

describe('parseFeedMapping', () => {
  it('names an unknown key, offers the known one spelt alike and points at the reference', () => {
    expect(parseFeedMapping({ colums: { Odo: 'km' } })).toEqual({
      ok: false,
      problems: ['field colums: unknown field "colums": did you mean "columns"? (see docs/feed-mapping.md)'],
    });
  });

  it('lists the allowed values in words', () => {
    expect(parseFeedMapping({ format: 'excel' })).toEqual({ ok: false, problems: ['field format: must be one of "auto", "csv", "xml", got "excel"'] });
  });
});

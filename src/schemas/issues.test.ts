/** issueLines / issueMessage: one wording for a bad config file or stock record, what is wrong and where, in words (never valibot's default text or a regex). */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issueLines, issueMessage } from './issues.ts';

const Hours = v.strictObject({
  weekday: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
  open: v.optional(v.pipe(v.string(), v.regex(/^\d\d:\d\d$/, "expected a 24-hour time, e.g. '09:00'"))),
  note: v.optional(v.pipe(v.string(), v.regex(/^[a-z]+$/))),
});
const Config = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1)),
  timezone: v.optional(v.string()),
  format: v.optional(v.picklist(['json', 'adf'])),
  id: v.optional(v.union([v.number(), v.string()])),
  tags: v.optional(v.pipe(v.array(v.string()), v.maxLength(2))),
  theme: v.optional(v.strictObject({ primary: v.optional(v.string()), accent: v.optional(v.string()) })),
  hours: v.optional(v.array(Hours)),
});

const linesOf = (data: unknown) => {
  const result = v.safeParse(Config, data);
  if (result.success) throw new Error('the data passed');
  return issueLines(result.issues, { schema: Config, docs: 'docs/site-json.md' });
};

describe('issueLines', () => {
  it('names an unknown field, offers a known one spelt alike and points at the reference', () => {
    expect(linesOf({ name: 'A', timezon: 'Australia/Sydney' })).toEqual([
      'field timezon: unknown field "timezon": did you mean "timezone"? (see docs/site-json.md)',
    ]);
    expect(linesOf({ name: 'A', theme: { primay: '#fff' } })).toEqual([
      'field theme.primay: unknown field "primay": did you mean "primary"? (see docs/site-json.md)',
    ]);
    expect(linesOf({ name: 'A', hours: [{ weekday: 1, opne: '09:00' }] })).toEqual([
      'field hours.0.opne: unknown field "opne": did you mean "open"? (see docs/site-json.md)',
    ]);
  });

  it('offers nothing when no known field is spelt alike', () => {
    expect(linesOf({ name: 'A', colour_scheme: 'dark' })).toEqual(['field colour_scheme: unknown field "colour_scheme" (see docs/site-json.md)']);
  });

  it('says a required field is missing', () => {
    expect(linesOf({})).toEqual(['field name: required field is missing']);
  });

  it('says a bound in words with what was given', () => {
    expect(linesOf({ name: 'A', hours: [{ weekday: 7 }] })).toEqual(['field hours.0.weekday: must be at most 6, got 7']);
    expect(linesOf({ name: 'A', hours: [{ weekday: 1.5 }] })).toEqual(['field hours.0.weekday: must be a whole number, got 1.5']);
    expect(linesOf({ name: '' })).toEqual(['field name: must not be empty']);
    expect(linesOf({ name: 'A', tags: ['a', 'b', 'c'] })).toEqual(['field tags: must hold at most 2 entries, got 3']);
  });

  it("keeps the schema's own message, adds what was given, and never prints a regex", () => {
    expect(linesOf({ name: 'A', hours: [{ weekday: 1, open: '8:30am' }] })).toEqual([
      `field hours.0.open: expected a 24-hour time, e.g. '09:00' (got "8:30am")`,
    ]);
    const [line] = linesOf({ name: 'A', hours: [{ weekday: 1, note: 'X1' }] });
    expect(line).toBe('field hours.0.note: is not in the expected form, got "X1"');
    expect(line).not.toMatch(/[/^$\\]/);
  });

  it('lists the allowed values and the types in words', () => {
    expect(linesOf({ name: 'A', format: 'xml' })).toEqual(['field format: must be one of "json", "adf", got "xml"']);
    expect(linesOf({ name: 'A', format: 'jsno' })).toEqual(['field format: must be one of "json", "adf", got "jsno": did you mean "json"?']);
    expect(linesOf({ name: 42 })).toEqual(['field name: must be text, got 42']);
    expect(linesOf({ name: 'A', id: { a: 1 } })).toEqual(['field id: must be a number or text, got an object']);
    expect(linesOf({ name: 'A', hours: 'all day' })).toEqual(['field hours: must be a list, got "all day"']);
    expect(linesOf('x')).toEqual(['field (root): must be an object, got "x"']);
  });

  it('shortens a long value it repeats', () => {
    const [line] = linesOf({ name: 'A', hours: [{ weekday: 1, open: 'x'.repeat(200) }] });
    expect(line!.length).toBeLessThan(160);
  });
});

describe('issueMessage', () => {
  it('needs no schema: a stock record field or a config file without a reference', () => {
    const result = v.safeParse(Config, { name: 'A', timezon: 'x' });
    expect(result.success).toBe(false);
    expect(issueMessage(result.issues![0]!)).toBe('unknown field "timezon"');
  });

  it('repeats no value when told not to (the environment, whose variables hold secrets)', () => {
    const Env = v.object({
      LEVEL: v.optional(v.picklist(['info', 'debug'])),
      PREFIX: v.optional(v.pipe(v.number(), v.maxValue(128))),
      SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'expected at least 16 characters'))),
      URL: v.optional(v.pipe(v.string(), v.regex(/^postgres:/))),
      KEY: v.optional(v.pipe(v.string(), v.maxLength(4))),
    });
    const result = v.safeParse(Env, { LEVEL: 'debgu', PREFIX: 200, SECRET: 'hunter2', URL: 'mysql://u:pw@db', KEY: 'abcdef' });
    expect(result.success).toBe(false);
    expect(result.issues!.map((issue) => issueMessage(issue, { showValue: false }))).toEqual([
      'must be one of "info", "debug": did you mean "debug"?',
      'must be at most 128',
      'expected at least 16 characters',
      'is not in the expected form',
      'must be at most 4 characters long',
    ]);
  });
});

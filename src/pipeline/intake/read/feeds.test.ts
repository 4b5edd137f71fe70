import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { applyPush, feedKindOfFile, parsePushBody, readCsvFeed, readSnapshotFeed, signBody, signPush, verifySignature } from './feeds.ts';

const car = (id: number, extra: Record<string, unknown> = {}) => ({ id, slug: `car-${id}`, make: 'Toyota', model: 'Corolla', price: 20000 + id, status: 'in_stock', car_type: 'used', ...extra });

describe('webhook signatures', () => {
  const body = JSON.stringify([car(1)]);
  it('accepts the HMAC-SHA256 of the exact body with the tenant secret', () => {
    expect(verifySignature(body, signBody(body, 's3cret'), 's3cret')).toBe(true);
  });
  it.each([
    ['unsigned', undefined, 's3cret'],
    ['signed with another secret', signBody(body, 'other'), 's3cret'],
    ['signature of another body', signBody(`${body} `, 's3cret'), 's3cret'],
    ['no secret configured', signBody(body, 's3cret'), undefined],
    ['truncated signature', signBody(body, 's3cret').slice(0, 20), 's3cret'],
  ])('rejects a push that is %s', (_name, signature, secret) => {
    expect(verifySignature(body, signature, secret)).toBe(false);
  });
});

describe('M13 push signatures cover the timestamp', () => {
  const body = JSON.stringify([car(1)]);
  it('M13 signs "<timestamp>.<body>", so the same body at another time has another signature', () => {
    expect(signPush(body, 's3cret', 1700000000)).toBe(`sha256=${createHmac('sha256', 's3cret').update(`1700000000.${body}`).digest('hex')}`);
    expect(signPush(body, 's3cret', 1700000000)).not.toBe(signPush(body, 's3cret', 1700000001));
    expect(signPush(body, 's3cret', 1700000000)).not.toBe(signBody(body, 's3cret'));
  });
});

describe('the model year and the intake clock', () => {
  const NOW = Date.parse('2026-11-21T00:00:00Z');
  const refused = /field year: must not be later than next year \(2027\), received 2031; record skipped$/;

  it('a snapshot, a CSV export and a push read with the clock refuse a year more than one after its year', () => {
    const snapshot = readSnapshotFeed('t', JSON.stringify([car(1), car(2, { year: 2031 })]), 'stock.json', NOW);
    expect(snapshot).toMatchObject({ ok: true, valid: 1, problems: [expect.stringMatching(refused)] });
    expect(snapshot.ok && snapshot.parsed?.latestModelYear).toBe(2027);
    const csv = readCsvFeed('t', 'Stock Number,Make,Model,Year,Price,Status\nA1,Kia,Rio,2031,9990,Available\nA2,Kia,Rio,2027,9990,Available\n', NOW);
    expect(csv).toMatchObject({ ok: true, valid: 1, problems: [expect.stringMatching(refused)] });
    const push = applyPush('t', [car(1)], { vehicles: [car(2, { year: 2031 }), car(3)], removed: [] }, NOW);
    expect(push).toMatchObject({ ok: true, accepted: 1, rejected: 1, problems: [expect.stringMatching(refused)] });
    expect(push.ok && push.parsed?.latestModelYear).toBe(2027);
  });
});

describe("the model year of a feed read without the site (the intake's reader)", () => {
  it('takes next year\'s model once a year has begun anywhere (UTC+14), not from midnight UTC', () => {
    // 00:30 on 1 January 2027 in Brisbane, still 31 December 2026 in UTC.
    const NOW = Date.parse('2026-12-31T14:30:00Z');
    const push = applyPush('t', [car(1)], { vehicles: [car(2, { year: 2028 })], removed: [] }, NOW);
    expect(push).toMatchObject({ ok: true, accepted: 1, rejected: 0, problems: [] });
    expect(push.ok && push.parsed?.latestModelYear).toBe(2028);
  });
});

describe('snapshot feeds', () => {
  it('accepts an array or { vehicles }, reporting bad records', () => {
    const result = readSnapshotFeed('t', JSON.stringify({ vehicles: [car(1), { id: 2, slug: 'Bad Slug', status: 'in_stock', car_type: 'used' }] }));
    expect(result).toMatchObject({ ok: true, read: 2, valid: 1 });
    expect(result.problems.join('\n')).toMatch(/record id 2 \(#1\) field slug/);
  });
  it.each([
    ['not JSON', '{oops', /invalid JSON/],
    ['not an array', '{"cars": 1}', /expected a JSON array/],
    ['all records invalid', JSON.stringify([{ id: 1 }, { id: 2 }]), /no valid vehicle record/],
  ])('rejects a feed that is %s', (_name, text, reason) => {
    const result = readSnapshotFeed('t', text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
  it('accepts an empty snapshot (a dealer with no stock)', () => {
    expect(readSnapshotFeed('t', '[]')).toMatchObject({ ok: true, read: 0 });
  });
});

describe('csv feeds', () => {
  it('rejects a CSV with a header only', () => {
    expect(readCsvFeed('t', 'Stock Number,Make,Model,Price,Status\n')).toMatchObject({ ok: false });
  });
});

describe('webhook pushes', () => {
  const current = [car(1), car(2), car(3)];
  it('parses one car, an array, and { vehicles, removed }', () => {
    expect(parsePushBody(JSON.stringify(car(1)))).toEqual({ vehicles: [car(1)], removed: [] });
    expect(parsePushBody(JSON.stringify([car(1)]))).toEqual({ vehicles: [car(1)], removed: [] });
    expect(parsePushBody(JSON.stringify({ removed: [2] }))).toEqual({ vehicles: [], removed: ['2'] });
    expect(() => parsePushBody('{"vehicles": 3}')).toThrow(/must be an array/);
  });
  it('replaces by id, adds new cars and drops removed ids', () => {
    const result = applyPush('t', current, { vehicles: [car(2, { price: 1 }), car(9)], removed: ['3'] });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.records).toEqual([car(1), car(2, { price: 1 }), car(9)]);
  });
  it('keeps the previous version of a car whose pushed record is invalid', () => {
    const result = applyPush('t', current, { vehicles: [car(1, { status: 'gone' }), car(2, { price: 5 })], removed: [] });
    expect(result).toMatchObject({ ok: true, accepted: 1, rejected: 1 });
    if (result.ok) expect(result.records).toEqual([car(1), car(2, { price: 5 }), car(3)]);
  });
  it('stores the first of two pushed records with one id, the one it publishes (docs/decisions.md), never a later invalid or duplicate one', () => {
    const invalidSecond = applyPush('t', current, { vehicles: [car(2, { price: 19_000 }), car(2, { status: 'bogus' })], removed: [] });
    expect(invalidSecond).toMatchObject({ ok: true, accepted: 1, rejected: 1 });
    if (invalidSecond.ok) expect(invalidSecond.records).toEqual([car(1), car(2, { price: 19_000 }), car(3)]);
    const validSecond = applyPush('t', current, { vehicles: [car(2, { price: 19_000 }), car(2, { price: 25_000, slug: 'car-2b' })], removed: [] });
    expect(validSecond).toMatchObject({ ok: true, accepted: 1, rejected: 1 });
    if (validSecond.ok) expect(validSecond.records).toEqual([car(1), car(2, { price: 19_000 }), car(3)]);
  });
  it('rejects a pushed car whose stock number or slug another current car uses, and says so (the site keeps the old car)', () => {
    const stocked = [car(1, { stocknum: 'A1' }), car(2, { stocknum: 'B2' })];
    const added = applyPush('t', stocked, { vehicles: [car(3, { stocknum: 'a1 ', price: 25_000 })], removed: [] });
    expect(added).toMatchObject({ ok: false, problems: [expect.stringMatching(/^t: webhook push record id 3, stock a1 \(#0\) field stocknum: duplicate stock number "a1 " \(already used by id 1, stock A1 \(#0\)\); record skipped$/)] });
    const mixed = applyPush('t', stocked, { vehicles: [car(4), car(5, { slug: 'car-2' })], removed: [] });
    expect(mixed).toMatchObject({ ok: true, accepted: 1, rejected: 1, problems: [expect.stringMatching(/record id 5 \(#1\) field slug: duplicate slug "car-2"/)] });
    if (mixed.ok) expect(mixed.records).toEqual([...stocked, car(4)]);
  });
  it('keeps the previous version of a car whose pushed record takes another current car\'s stock number, and never takes that other car off', () => {
    const stocked = [car(1, { stocknum: 'A1' }), car(2, { stocknum: 'B2' })];
    for (const pushed of [car(1, { stocknum: 'B2' }), car(2, { stocknum: 'A1' })]) {
      const result = applyPush('t', stocked, { vehicles: [pushed, car(3)], removed: [] });
      expect(result).toMatchObject({ ok: true, accepted: 1, rejected: 1, problems: [expect.stringMatching(/duplicate stock number/)] });
      if (result.ok) expect(result.records).toEqual([...stocked, car(3)]);
      if (result.ok) expect(result.parsed?.cars.map((parsed) => parsed.id)).toEqual([1, 2, 3]);
    }
  });
  it('accepts a pushed car with a value the reader drops (a non-http photo, a negative price), the value dropped and said once', () => {
    const result = applyPush('t', current, { vehicles: [car(2, { price: 21_000, before_price: -5, images: [{ image: 'ftp://photos.example/a.jpg' }] })], removed: [] });
    expect(result).toMatchObject({ ok: true, accepted: 1, rejected: 0 });
    if (result.ok) expect(result.parsed?.cars.find((parsed) => parsed.id === 2)).toMatchObject({ price: 21_000 });
    if (result.ok) expect(result.problems.filter((line) => /before_price/.test(line))).toHaveLength(1);
  });
  it('rejects a pushed car that clashes with the previous version of a car whose own push was rejected', () => {
    const stocked = [car(1, { stocknum: 'A1' }), car(2, { stocknum: 'B2' })];
    const result = applyPush('t', stocked, { vehicles: [car(2, { stocknum: 'A1' }), car(3, { stocknum: 'B2' }), car(4)], removed: [] });
    expect(result).toMatchObject({ ok: true, accepted: 1, rejected: 2 });
    if (result.ok) expect(result.records).toEqual([...stocked, car(4)]);
    if (result.ok) expect(result.parsed?.skipped).toBe(0);
  });
    it('rejects a push with nothing valid in it', () => {
    expect(applyPush('t', current, { vehicles: [{ id: 1 }], removed: [] })).toMatchObject({ ok: false });
    expect(applyPush('t', current, { vehicles: [], removed: [] })).toMatchObject({ ok: false });
  });
});

describe('feedKindOfFile', () => {
  it.each([
    ['stock.json', 'snapshot'],
    ['export-2026-11-21.CSV', 'csv'],
    ['stock.json.tmp', null],
    ['.stock.json', null],
    ['upload.part', null],
    ['notes.txt', null],
  ])('%s -> %s', (name, kind) => expect(feedKindOfFile(name)).toBe(kind));
});

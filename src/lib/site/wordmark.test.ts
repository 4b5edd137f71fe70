import { describe, expect, it } from 'vitest';
import { LONG_WORDMARK, wordmarkLines } from './wordmark.ts';

describe('wordmarkLines', () => {
  it.each([
    ['Ironbark Motorcycles & Trucks', ['Ironbark', 'Motorcycles & Trucks'], 20],
    ['Sunstate Motor Group', ['Sunstate', 'Motor Group'], 11],
    ['Bayside Caravans', ['Bayside', 'Caravans'], 8],
    ['Ridgeline', ['Ridgeline'], 9],
    ['  Two   Spaces  ', ['Two', 'Spaces'], 6],
  ])('%s -> %j (longest %i)', (name, lines, longest) => {
    expect(wordmarkLines(name)).toEqual({ lines, longest });
  });

  it('never makes a line longer than the whole name, and keeps every word', () => {
    const name = 'Northern Rivers Commercial Vehicles and Machinery';
    const { lines, longest } = wordmarkLines(name);
    expect(lines.join(' ')).toBe(name);
    expect(lines).toHaveLength(2);
    expect(longest).toBe(Math.max(...lines.map((line) => line.length)));
    expect(longest).toBeLessThan(name.length);
  });

  it('an empty name has no line', () => {
    expect(wordmarkLines('')).toEqual({ lines: [], longest: 0 });
    expect(LONG_WORDMARK).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from './spelling.ts';

describe('editDistance', () => {
  it('counts an adjacent swap as one edit and stops above its limit', () => {
    expect(editDistance('hyundia', 'hyundai')).toBe(1);
    expect(editDistance('toyta', 'toyota')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abcdefgh', 'zzzzzzzz', 2)).toBe(3);
  });
});

describe('closestName', () => {
  it('finds the one name a misspelt word meant, ignoring case', () => {
    expect(closestName('timezon', ['name', 'timezone', 'theme'])).toBe('timezone');
    expect(closestName('Primay', ['primary', 'accent'])).toBe('primary');
    expect(closestName('opne', ['open', 'close', 'weekday'])).toBe('open');
  });

  it('finds none when no name is close or two are equally close', () => {
    expect(closestName('colour_scheme', ['name', 'theme'])).toBeUndefined();
    expect(closestName('cat', ['bat', 'hat'])).toBeUndefined();
  });
});

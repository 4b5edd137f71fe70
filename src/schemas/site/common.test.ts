/** The site.json value helpers: a CSS colour is one a browser draws, in a form the message names. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cssColour } from './common.ts';

const problem = (text: string) => {
  const result = v.safeParse(cssColour, text);
  return result.success ? undefined : result.issues[0].message;
};

describe('cssColour', () => {
  it.each([
    '#fff',
    '#FFFA',
    '#c8102e',
    '#c8102e80',
    'navy',
    'RebeccaPurple',
    'transparent',
    'rgb(200, 16, 46)',
    'rgba(200,16,46,0.5)',
    'rgb(200 16 46 / 50%)',
    'rgb(100%, 0%, 0%)',
    'hsl(350, 84%, 42%)',
    'hsla(350deg, 84%, 42%, .8)',
    'hsl(350 84% 42% / 0.8)',
  ])('takes %s', (colour) => {
    expect(problem(colour)).toBeUndefined();
  });

  it.each([
    'blurple',
    '#12345',
    '#ggg',
    'rgb(999,999,999,9,9)',
    'rgb(256, 0, 0)',
    'rgb(1, 2)',
    'rgba(1, 2, 3, 2)',
    'hsl(400, 50%, 50%)',
    'hsl(10, 150%, 50%)',
    'red;}</style><script>',
    '',
  ])('refuses %j, saying which forms it takes', (colour) => {
    expect(problem(colour)).toMatch(/^expected a CSS colour: #rgb or #rrggbb .*rgb\(\).*hsl\(\).*name/);
  });
});

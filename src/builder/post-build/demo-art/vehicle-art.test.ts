import { describe, expect, it } from 'vitest';
import { BODY_SHAPES, SPIN_FRAMES } from '../../../lib/images.ts';
import { exteriorSvg, VIEW_ANGLES } from './vehicle-art.ts';

/** The licence plate: drawn on a front or rear face only, never on a side profile. */
const PLATE = '#f8f8f4';
/** Wheels are drawn with the rim gradient: a side view shows two (a bike, a car) or more. */
const rims = (svg: string) => svg.match(/fill="url\(#rim\)"/g)?.length ?? 0;

describe('demo vehicle drawings (issue 35 item 7: one clean view per picture)', () => {
  it.each(BODY_SHAPES)('%s: the three-quarter, side and rear stills are one side view, never a face beside a side', (body) => {
    for (const view of ['angle', 'side', 'rear'] as const) {
      const svg = exteriorSvg(body, 'red', VIEW_ANGLES[view]);
      expect(svg, view).not.toContain(PLATE);
      expect(rims(svg), view).toBeGreaterThanOrEqual(2);
    }
    // The front still is the face alone: no row of wheels beside it.
    expect(rims(exteriorSvg(body, 'red', VIEW_ANGLES.front))).toBeLessThan(2);
  });

  it('every spin frame shows either the side or an end', () => {
    for (let frame = 0; frame < SPIN_FRAMES; frame++) {
      const svg = exteriorSvg('sedan', 'blue', VIEW_ANGLES.angle + (360 / SPIN_FRAMES) * frame);
      expect(svg.includes(PLATE) && rims(svg) >= 2, `frame ${frame}`).toBe(false);
    }
  });

  it('draws every body in its colour family at one scale (a hatch is shorter than a van)', () => {
    const length = (body: (typeof BODY_SHAPES)[number]) => Number(/scale\((\d+\.\d+) 1\)/.exec(exteriorSvg(body, 'white', 0))![1]);
    expect(length('hatch')).toBeLessThan(length('van'));
    expect(exteriorSvg('suv', 'red', 0)).not.toBe(exteriorSvg('suv', 'blue', 0));
  });
});

import { describe, expect, it } from 'vitest';
import { BODY_SHAPES, CARAVAN_SHAPES, MOTORCYCLE_SHAPES, SPIN_FRAMES } from '../../../lib/images.ts';
import { exteriorSvg, VIEW_ANGLES } from './vehicle-art.ts';

/** The licence plate: drawn on a front or rear face only, never on a side profile. */
const PLATE = '#f8f8f4';
/** Wheels are drawn with the rim gradient: a side view shows two (a bike, a car) or more. */
const rims = (svg: string) => svg.match(/fill="url\(#rim\)"/g)?.length ?? 0;
/** Wheels a side view shows: one on a single-axle trailer, else two or more. */
const sideWheels = (body: string) => (['pop-top', 'hybrid-camper', 'camper-trailer'].includes(body) ? 1 : 2);

describe('demo vehicle drawings (issue 35 item 7: one clean view per picture)', () => {
  it.each(BODY_SHAPES)('%s: the three-quarter, side and rear stills are one side view, never a face beside a side', (body) => {
    for (const view of ['angle', 'side', 'rear'] as const) {
      const svg = exteriorSvg(body, 'red', VIEW_ANGLES[view]);
      expect(svg, view).not.toContain(PLATE);
      expect(rims(svg), view).toBeGreaterThanOrEqual(sideWheels(body));
    }
    // The front still is the face alone: no row of wheels beside it.
    expect(rims(exteriorSvg(body, 'red', VIEW_ANGLES.front))).toBeLessThan(sideWheels(body));
  });

  it('each motorcycle class, towed body and truck has a side view of its own', () => {
    const classes = [...MOTORCYCLE_SHAPES, ...CARAVAN_SHAPES, 'light-truck', 'prime-mover'] as const;
    const sides = new Set(classes.map((body) => exteriorSvg(body, 'red', VIEW_ANGLES.side)));
    expect(sides.size).toBe(classes.length);
    // A prime mover is no car: its side is not the sedan that unknown bodies fall back to.
    expect(exteriorSvg('prime-mover', 'red', 0)).not.toBe(exteriorSvg('sedan', 'red', 0));
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

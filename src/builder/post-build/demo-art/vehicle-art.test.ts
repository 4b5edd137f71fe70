import { describe, expect, it } from 'vitest';
import { BODY_SHAPES, CARAVAN_SHAPES, MOTORCYCLE_SHAPES, SPIN_FRAMES } from '../../../lib/images.ts';
import { readFileSync } from 'node:fs';
import { exteriorSvg, VIEW_ANGLES } from './vehicle-art.ts';
import shapes from './vehicle-shapes.json' with { type: 'json' };
import { parseLocalImageUrl } from '../../../lib/images.ts';

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

  it('the demo models are drawn as what they are: a city hatch, a hatch, a crossover, a coupe SUV and a square 4WD', () => {
    const stock = JSON.parse(readFileSync('tenants/ridgeline-toyota/stock.json', 'utf8')) as { model: string; primary_image_url: string | null }[];
    const shapeOf = (model: string) => [
      ...new Set(
        stock.filter((car) => car.model === model && car.primary_image_url).map((car) => (parseLocalImageUrl(car.primary_image_url!) as { body: string }).body),
      ),
    ];
    const models = ['Yaris', 'Corolla', 'Corolla Cross', 'C-HR', 'Prado'];
    expect(models.map(shapeOf)).toEqual([['small-hatch'], ['hatch'], ['suv'], ['coupe-suv'], ['4wd']]);
    const sides = new Set(['small-hatch', 'hatch', 'suv', 'coupe-suv', '4wd', 'wagon'].map((body) => exteriorSvg(body as never, 'red', VIEW_ANGLES.side)));
    expect(sides.size).toBe(6);
    // Proportions: a city hatch is shorter than a hatch, a hatch than a wagon; the SUVs stand higher off the ground.
    const profile = (body: string) => (shapes.profiles as Record<string, { frontX: number; rearX: number; bottom: number }>)[body]!;
    const length = (body: string) => profile(body).rearX - profile(body).frontX;
    expect(length('small-hatch')).toBeLessThan(length('hatch'));
    expect(length('hatch')).toBeLessThan(length('wagon'));
    for (const raised of ['suv', 'coupe-suv', '4wd'])
      for (const low of ['small-hatch', 'hatch', 'wagon', 'sedan']) expect(profile(raised).bottom, `${raised} over ${low}`).toBeLessThan(profile(low).bottom);
  });

  it('a bike fills its picture as a car does, not a small shape in a large grey frame', () => {
    const placement = (body: (typeof BODY_SHAPES)[number]) => {
      const [, x, scale] = /<g transform="translate\((-?[\d.]+) [-\d.]+\) scale\(([\d.]+)\)">/.exec(exteriorSvg(body, 'red', VIEW_ANGLES.side))!;
      return { left: Number(x), scale: Number(scale) };
    };
    for (const bike of MOTORCYCLE_SHAPES) {
      // Centred, so the left margin is half of what the bike leaves free: it spans at least three quarters of the width.
      expect(placement(bike).left, bike).toBeLessThan(1200 * 0.125);
      expect(placement(bike).scale, bike).toBeGreaterThan(placement('sedan').scale);
    }
  });
});

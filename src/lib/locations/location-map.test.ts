import { describe, expect, it } from 'vitest';
import { locationMapSvg } from './location-map.ts';

describe('issue35-4: a location map drawn at build time', () => {
  it('draws the coast around the spot, the marker at the centre and an Australia inset, with no URL to fetch', () => {
    const started = performance.now();
    const svg = locationMapSvg(-27.977, 153.4005, { width: 534, height: 356, label: 'Southport <Yard>', caption: 'Southport' });
    expect(svg).toMatch(/^<svg class="location-map"[^>]*role="img" aria-label="Map of Southport &#60;Yard&#62;"/);
    expect(svg).toContain('<g class="location-map__marker" transform="translate(267 178)">');
    // Southport is on the coast: land and sea both on the map, the land path is real geometry.
    const land = /class="location-map__land" d="([^"]*)"/.exec(svg)![1];
    expect(land.length).toBeGreaterThan(200);
    expect(land).toMatch(/^M[\d.-]+,[\d.-]+L/);
    expect(svg).toContain('class="location-map__inset"');
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(svg).toContain('>Southport</text>');
    expect(locationMapSvg(-27.977, 153.4005, { width: 534, height: 356, label: 'Southport <Yard>', caption: 'Southport' })).toBe(svg);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('differs between places and refuses a position that is not one', () => {
    const inland = locationMapSvg(-27.5714, 151.9531, { width: 640, height: 400, label: 'Toowoomba' });
    expect(inland).toContain('viewBox="0 0 640 400"');
    expect(inland).not.toBe(locationMapSvg(-19.2656, 146.7806, { width: 640, height: 400, label: 'Toowoomba' }));
    expect(() => locationMapSvg(Number.NaN, 153, { width: 10, height: 10, label: 'x' })).toThrow(/latitude NaN, longitude 153 is not a place/);
  });
});

import { describe, expect, it } from 'vitest';
import { liveMapSettings, tileAttributionHtml } from './live-map.ts';

const tiles = { url: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example & Co <contributors>', subdomains: 'abc', zoom: 15, max_zoom: 19 };
const location = { name: 'Yard "North"', address: { lat: -27.5, long: 153.1 } };

describe('the live map settings', () => {
  it('escape the attribution text: site.json text never becomes markup', () => {
    expect(tileAttributionHtml(tiles)).toBe('© Example &#38; Co &#60;contributors&#62;');
  });

  it('link the attribution to the provider when a URL is given, escaped too', () => {
    expect(tileAttributionHtml({ ...tiles, attribution_url: 'https://example.com/copyright?a=1&b="2"' })).toBe(
      '<a href="https://example.com/copyright?a=1&#38;b=&#34;2&#34;" target="_blank" rel="noopener noreferrer">© Example &#38; Co &#60;contributors&#62;<span class="visually-hidden"> (opens in a new tab)</span></a>',
    );
  });

  it('carry the tile source, the spot and the name', () => {
    expect(liveMapSettings(tiles, location)).toEqual({
      url: tiles.url,
      subdomains: 'abc',
      zoom: 15,
      maxZoom: 19,
      attributionHtml: tileAttributionHtml(tiles),
      lat: -27.5,
      long: 153.1,
      name: 'Yard "North"',
    });
  });

  it('are null without a tile source or without a position: the drawn map only', () => {
    expect(liveMapSettings(undefined, location)).toBeNull();
    expect(liveMapSettings(tiles, { name: 'Nowhere', address: {} })).toBeNull();
    expect(liveMapSettings(tiles, { name: 'Half', address: { lat: -27.5 } })).toBeNull();
  });
});

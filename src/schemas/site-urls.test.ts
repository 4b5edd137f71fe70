/** Issue 13 (low): URLs in site.json that become links or iframes accept only http(s) (or site paths). */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SiteSchema } from './site.ts';

const base = { slug: 'url-motors', template: 'used-group', name: 'URL Motors', url: 'https://url.example.com.au', phone: '+61 7 3555 0100' };
const address = { street: '1 Yard Road', city: 'Brisbane', state: 'QLD' };
const location = ({ place_url, ...extra }: Record<string, unknown>) => ({ locations: [{ id: 1, name: 'Yard', slug: 'yard', address: { ...address, ...(place_url ? { place_url } : {}) }, ...extra }] });
const problems = (site: Record<string, unknown>) => {
  const result = v.safeParse(SiteSchema, { ...base, ...site });
  return result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`);
};

describe('Low site.json URLs accept only http(s)', () => {
  it.each([
    ['xtime_url', { xtime_url: 'javascript:alert(document.cookie)' }, /xtime_url/],
    ['booking_url', location({ booking_url: 'javascript:alert(1)' }), /locations\.0\.booking_url/],
    ['youtube_url', { youtube_url: 'javascript:alert(1)' }, /youtube_url/],
    ['stock_url', location({ stock_url: 'javascript:alert(1)' }), /locations\.0\.stock_url/],
    ['place_url', location({ place_url: 'javascript:alert(1)' }), /locations\.0\.address\.place_url/],
    ['a data: xtime_url', { xtime_url: 'data:text/html,<script>alert(1)</script>' }, /xtime_url/],
    ['the site url', { url: 'javascript:alert(1)' }, /^url/],
  ])('Low refuses a javascript:/data: %s', (_name, site, field) => {
    const found = problems(site);
    expect(found.some((problem) => field.test(problem)), found.join('\n')).toBe(true);
  });

  it('Low still accepts http(s) URLs and site paths', () => {
    expect(problems({ xtime_url: 'https://booking.example.com/x', youtube_url: 'https://www.youtube.com/@dealer', ...location({ booking_url: 'http://book.example.com/', stock_url: '/search/yard', place_url: 'https://maps.example.com/?q=1' }) })).toEqual([]);
  });
});

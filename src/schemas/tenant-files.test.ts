import { describe, expect, it } from 'vitest';
import { parseTenantFile, tenantFileProblems } from './tenant-files.ts';

describe('optional tenant files', () => {
  it.each([
    ['models', [{ name: 'CX-5', slug: 'cx-5', body: ['SUV'] }]],
    ['models', { manufacturer: { name: 'Mazda', slug: 'mazda' }, models: [{ name: '3', slug: 'mazda3' }] }],
    ['reviews', { reviews: [{ id: 1, customer_name: 'Jo', rating: 5 }] }],
    ['reviews', { reviews: [{ id: 1, customer_name: 'Jo', rating: 5, image: '/media/reviews/jo.jpg' }, { id: 2, customer_name: 'Al', rating: 5, image: 'https://lh3.example.com/al.jpg' }] }],
    ['offers', [{ id: 'a', title: 'Half price servicing', display: ['new'], start: '2025-07-01T00:00:00+10:00' }]],
    ['slides', [{ id: 1, name: 'Sale', url: '/special-offers' }]],
    ['blog', [{ href: '/blog/a', heading: 'A review' }]],
    ['brands', [{ name: 'Mazda', slug: 'mazda', type: 'car' }]],
    ['products', [{ id: 1, name: 'Tow bar', categories: ['Towing'], price: 899 }]],
  ])('a valid %s file has no problems', (key, data) => {
    expect(tenantFileProblems(key, data)).toEqual([]);
  });

  it.each([
    ['models', [{ name: 'CX-5', slug: 'cx-5' }, { name: 'CX-9', slug: 'CX 9' }], 'field 1.slug'],
    ['models', { models: [{ name: 'CX-5', slug: 'cx-5', from_price: 'cheap' }] }, 'field models.0.from_price'],
    ['reviews', { reviews: [{ id: 1, customer_name: 'Jo', rating: 9 }] }, 'field reviews.0.rating'],
    ['offers', [{ id: 'a', title: 'x', expiry: 'soon' }], 'field 0.expiry'],
    ['brands', [{ name: 'Isuzu', slug: 'isuzu', type: 'boat' }], 'field 0.type'],
    // A review's image is an image source (a site path or an https URL) like every configured image.
    ['reviews', { reviews: [{ id: 1, customer_name: 'Jo', rating: 5, image: 'javascript:alert(1)' }] }, 'field reviews.0.image: expected a site path'],
    ['reviews', { reviews: [{ id: 1, customer_name: 'Jo', rating: 5, image: '//evil.example/jo.jpg' }] }, 'field reviews.0.image: expected a site path'],
    ['reviews', { reviews: [{ id: 1, customer_name: 'Jo', rating: 5, image: 'data:image/svg+xml,<svg onload=alert(1)>' }] }, 'field reviews.0.image: expected a site path'],
  ])('a bad %s file is reported with the field path', (key, data, path) => {
    const problems = tenantFileProblems(key, data);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain(path);
  });

  it('says an unknown or missing field in words, pointing at the reference of the optional files', () => {
    expect(tenantFileProblems('reviews', { reviews: [], hiden: true })).toEqual(['field hiden: unknown field "hiden": did you mean "hidden"? (see docs/tenant-files.md)']);
    expect(tenantFileProblems('offers', [{ title: 'Half price servicing' }])).toEqual(['field 0.id: required field is missing']);
    expect(tenantFileProblems('reviews', { reviews: [{ id: 1, customer_name: 'Jo', rating: 9 }] }).join('\n')).not.toMatch(/Invalid|Expected/);
  });

  it.each([
    ['a list', [{ slug: 'cx-5' }], ['field 0.name: required field is missing']],
    ['a list', [{ name: 'CX-5', slug: 'cx-5', colour: 'red' }], ['field 0.colour: unknown field "colour" (see docs/tenant-files.md)']],
    ['an object', { models: [{ name: '3' }] }, ['field models.0.slug: required field is missing']],
    ['an object', { modles: [] }, ['field models: required field is missing', 'field modles: unknown field "modles": did you mean "models"? (see docs/tenant-files.md)']],
    ['neither', 'CX-5', ['field (root): must be a list or an object, got "CX-5"']],
  ])('reports a bad models.json as the shape it has (%s), not as the other shape too', (_shape, data, problems) => {
    expect(tenantFileProblems('models', data)).toEqual(problems);
  });

  it('fills defaults', () => {
    expect(parseTenantFile('reviews', {})).toMatchObject({ hidden: false, minimum_rating: 4, reviews: [] });
  });
});

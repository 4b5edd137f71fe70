import { describe, expect, it } from 'vitest';
import { createListIndex } from '../../search/lists/list-index.ts';
import { parseTenantFile } from '../../schemas/tenant-files.ts';
import {
  parseProductsState,
  PRODUCT_PAGE_PATHS,
  productDocuments,
  productPagePaths,
  productsQueryString,
  productsSearch,
  PRODUCTS_PAGE_SIZE,
  PRODUCTS_SEARCHABLE,
  type ProductsState,
} from './products.ts';

const products = parseTenantFile(
  'products',
  Array.from({ length: 50 }, (_, index) => ({
    id: index + 1,
    name: index % 2 ? `Tow Bar Kit ${index + 1}` : `All Weather Floor Mats ${index + 1}`,
    categories: [index % 2 ? 'Towing' : 'Interior'],
    price: 100 + index * 10,
    part_number: `PN-${1000 + index}`,
  })),
);
const engine = createListIndex(productDocuments(products), { searchable: PRODUCTS_SEARCHABLE });
const run = (state: ProductsState) => {
  const { indexName, params } = productsSearch(state);
  return engine.search(indexName, params);
};

describe('products on the embedded search engine', () => {
  it('pages 21 at a time with category counts', () => {
    const first = run({ query: '', page: 1 });
    expect(first.nbHits).toBe(50);
    expect(first.hits).toHaveLength(PRODUCTS_PAGE_SIZE);
    expect(first.nbPages).toBe(3);
    expect(first.facets?.category).toEqual({ Interior: 25, Towing: 25 });
    expect(run({ query: '', page: 3 }).hits).toHaveLength(8);
    expect(first.hits[0].name).toBe('All Weather Floor Mats 1');
  });
  it.each([
    ['category', { query: '', page: 1, category: 'Towing' }, 25],
    ['query on the name', { query: 'floor mat', page: 1 }, 25],
    ['query on the part number', { query: 'PN-1003', page: 1 }, 1],
    ['query on the category', { query: 'towing', page: 1 }, 25],
    ['price range', { query: '', page: 1, price: { min: 200, max: 300 } }, 11],
    ['category and price', { query: '', page: 1, category: 'Interior', price: { max: 190 } }, 5],
  ] as const)('filters by %s', (_name, state, count) => expect(run(state as ProductsState).nbHits).toBe(count));
  it('sorts by price', () => {
    expect(run({ query: '', page: 1, sort: 'price:desc' }).hits[0].price).toBe(590);
    expect(run({ query: '', page: 1, sort: 'price:asc' }).hits[0].price).toBe(100);
  });
});

describe('a product in several categories (spec §7 products search categories)', () => {
  const listed = parseTenantFile('products', [
    { id: 1, name: 'Towbar kit', categories: ['Towing', 'Accessories'] },
    { id: 2, name: 'Floor mats', categories: ['Accessories'] },
    { id: 3, name: 'Mud flaps', categories: ['Exterior', 'Accessories'] },
    { id: 4, name: 'Gift card', categories: [] },
  ]);
  const index = createListIndex(productDocuments(listed), { searchable: PRODUCTS_SEARCHABLE });
  const search = (state: ProductsState) => {
    const { indexName, params } = productsSearch(state);
    return index.search(indexName, params);
  };

  it('counts under every category it is in', () => {
    expect(search({ query: '', page: 1 }).facets.category).toEqual({ Accessories: 3, Exterior: 1, Other: 1, Towing: 1 });
  });

  it('is found by each of its categories', () => {
    expect(search({ query: '', page: 1, category: 'Accessories' }).hits.map((hit) => hit.name)).toEqual(['Towbar kit', 'Floor mats', 'Mud flaps']);
    expect(search({ query: '', page: 1, category: 'Towing' }).hits.map((hit) => hit.name)).toEqual(['Towbar kit']);
    expect(search({ query: '', page: 1, category: 'Other' }).hits.map((hit) => hit.name)).toEqual(['Gift card']);
  });
});

describe('URL state', () => {
  it.each([
    ['', { query: '', page: 1 }],
    ['?query=mats&category=Interior&price=100:500&sortBy=price:asc&page=2', { query: 'mats', category: 'Interior', price: { min: 100, max: 500 }, sort: 'price:asc', page: 2 }],
    ['?price=:300', { query: '', page: 1, price: { max: 300 } }],
  ])('round trip of %s', (search, state) => {
    expect(parseProductsState(search)).toEqual(state);
    expect(productsQueryString(state as ProductsState)).toBe(search);
  });
  it('ignores bad values', () => {
    expect(parseProductsState('?page=-3&price=abc&sortBy=name')).toEqual({ query: '', page: 1 });
  });
});

describe('productPagePaths: the pages a tenant’s products build (the menus link exactly these)', () => {
  const accessory = parseTenantFile('products', [{ id: 1, name: 'Roof Racks', categories: ['Accessories'], price: 46 }]);
  it.each<[string, Parameters<typeof productPagePaths>[0], string[]]>([
    ['no products.json: none', [], []],
    ['parts only: the listing and its search, no /accessories', products, ['/vehicle-parts-and-accessories', '/parts/search']],
    ['an accessory among them: /accessories too', [...products, ...accessory], ['/vehicle-parts-and-accessories', '/accessories', '/parts/search']],
  ])('%s', (_name, list, paths) => {
    expect(productPagePaths(list)).toEqual(paths);
    for (const path of paths) expect(PRODUCT_PAGE_PATHS).toContain(path);
  });
});

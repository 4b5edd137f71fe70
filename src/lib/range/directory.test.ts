import { describe, expect, it } from 'vitest';
import { createListIndex } from '../../search/lists/list-index.ts';
import type { SearchDocument } from '../../search/core/documents.ts';
import { buildRouteTable } from '../../search/core/routes.ts';
import { directoryDocuments, directorySearch, parseDirectoryState, withDirectoryState, DIRECTORY_PAGE_SIZE, DIRECTORY_SEARCHABLE } from './directory.ts';
import { modelsFromCars, modelTile } from './models.ts';

const makes = ['Toyota', 'Mazda', 'Ford'];
const cars = Array.from({ length: 45 }, (_, index) => ({
  make: makes[index % 3],
  model: `Model ${index}`,
  simple_body: index % 2 ? 'SUV' : 'Ute',
  price: 20000 + index * 100,
  status: 'in_stock',
}));
const pages = buildRouteTable(cars.map((car) => car as unknown as SearchDocument));
const engine = createListIndex(directoryDocuments(modelsFromCars(cars).map((model) => modelTile(model, pages))), { searchable: DIRECTORY_SEARCHABLE });
const run = (search: string) => engine.search('models', directorySearch(parseDirectoryState(search)));

describe('manufacturer-and-model directory', () => {
  it('pages 21 a page, brand order, with manufacturer and body counts', () => {
    const first = run('');
    expect(first.nbHits).toBe(45);
    expect(first.hits).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(first.hits[0].make).toBe('Ford');
    expect(first.facets?.manufacturer).toEqual({ Ford: 15, Mazda: 15, Toyota: 15 });
    expect(run('?p=3').hits).toHaveLength(3);
  });
  it.each([
    ['?make=Mazda', 15],
    ['?bodyType=SUV', 22],
    ['?make=Toyota&bodyType=Ute', 8],
    ['?q=model 4', 6],
    ['?q=mazda', 15],
  ])('%s -> %i models', (search, count) => expect(run(search).nbHits).toBe(count));
  it('keeps other parameters in the URL', () => {
    expect(withDirectoryState('?body=suv', { query: 'cx', manufacturer: 'Mazda', page: 2 })).toBe('?body=suv&q=cx&make=Mazda&p=2');
    expect(withDirectoryState('?body=suv&q=x&p=4', { query: '', page: 1 })).toBe('?body=suv');
  });
});

describe('a model of several bodies (spec §3 Model body list, manufacturer_body2/3)', () => {
  const corolla = modelTile(
    {
      id: 1,
      name: 'Corolla',
      slug: 'corolla',
      manufacturer_name: 'Toyota',
      manufacturer_body: 'Hatch',
      manufacturer_body2: 'Sedan',
      body: ['Hatch', 'Sedan'],
      short_description: '',
    },
    pages,
  );
  const yaris = modelTile({ id: 2, name: 'Yaris', slug: 'yaris', manufacturer_name: 'Toyota', body: ['Hatch'], short_description: '' }, pages);
  const index = createListIndex(directoryDocuments([corolla, yaris]), { searchable: DIRECTORY_SEARCHABLE });
  const find = (search: string) => index.search('models', directorySearch(parseDirectoryState(search)));

  it('is listed under every body, as /models lists it', () => {
    expect(corolla.bodies).toEqual(['Hatch', 'Sedan']);
    expect(find('?bodyType=Sedan').hits.map((hit) => hit.name)).toEqual(['Corolla']);
    expect(find('?bodyType=Hatch').hits.map((hit) => hit.name)).toEqual(['Corolla', 'Yaris']);
  });

  it('counts under every body', () => {
    expect(find('').facets.body_type).toEqual({ Hatch: 2, Sedan: 1 });
  });
});

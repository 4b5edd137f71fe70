/**
 * Parts and accessories listing (spec §2 "products/accessories listing with categories and
 * price", §7 "Products search: categories, price, query, offset; 21 per page"). Products are
 * answered by the project's embedded search engine (src/search/engine/engine.ts): this module turns
 * products into engine documents and the listing's URL state into engine parameters. Pure.
 */
import type { Product } from '../../schemas/marketing.ts';
import type { EngineSearchParams } from '../../search/engine/engine.ts';
import { listOrderFields, type SearchDocument } from '../../search/core/documents.ts';

/** Products per page (spec §7, §9). */
export const PRODUCTS_PAGE_SIZE = 21;
/** Index name the listing queries (the engine only reads a sort rule from it). */
export const PRODUCTS_INDEX = 'products';

/** A product as an engine document: name and part number searchable, category a facet, price numeric. */
export type ProductDocument = SearchDocument & { category: string; description?: string; product_image?: string };

/** Engine documents of the products: text in the engine's searchable fields (name, model = categories, stocknum = part number). */
export function productDocuments(products: readonly Product[], site: string): ProductDocument[] {
  return products.map((product, index) => {
    const category = product.categories[0] ?? 'Other';
    // The engine ranks by custom_rank then tiebreak: file order is the default order.
    const document = {
      uid: `${site}__product_${product.id}`,
      site,
      id: String(product.id),
      slug: String(product.id),
      name: product.name,
      model: product.categories.join(' '),
      ...(product.part_number ? { stocknum: product.part_number } : {}),
      ...(product.price !== undefined ? { price: product.price } : {}),
      ...(product.description ? { description: product.description } : {}),
      ...(product.image ? { product_image: product.image } : {}),
      category,
      ...listOrderFields(index, products.length),
    };
    return document as ProductDocument;
  });
}

/** The listing's state as it lives in the URL (?query=&category=&price=min:max&page=). */
export interface ProductsState {
  query: string;
  category?: string;
  price?: { min?: number; max?: number };
  /** 1-based page. */
  page: number;
  sort?: 'price:asc' | 'price:desc';
}

/** Read the listing state from a query string; bad values fall back to defaults. */
export function parseProductsState(search: string): ProductsState {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  const state: ProductsState = { query: params.get('query') ?? '', page: Number.isInteger(page) && page > 1 ? page : 1 };
  const category = params.get('category');
  if (category) state.category = category;
  const price = /^(\d*):(\d*)$/.exec(params.get('price') ?? '');
  if (price && (price[1] || price[2])) state.price = { ...(price[1] ? { min: Number(price[1]) } : {}), ...(price[2] ? { max: Number(price[2]) } : {}) };
  const sort = params.get('sortBy');
  if (sort === 'price:asc' || sort === 'price:desc') state.sort = sort;
  return state;
}

/** The query string of a state (page only when not 1, as the car search does). */
export function productsQueryString(state: ProductsState): string {
  const params = new URLSearchParams();
  if (state.query) params.set('query', state.query);
  if (state.category) params.set('category', state.category);
  if (state.price && (state.price.min !== undefined || state.price.max !== undefined)) params.set('price', `${state.price.min ?? ''}:${state.price.max ?? ''}`);
  if (state.sort) params.set('sortBy', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  // Colons stay readable (price=100:500), as in the car search's range[price]=min:max.
  const text = [...params].map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%3A/gi, ':')}`).join('&');
  return text ? `?${text}` : '';
}

/** Engine index name and parameters of a state (categories facet, price range, 21 per page). */
export function productsSearch(state: ProductsState): { indexName: string; params: EngineSearchParams } {
  const numericFilters: string[] = [];
  if (state.price?.min !== undefined) numericFilters.push(`price>=${state.price.min}`);
  if (state.price?.max !== undefined) numericFilters.push(`price<=${state.price.max}`);
  return {
    indexName: state.sort ? `${PRODUCTS_INDEX}:${state.sort}` : PRODUCTS_INDEX,
    params: {
      query: state.query,
      facets: ['category', 'price'],
      ...(state.category ? { facetFilters: [[`category:${state.category}`]] } : {}),
      ...(numericFilters.length ? { numericFilters } : {}),
      hitsPerPage: PRODUCTS_PAGE_SIZE,
      page: state.page - 1,
    },
  };
}

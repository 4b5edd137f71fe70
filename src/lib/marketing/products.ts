/**
 * Parts and accessories listing (spec §2 "products/accessories listing with categories and
 * price", §7 "Products search: categories, price, query, offset; 21 per page"). Products are
 * searched in the browser by a list index (src/search/lists/list-index.ts): this module turns
 * products into the listing's records and its URL state into search parameters. Pure.
 */
import type { Product } from '../../schemas/marketing.ts';

/** A listing page of the products: its path, title and whether it lists the Accessories category alone. */
export interface ProductListingPage {
  path: string;
  title: string;
  accessoriesOnly: boolean;
}

/**
 * The listing pages a tenant's products make (src/pages/[products].astro; the content paths they
 * take, src/builder/bundle/product-routes.ts): /vehicle-parts-and-accessories when it has
 * products, /accessories when one is in the 'Accessories' category; none without products.json.
 */
export function productListingPages(products: readonly Product[]): ProductListingPage[] {
  if (products.length === 0) return [];
  const accessories = products.some((product) => product.categories.includes('Accessories'));
  return [PARTS_AND_ACCESSORIES_PAGE, ...(accessories ? [ACCESSORIES_PAGE] : [])];
}

const PARTS_AND_ACCESSORIES_PAGE: ProductListingPage = { path: '/vehicle-parts-and-accessories', title: 'Vehicle Parts and Accessories', accessoriesOnly: false };
const ACCESSORIES_PAGE: ProductListingPage = { path: '/accessories', title: 'Accessories', accessoriesOnly: true };

/** The parts listing with its search box focused (src/pages/parts/[search].astro), built beside the listing pages. */
export const PARTS_SEARCH_PATH = '/parts/search';

/** Every path products.json may build a page at: a menu links one only where this tenant's build has a page there (src/lib/range/site-range.ts). */
export const PRODUCT_PAGE_PATHS: readonly string[] = [PARTS_AND_ACCESSORIES_PAGE.path, ACCESSORIES_PAGE.path, PARTS_SEARCH_PATH];

/** The paths of the pages a tenant's products build: the listing pages (productListingPages), and the parts search beside them. */
export function productPagePaths(products: readonly Product[]): string[] {
  const listing = productListingPages(products).map((page) => page.path);
  return listing.length > 0 ? [...listing, PARTS_SEARCH_PATH] : [];
}

/** Products per page (spec §7, §9). */
export const PRODUCTS_PAGE_SIZE = 21;
/** Index name the listing queries (the index only reads a sort rule from it). */
export const PRODUCTS_INDEX = 'products';

/** A product in the listing: name, categories and part number searchable, its categories a facet, price numeric. */
export interface ProductDocument {
  id: string;
  name: string;
  /** Every category, space-separated (searchable). */
  categories: string;
  part_number?: string;
  price?: number;
  description?: string;
  product_image?: string;
  /** Every category, or 'Other' when it has none (the facet: the product counts and is found under each). */
  category: string[];
}

/** Fields a products query is matched in. */
export const PRODUCTS_SEARCHABLE = ['name', 'categories', 'part_number'] as const satisfies readonly (keyof ProductDocument)[];

/** The listing's records, in file order (the default order). */
export function productDocuments(products: readonly Product[]): ProductDocument[] {
  return products.map((product) => ({
    id: String(product.id),
    name: product.name,
    categories: product.categories.join(' '),
    ...(product.part_number ? { part_number: product.part_number } : {}),
    ...(product.price !== undefined ? { price: product.price } : {}),
    ...(product.description ? { description: product.description } : {}),
    ...(product.image ? { product_image: product.image } : {}),
    category: product.categories.length > 0 ? [...product.categories] : ['Other'],
  }));
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

/** Index name and search parameters of a state (categories facet, price range, 21 per page). */
export function productsSearch(state: ProductsState): { indexName: string; params: { query: string; facets: string[]; facetFilters?: string[][]; numericFilters?: string[]; hitsPerPage: number; page: number } } {
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

/**
 * Similar vehicles on the vehicle page (spec §7, §8, §9). The build-time list
 * is the first paint (server-rendered by this component). The island hydrates when the section
 * comes within 500 px of the viewport (`client:visible={{ rootMargin: '500px' }}`), loads the
 * shared search client only then, and asks again (src/search/browser/similar.ts: the lead API's
 * id list call by slug, then the engine for those cars; the engine's multi-query when the API
 * cannot answer), so a car sold since the build drops out. Placeholders fill the grid up to six while the answer is on
 * its way; when the engine cannot answer (query and filter search both failed) the build-time
 * list stays and the failure is only logged (spec §8).
 * The vehicle page mounts it as SimilarVehiclesFromPage: its props are the page's data block
 * (#similar-vehicles-props), not island props, which Astro escapes quote by quote (island-props.ts blockProps).
 */
import { useEffect, useState } from 'react';
import Picture from '../ui/Picture.tsx';
import TilePrice from '../ui/TilePrice.tsx';
import '../ui/car-tile.css';
import { carImageSources, placeholderImage, type ImageOptions } from '../../lib/images.ts';
import { formatKm } from '../../lib/text/format.ts';
import { tilePrice } from '../../lib/vehicle/price.ts';
import type { SearchDocument } from '../../search/core/documents.ts';
import type { EngineConfig } from '../../search/core/island-config.ts';
import { hitToCar } from '../../search/core/hit-car.ts';
import { SIMILAR_PLACEHOLDERS, type SimilarSubject } from '../../search/browser/similar.ts';
import { pageIsland } from '../ui/page-island.tsx';

/** The search-document fields a tile shows (build-time cars are passed in the same shape as hits). */
export type SimilarTile = Pick<SearchDocument, 'id' | 'slug' | 'name' | 'status' | 'car_type'> &
  Partial<Pick<SearchDocument, 'image' | 'km' | 'transmission' | 'body' | 'price' | 'before_price' | 'offer_price' | 'subscription_price' | 'preorder' | 'price_type' | 'drive_away_price' | 'item_type'>>;

const TILE_FIELDS = ['id', 'slug', 'name', 'status', 'car_type', 'image', 'km', 'transmission', 'body', 'price', 'before_price', 'offer_price', 'subscription_price', 'preorder', 'price_type', 'drive_away_price'] as const;

/** Keep only what a tile shows (the props are serialised into the page). */
export function toSimilarTile(document: SearchDocument): SimilarTile {
  const tile: Record<string, unknown> = {};
  for (const field of TILE_FIELDS) if (document[field] !== undefined) tile[field] = document[field];
  // A tile without a photo shows the placeholder drawn for its kind.
  if (document.image === undefined && document.item_type !== undefined) tile.item_type = document.item_type;
  return tile as SimilarTile;
}

export interface SimilarVehiclesProps {
  subject: SimilarSubject;
  initial: SimilarTile[];
  engine: EngineConfig;
  /** Index name queries go to ('Car_production' or the Meilisearch uid). */
  index: string;
  /** The lead API base (site.api_base) the similar-car id list is asked from. */
  apiBase?: string;
  offersSubscription: boolean;
  noPriceText: string;
  images?: ImageOptions;
}

function Tile({ tile, props }: { tile: SimilarTile; props: SimilarVehiclesProps }) {
  const car = hitToCar(tile as SearchDocument);
  const price = tilePrice(car, { offersSubscription: props.offersSubscription, noPriceText: props.noPriceText });
  const image = carImageSources(tile.image ?? placeholderImage(tile.body, tile.item_type), 'card', props.images);
  const facts = [formatKm(tile.km), tile.transmission, tile.body].filter(Boolean);
  return (
    <article className="car-tile card" data-car-id={tile.id}>
      <Picture image={image} sizes="(max-width: 600px) 100vw, 400px" alt={tile.name ?? ''} width={480} height={320} />
      <div className="car-tile__body">
        <h3 className="car-tile__name">
          <a href={`/cars/${encodeURIComponent(tile.slug)}`}>{tile.name}</a>
        </h3>
        <TilePrice price={price} block="car-tile" />
        {facts.length > 0 && <p className="car-tile__facts muted">{facts.join(' · ')}</p>}
      </div>
    </article>
  );
}

export default function SimilarVehicles(props: SimilarVehiclesProps) {
  const [tiles, setTiles] = useState<SimilarTile[]>(props.initial);
  const [loading, setLoading] = useState(false);
  const { engine, subject, index, apiBase } = props;

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    // The search client (and, on embedded sites, the index file) loads only now, near the section.
    Promise.all([import('../../search/browser/create-client.ts'), import('../../search/browser/similar.ts')])
      .then(([{ createSearchClient }, { apiSimilarIds, fetchSimilar }]) => fetchSimilar(createSearchClient(engine), subject, index, apiBase ? apiSimilarIds(apiBase) : undefined))
      .then((answer) => {
        if (!cancelled) setTiles(answer.hits.map(toSimilarTile));
      })
      .catch((error: unknown) => console.warn('similar vehicles: keeping the build-time list', error))
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
    // Island props never change after hydration: one refresh per page view.
  }, [engine, subject, index, apiBase]);

  if (tiles.length === 0 && !loading) return null;
  const placeholders = loading ? Math.max(0, SIMILAR_PLACEHOLDERS - tiles.length) : 0;
  return (
    <section className="vehicle-section section" aria-labelledby="similar-title" aria-busy={loading} data-testid="similar-vehicles" data-state={loading ? 'loading' : 'ready'}>
      <h2 id="similar-title">Similar vehicles</h2>
      <div className="grid similar-grid">
        {tiles.map((tile) => (
          <Tile key={tile.id} tile={tile} props={props} />
        ))}
        {Array.from({ length: placeholders }, (_, index) => (
          <div key={`placeholder-${index}`} className="car-tile car-tile--placeholder card" data-testid="similar-placeholder" aria-hidden="true" />
        ))}
      </div>
    </section>
  );
}

/** The id of the vehicle page's data block of this island's props. */
export const SIMILAR_PROPS_ID = 'similar-vehicles-props';

const island = pageIsland(SIMILAR_PROPS_ID, SimilarVehicles);

/** A vehicle page's island props: the text of its data block (before the island) and the island's one prop, a key named by the car's slug. */
export const similarIslandProps = island.islandProps;

/** The island as the vehicle page mounts it: its props from the page's data block, by the key. */
export const SimilarVehiclesFromPage = island.FromPage;

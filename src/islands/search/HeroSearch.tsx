/**
 * Home hero stock search (spec §2 "Hero stock search", §9): car-type slider, make, model,
 * body, city, colour, fuel; 'Show Me N cars' with an animated count, said once it settles;
 * the price-slider search (results by price, highest first); make tiles with label, count and logo.
 * It is a real GET form, so it works before the island loads; once loaded, counts come
 * from the same engine as the search page, so N equals the hits of the page it opens.
 */
import * as Slider from '@radix-ui/react-slider';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatCount, formatMoney, formatNumber, nounForCount, type CountNouns } from '../../lib/text/format.ts';
import type { SearchClientLike } from '../../search/browser/client.ts';
import { HOME_PRICE_SLIDER, POPULAR_MAKES, SEARCH_BOX_DEBOUNCE_MS } from '../../search/core/config.ts';
import { slugify } from '../../lib/text/slug.ts';
import { MakeBadge } from '../ui/MakeBadge.tsx';
import type { EngineResult } from '../../search/engine/engine.ts';
import {
  facetOptions,
  heroCarTypes,
  heroFirstCarType,
  heroFirstCount,
  makeOptionGroups,
  HERO_SELECTS,
  heroOptionLabel,
  heroQueries,
  heroResultsUrl,
  moveHomePriceThumb,
  priceSearchUrl,
  type HeroSelect,
  type HeroSelection,
} from '../../search/browser/hero.ts';
import { displayCount } from '../../search/browser/results.ts';
import type { RouteTable } from '../../search/core/routes.ts';
import Carousel from '../ui/Carousel.tsx';
import { SettledStatus } from '../ui/SettledStatus.tsx';
import { StaticTrack, thumbEndKeys } from './ui/PriceSlider.tsx';
import { createSearchClient } from '../../search/browser/create-client.ts';
import type { EngineConfig } from '../../search/core/island-config.ts';
import type { DealerWords, SentenceReading } from '../../search/core/sentence.ts';
import { loadSentenceReader, type SentenceReader } from '../../search/browser/sentence.ts';
import './hero-search.css';

/** The chips of the sentence: loaded with the reader, once the shopper types. */
const HeroChips = lazy(() => import('./HeroChips.tsx'));

export interface HeroSearchProps {
  engine: EngineConfig;
  index: string;
  routes: RouteTable;
  /** The nouns after a count of stock: { one: 'car', other: 'cars' }, or the site's ('Caravan', 'Caravans'). */
  stockNouns: CountNouns;
  /** On a site of several kinds, the noun of each make tile's count ('Bikes', '1 Truck'); else the stock nouns. */
  tileNouns?: Record<string, string>;
  /** On a site of several kinds, the button's nouns once a vehicle type is chosen ({ truck: { one: 'Truck', other: 'Trucks' } }). */
  kindNouns?: Record<string, CountNouns>;
  /** The make tiles' logos the tenant's data gives, by make (src/lib/range/make-logos.ts); the others show a wordmark badge. */
  tileLogos?: Record<string, string>;
  /** The name of the All / New / Demo / Used choice: 'Car type' (default), 'Condition' on a site that sells bikes, trucks or caravans. */
  typeLabel?: string;
  /** The site offers 'All' among the car types (features.car_type_all; default true): without it the hero starts on the first type with stock, as the search page. */
  carTypeAll?: boolean;
  /** Build-time facet counts of all visible stock (first render, before the engine answers). */
  initial: { total: number; facets: Record<string, Record<string, number>> };
  /** The selects after the car type, in order (spec §2; by template: src/search/browser/hero.ts heroSelects). */
  selects?: HeroSelect[];
  /** Number of make tiles in the carousel under the form. Default 20 (the popular makes); 0 for none. */
  tiles?: number;
  /** The example sentence shown in the empty box ('e.g. diesel ute under 30k auto'). */
  example?: string;
  /** The dealer's own words for the sentence search (site.json search_words). */
  words?: DealerWords[];
}

/** A number that runs to its target (about 0.5 s); jumps when the visitor prefers less motion. */
function useAnimatedNumber(target: number): number {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    const start = from.current;
    if (start === target || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      from.current = target;
      setShown(target);
      return;
    }
    const began = performance.now();
    let frame = 0;
    const step = (time: number) => {
      const progress = Math.min(1, (time - began) / 500);
      const value = Math.round(start + (target - start) * (1 - (1 - progress) ** 3));
      from.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}

const PRICE_THUMBS = { min: 'Minimum price', max: 'Maximum price' };
/** A price as the slider shows it: the top of the scale means 'or more'. */
const priceText = (value: number) => `${formatMoney(value)}${value >= HOME_PRICE_SLIDER.max ? '+' : ''}`;

/** The sentence without the characters of one part (a removed chip), spaces tidied. */
function withoutPart(sentence: string, start: number, end: number): string {
  return `${sentence.slice(0, start)} ${sentence.slice(end)}`.replace(/\s+/g, ' ').trim();
}

export default function HeroSearch({
  engine,
  index,
  routes,
  stockNouns,
  tileNouns,
  kindNouns,
  tileLogos,
  typeLabel = 'Car type',
  carTypeAll = true,
  initial,
  selects = [...HERO_SELECTS],
  tiles = POPULAR_MAKES,
  example,
  words,
}: HeroSearchProps) {
  const id = useId();
  const [selection, setSelection] = useState<HeroSelection>(() => ({ carType: heroFirstCarType(carTypeAll, initial.facets.car_type), values: {} }));
  const [count, setCount] = useState(() => heroFirstCount(selection.carType, initial));
  const [facets, setFacets] = useState(initial.facets);
  const [price, setPrice] = useState<[number, number]>([HOME_PRICE_SLIDER.min, HOME_PRICE_SLIDER.max]);
  const [live, setLive] = useState(false);
  /** Radix draws no thumbs on the server: the built HTML shows the same track until the island runs. */
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const client = useRef<SearchClientLike | null>(null);
  const shown = useAnimatedNumber(count);
  const [sentence, setSentence] = useState('');
  /** The reading of the sentence as typed (its chips), and the one the count follows (after the search box's debounce). */
  const [reading, setReading] = useState<SentenceReading | null>(null);
  const [counted, setCounted] = useState<SentenceReading | null>(null);
  const reader = useRef<SentenceReader | null>(null);
  const sentenceBox = useRef<HTMLInputElement>(null);
  const loadReader = () => {
    client.current ??= createSearchClient(engine);
    return loadSentenceReader(client.current, index, words).then((read) => (reader.current = read));
  };

  useEffect(() => {
    if (!sentence.trim()) {
      setReading(null);
      return;
    }
    let current = true;
    (reader.current ? Promise.resolve(reader.current) : loadReader())
      .then((read) => current && setReading(read(sentence)))
      .catch((error: unknown) => {
        if (!current) return;
        // Without the reader the sentence is a keyword search (the count follows it).
        console.warn('sentence reader failed', error);
        setReading({ refinementList: {}, range: {}, query: sentence, parts: [] });
      });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadReader loads the reader module once (kept in a ref): the reading follows the sentence only
  }, [sentence]);
  useEffect(() => {
    const timer = setTimeout(() => setCounted(reading), SEARCH_BOX_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [reading]);

  useEffect(() => {
    client.current ??= createSearchClient(engine);
    let current = true;
    const queries = heroQueries(selection, selects, counted);
    client.current
      .search(queries.map((query) => ({ indexName: index, params: query.params })))
      .then(({ results }) => {
        if (!current) return;
        const answers = results as EngineResult[];
        const next: Record<string, Record<string, number>> = {};
        queries.forEach((query, position) => {
          if (query.attribute) next[query.attribute] = answers[position].facets?.[query.attribute] ?? {};
        });
        setFacets(next);
        setCount(displayCount(answers[0].nbHits, answers[0].facets));
        setLive(true);
      })
      // A failed search keeps the last counts (spec §8: search errors show no message).
      .catch((error: unknown) => console.warn('hero search failed', error));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the engine, index and selects are the island's props, fixed for its life: a search runs when the selection or the counted sentence changes
  }, [selection, counted]);

  const choose = (attribute: string, value: string) =>
    setSelection((previous) => ({ ...previous, values: { ...previous.values, [attribute]: value, ...(attribute === 'make' ? { model: '' } : {}) } }));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    let read = reading;
    if (sentence.trim()) {
      try {
        read = (reader.current ?? (await loadReader()))(sentence);
      } catch {
        read = { refinementList: {}, range: {}, query: sentence.trim(), parts: [] };
      }
    }
    window.location.assign(heroResultsUrl(selection, routes, selects, read));
  };
  const makeTiles = facetOptions(initial.facets.make, tiles);
  const nouns = kindNouns?.[selection.values.item_type ?? ''] ?? stockNouns;

  return (
    <div className="hero-stock" data-hero-phase={live ? 'live' : 'static'}>
      <form className="hero-stock__form" action={routes.base} method="get" role="search" aria-label="Stock search" onSubmit={submit}>
        <div className="hero-stock__sentence">
          <label htmlFor={`${id}-sentence`}>What are you looking for?</label>
          <input
            ref={sentenceBox}
            id={`${id}-sentence`}
            type="search"
            name="query"
            value={sentence}
            placeholder={example}
            autoComplete="off"
            enterKeyHint="search"
            onFocus={() => void loadReader().catch(() => {})}
            onChange={(event) => setSentence(event.target.value)}
          />
          {/* Not a live region (it would re-read the whole list at each word understood): the count's status speaks for the sentence. */}
          <div>
            {reading && reading.parts.length > 0 && (
              <Suspense fallback={null}>
                <HeroChips
                  parts={reading.parts}
                  onEmptied={() => sentenceBox.current?.focus()}
                  onRemove={(part) => setSentence((text) => withoutPart(text, part.start, part.end))}
                />
              </Suspense>
            )}
          </div>
        </div>
        <fieldset className="hero-stock__types">
          <legend className="visually-hidden">{typeLabel}</legend>
          {heroCarTypes(carTypeAll).map((option) => (
            <label key={option.key} className={`hero-stock__type${selection.carType === option.key ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name={option.types.length === 1 ? 'refinementList[car_type][]' : 'car_type_all'}
                value={option.types[0] ?? ''}
                checked={selection.carType === option.key}
                onChange={() => setSelection((previous) => ({ ...previous, carType: option.key }))}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="hero-stock__fields">
          {selects.map((select) => {
            // Every make in stock is offered: the 'value missing' check looks at all of them.
            const options = facetOptions(facets[select.attribute], select.attribute === 'make' ? Number.POSITIVE_INFINITY : select.limit);
            const disabled = select.attribute === 'model' && !selection.values.make;
            const value = selection.values[select.attribute] ?? '';
            return (
              <div className="hero-stock__field" key={select.attribute}>
                <label htmlFor={`${id}-${select.attribute}`}>{select.label}</label>
                <select
                  id={`${id}-${select.attribute}`}
                  name={`refinementList[${select.attribute}][]`}
                  value={value}
                  disabled={disabled}
                  onChange={(event) => choose(select.attribute, event.target.value)}
                >
                  <option value="">{select.any}</option>
                  {value && !options.some((option) => option.value === value) && <option value={value}>{heroOptionLabel(select.attribute, value)} (0)</option>}
                  {select.attribute === 'make'
                    ? makeOptionGroups(facets.make).map((group) =>
                        group.label ? (
                          <optgroup key={group.label} label={group.label}>
                            {group.options.map((option) => (
                              <option key={option.value} value={option.value}>
                                {option.value} ({formatNumber(option.count)})
                              </option>
                            ))}
                          </optgroup>
                        ) : (
                          group.options.map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.value} ({formatNumber(option.count)})
                            </option>
                          ))
                        ),
                      )
                    : options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {heroOptionLabel(select.attribute, option.value)} ({formatNumber(option.count)})
                        </option>
                      ))}
                </select>
              </div>
            );
          })}
        </div>
        <button className="button button--accent hero-stock__submit" type="submit">
          Show Me {formatCount(shown, nouns)}
        </button>
        {/* The count the button runs to, said once the shopper's choices have settled (not each step of the run). */}
        <SettledStatus text={`${formatCount(count, nouns)} found`} />
      </form>
      <form
        className="hero-stock__price"
        action={routes.base}
        method="get"
        aria-label="Search by price"
        onSubmit={(event) => {
          event.preventDefault();
          window.location.assign(priceSearchUrl(price, routes));
        }}
      >
        <fieldset>
          <legend>Price</legend>
          <p className="hero-stock__price-values">
            {priceText(price[0])} – {priceText(price[1])}
          </p>
          {mounted ? (
            <Slider.Root
              className="range-slider"
              min={HOME_PRICE_SLIDER.min}
              max={HOME_PRICE_SLIDER.max}
              step={HOME_PRICE_SLIDER.step}
              value={price}
              minStepsBetweenThumbs={1}
              onValueChange={(next) =>
                setPrice((current) => (next[0] !== current[0] ? moveHomePriceThumb(current, 0, next[0]!) : moveHomePriceThumb(current, 1, next[1]!)))
              }
            >
              <Slider.Track className="range-slider__track">
                <Slider.Range className="range-slider__range" />
              </Slider.Track>
              <Slider.Thumb className="range-slider__thumb" aria-label={PRICE_THUMBS.min} aria-valuetext={priceText(price[0])} onKeyDown={thumbEndKeys(HOME_PRICE_SLIDER, (value) => setPrice((current) => moveHomePriceThumb(current, 0, value)))} />
              <Slider.Thumb className="range-slider__thumb" aria-label={PRICE_THUMBS.max} aria-valuetext={priceText(price[1])} onKeyDown={thumbEndKeys(HOME_PRICE_SLIDER, (value) => setPrice((current) => moveHomePriceThumb(current, 1, value)))} />
            </Slider.Root>
          ) : (
            <StaticTrack bounds={HOME_PRICE_SLIDER} values={price} format={priceText} labels={PRICE_THUMBS} disabled={false} />
          )}
          <input type="hidden" name="sortBy" value="price-desc" />
        </fieldset>
        <button className="button" type="submit">
          Search by Price
        </button>
      </form>
      {makeTiles.length > 0 && (
        // Facet tiles in the shared carousel: its arrows are disabled at the ends (spec §4).
        <div className="hero-stock__tiles">
          <Carousel label="Browse by make" width="wide">
            {makeTiles.map((tile) => (
              <a key={tile.value} className="hero-stock__tile" data-carousel-item href={`${routes.prefix}/${slugify(tile.value)}`}>
                <span className="hero-stock__logo" aria-hidden="true">
                  {tileLogos?.[tile.value] ? <img src={tileLogos[tile.value]} alt="" width={96} height={48} loading="lazy" decoding="async" /> : <MakeBadge make={tile.value} />}
                </span>
                <span className="hero-stock__tile-label">{tile.value}</span>
                <span className="hero-stock__tile-count">
                  {formatNumber(tile.count)} {tileNouns?.[tile.value] ?? nounForCount(tile.count, stockNouns)}
                </span>
              </a>
            ))}
          </Carousel>
        </div>
      )}
    </div>
  );
}

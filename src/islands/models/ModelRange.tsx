/**
 * The model range (spec §2 /models, /models?body={body}, /{brand}/overview): body-category
 * buttons (rows of §9) and the models dropdown filter the tiles; a carousel when more than
 * one model is shown, else a grid. The active body lives in the URL (?body=suv). The count a
 * change leads to is said once it settles (SettledStatus; not the count of the page as opened).
 */
import { useEffect, useState } from 'react';
import { bodyCategoryRows, bodyIcon, modelLayout, type ModelTileData } from '../../lib/range/models.ts';
import { carImageSources, type ImageOptions } from '../../lib/images.ts';
import { formatCount } from '../../lib/text/format.ts';
import Picture from '../ui/Picture.tsx';
import Carousel from '../ui/Carousel.tsx';
import { SettledStatus } from '../ui/SettledStatus.tsx';
import BodyIcon from './BodyIcon.tsx';
import ModelsDropdown from './ModelsDropdown.tsx';
import './models.css';

interface Props {
  tiles: ModelTileData[];
  categories: { body: string; slug: string; count: number }[];
  /** Heading level of tile names. */
  headingLevel?: 2 | 3;
  /** The site's image options (siteImageOptions(site)): a site with an image CDN gets the tiles' remote photos through it. */
  imageOptions?: ImageOptions;
}

function ModelTile({ tile, level, imageOptions }: { tile: ModelTileData; level: 2 | 3; imageOptions?: ImageOptions }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="model-tile card" data-carousel-item data-testid="model-tile">
      {tile.status && <span className={`model-tile__status model-tile__status--${tile.statusKind ?? 'new'}`}>{tile.status}</span>}
      {tile.image ? (
        // Variants where the image has them (feed photos, the drawn demo pictures, a remote photo on a CDN site); else the URL as it is.
        <Picture image={carImageSources(tile.image, 'card', imageOptions)} className="model-tile__image" sizes="(max-width: 700px) 100vw, 400px" alt="" width={480} height={270} />
      ) : (
        <div className="model-tile__placeholder" aria-hidden="true">
          <BodyIcon icon={bodyIcon(tile.bodies[0] ?? 'sedan')} />
        </div>
      )}
      <div className="model-tile__body">
        {/* A range derived from stock mixes makes: the make above the model's name. */}
        {tile.stockCount && tile.brand && <p className="model-tile__brand">{tile.brand}</p>}
        <Heading className="model-tile__name">
          <a href={tile.href}>{tile.name}</a>
        </Heading>
        {tile.fromPrice && <p className="model-tile__price">{tile.fromPrice}</p>}
        {tile.stockCount && <p className="model-tile__stock">{tile.stockCount} in stock</p>}
        {tile.description && <p className="model-tile__description">{tile.description}</p>}
      </div>
    </article>
  );
}

export default function ModelRange({ tiles, categories, headingLevel = 2, imageOptions }: Props) {
  const [active, setActive] = useState('all');
  // The body the URL opened with is read: from then on a changed count is said.
  const [read, setRead] = useState(false);

  useEffect(() => {
    const fromUrl = () => {
      const body = new URLSearchParams(window.location.search).get('body') ?? 'all';
      setActive(categories.some((category) => category.slug === body) ? body : 'all');
      setRead(true);
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, [categories]);

  const select = (slug: string) => {
    setActive(slug);
    const url = new URL(window.location.href);
    if (slug === 'all') url.searchParams.delete('body');
    else url.searchParams.set('body', slug);
    window.history.pushState({}, '', url);
  };

  const shown = active === 'all' ? tiles : tiles.filter((tile) => tile.bodySlugs.includes(active));
  const rows = bodyCategoryRows([{ body: 'All Models', slug: 'all', count: tiles.length }, ...categories]);

  return (
    <div className="model-range">
      {categories.length > 1 && (
        <>
          <nav className="model-range__bodies" aria-label="Body types">
            {rows.map((row, index) => (
              <ul className="model-range__row" key={index}>
                {row.map((category) => (
                  <li key={category.slug}>
                    <a
                      className="body-button"
                      href={category.slug === 'all' ? '?' : `?body=${category.slug}`}
                      aria-current={category.slug === active ? 'true' : undefined}
                      onClick={(event) => {
                        event.preventDefault();
                        select(category.slug);
                      }}
                    >
                      {category.slug !== 'all' && <BodyIcon icon={bodyIcon(category.body)} />}
                      <span>{category.body}</span>
                    </a>
                  </li>
                ))}
              </ul>
            ))}
          </nav>
          <ModelsDropdown categories={categories} active={active} onSelect={select} />
        </>
      )}
      {/* One string: a live paragraph whose number alone changed was read as '2 models', without 'shown'. */}
      {read && <SettledStatus text={`${formatCount(shown.length, { one: 'model', other: 'models' })} shown`} />}
      {modelLayout(shown.length) === 'carousel' ? (
        <Carousel key={active} label="Models" width={shown.length > 4 ? 'wide' : 'narrow'} items={shown.length}>
          {shown.map((tile) => (
            <ModelTile key={tile.key} tile={tile} level={headingLevel} imageOptions={imageOptions} />
          ))}
        </Carousel>
      ) : (
        <div className="model-range__grid">
          {shown.map((tile) => (
            <ModelTile key={tile.key} tile={tile} level={headingLevel} imageOptions={imageOptions} />
          ))}
          {shown.length === 0 && <p>No models match this body type.</p>}
        </div>
      )}
    </div>
  );
}

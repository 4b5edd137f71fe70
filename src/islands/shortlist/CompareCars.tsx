/**
 * /compare: the cars picked with the Compare toggle on this device (up to COMPARE_LIMIT), side by
 * side in one table: a column a car (its photo, in the cards' widths sized to its column, and
 * name linking its page, a Remove button), a row a fact (COMPARE_FACTS: price, year, odometer,
 * transmission, fuel, body) from the site's shortlist file; a fact no car has is left out, one
 * a car lacks reads 'Not stated'. Focus after a Remove and the status that says it are the saved
 * cars page's (use-shortlist.ts).
 * Stored entries are untrusted: shown as text, linked only by their slug as one path segment.
 */
import { $compare, COMPARE_LIMIT, removeCompare } from '../../stores/compare.ts';
import { carImageSources, type ImageOptions } from '../../lib/images.ts';
import { nameOf } from '../../lib/text/accessible-names.ts';
import { formatCount } from '../../lib/text/format.ts';
import { COMPARE_FACTS, compareImageSizes } from '../../lib/vehicle/shortlist.ts';
import { useShortlistPage, type ShortlistWords } from './use-shortlist.ts';
import ShortlistFrame from './ShortlistFrame.tsx';
import Picture from '../ui/Picture.tsx';
import './shortlist.css';

interface Props {
  /** The site's shortlist file (SHORTLIST_CARS_PATH). */
  carsUrl: string;
  /** The site's all-stock search page. */
  stockHref: string;
  words: ShortlistWords;
  /** The site's image settings (siteImageOptions): its image CDN for the photos' widths. */
  images: ImageOptions;
}

/** The table's caption, which names its scrolling region too (one comparison a page). */
const CAPTION_ID = 'compare-caption';

/** A cell without a value: a dash to the eye, words to a screen reader. */
function NotStated() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not stated</span>
    </>
  );
}

export default function CompareCars({ carsUrl, stockHref, words, images }: Props) {
  const page = useShortlistPage($compare, carsUrl);
  const { list, cars, setMessage, removing } = page;
  const nouns = { one: words.vehicle, other: words.vehicles };
  const rows = COMPARE_FACTS.filter(([key]) => cars.some((car) => car.facts?.[key]));
  const sizes = compareImageSizes(cars.length);
  return (
    <ShortlistFrame
      page={page}
      stockHref={stockHref}
      empty={
        <>
          You have not chosen any {words.vehicles} to compare. Press Compare on up to {COMPARE_LIMIT} {words.vehicles} to see them side by side here.
        </>
      }
    >
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- the table scrolls sideways here in a narrow window: the region, named by the caption, takes keyboard focus (axe scrollable-region-focusable) */}
      <div className="compare-scroll" role="region" aria-labelledby={CAPTION_ID} tabIndex={0}>
        <table className="compare-table" data-columns={cars.length}>
          <caption id={CAPTION_ID} className="visually-hidden">
            The {words.vehicles} you chose, side by side
          </caption>
          <thead>
            <tr>
              <td />
              {cars.map((car) => (
                <th scope="col" key={car.id} data-car-id={car.id}>
                  {car.image && <Picture image={carImageSources(car.image, 'card', images)} sizes={sizes} alt="" width={480} height={320} />}
                  {car.href ? <a href={car.href}>{car.name}</a> : car.name}
                  {car.state === 'gone' && <span className="compare-table__note muted">No longer listed</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="compare-table__actions">
              <td />
              {cars.map((car) => (
                <td key={car.id}>
                  <button
                    type="button"
                    className="button button--secondary"
                    data-remove-id={car.id}
                    aria-label={nameOf('Remove', car.name)}
                    onClick={() => {
                      removing(car.id);
                      removeCompare(car.id);
                      setMessage(`${car.name} removed from the comparison. ${formatCount(list.length - 1, nouns)} left.`);
                    }}
                  >
                    Remove
                  </button>
                </td>
              ))}
            </tr>
            {rows.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                {cars.map((car) => (
                  <td key={car.id}>{car.facts?.[key] || <NotStated />}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {cars.length === 1 && (
        <p>
          Add another {words.vehicle} to compare it side by side. <a href={stockHref}>Browse our stock</a>
        </p>
      )}
    </ShortlistFrame>
  );
}

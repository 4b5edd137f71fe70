/** The price line of a car tile (result card, home-page tile, similar-vehicles tile): headline, label, was figure. */
import { formatMoney } from '../../lib/text/format.ts';
import type { TilePrice as TilePriceFigures } from '../../lib/vehicle/price.ts';

export interface TilePriceProps {
  price: TilePriceFigures;
  /** The tile's class block: 'search-card' or 'car-tile' (`{block}__price`, `{block}__was`). */
  block: string;
}

export default function TilePrice({ price, block }: TilePriceProps) {
  const { headline, was } = price;
  return (
    <p className={`${block}__price`}>
      <strong>{headline.text}</strong>
      {headline.label && <span className="muted"> {headline.label}</span>}
      {was !== null && (
        <span className={`${block}__was`}>
          {' '}
          Was <s>{formatMoney(was)}</s>
        </span>
      )}
    </p>
  );
}

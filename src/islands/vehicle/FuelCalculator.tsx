/**
 * Fuel cost calculator (spec §9): weekly cost = distance / 100 x consumption x price, in cents.
 * Once the shopper has changed an input, the cost is said when the inputs settle (SettledStatus).
 */
import { useId, useState } from 'react';
import { fuelCost } from '../../lib/vehicle/fuel-cost.ts';
import { parseDecimal } from '../../lib/finance/finance-bounds.ts';
import { formatMoney } from '../../lib/text/format.ts';
import { SettledStatus } from '../ui/SettledStatus.tsx';

interface Props {
  distanceKm: number;
  litresPer100Km: number;
  pricePerLitre: number;
}

export default function FuelCalculator(props: Props) {
  const id = useId();
  const [distance, setDistance] = useState(String(props.distanceKm));
  const [consumption, setConsumption] = useState(String(props.litresPer100Km));
  const [price, setPrice] = useState(props.pricePerLitre.toFixed(2));
  const cost = fuelCost({
    distanceKm: parseDecimal(distance) ?? 0,
    litresPer100Km: parseDecimal(consumption) ?? 0,
    pricePerLitre: parseDecimal(price) ?? 0,
  });
  const fields: [string, string, string, (text: string) => void, string][] = [
    ['distance', 'Kilometres per week', distance, setDistance, 'km'],
    ['consumption', 'Fuel consumption (L/100km)', consumption, setConsumption, 'L/100km'],
    ['price', 'Fuel price ($ per litre)', price, setPrice, '$/L'],
  ];
  const costText = formatMoney(cost, { cents: true });
  return (
    <form className="fuel-calc" onSubmit={(event) => event.preventDefault()} aria-label="Fuel cost calculator">
      <div className="fuel-calc__grid">
        {fields.map(([key, label, value, set]) => (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>{label}</label>
            <input id={`${id}-${key}`} inputMode="decimal" autoComplete="off" value={value} onChange={(event) => set(event.target.value)} />
          </div>
        ))}
      </div>
      {/* Not live: the cost, rewritten at each keystroke, was read each time; the status says it once. */}
      <SettledStatus text={`Estimated fuel cost: ${costText} per week`} />
      <p className="fuel-calc__result">
        Estimated fuel cost: <strong data-testid="fuel-cost">{costText}</strong> per week
      </p>
    </form>
  );
}

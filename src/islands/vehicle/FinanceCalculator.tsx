/**
 * Finance calculator (spec §5 bounds, §9 repayment): purchase price money input ($ prefix,
 * thousand separators, presets) with the loan-amount slider, deposit, term, interest, residual
 * and frequency; one analytics event (26) on the first change of any control; disclaimer
 * truncated at 197 characters with Show More / Show Less. Its first state is the car's finance
 * scenario (src/lib/finance/car-finance.ts), and every figure it prints, the comparison rate
 * included, comes from financeFigures() of the current state.
 */
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { trackEvent } from '../../lib/marketing/analytics.ts';
import { calculatorAmounts, calculatorBounds, clampToBounds, parseDecimal, snapToBounds, type Bounds } from '../../lib/finance/finance-bounds.ts';
import { formatMoney, formatNumber, truncateText } from '../../lib/text/format.ts';
import { amountText } from '../../lib/forms/money-input.ts';
import MoneyField from '../ui/MoneyField.tsx';
import { FREQUENCY_LABELS, PERIODS_PER_YEAR, type Frequency } from '../../lib/finance/repayment.ts';
import { COMPARISON_FOOTNOTE, feesText, type FinanceFee, type RepaymentRounding } from '../../lib/finance/disclosures.ts';
import { financeFigures } from '../../lib/finance/car-finance.ts';
import './finance-calculator.css';

/** Characters of the disclaimer shown before 'Show More' (spec §9). */
const DISCLAIMER_LIMIT = 197;

export interface FinanceCalculatorProps {
  carId: string;
  defaultAmount: number;
  defaultRate: number;
  defaultTermYears: number;
  /** Deposit, residual and frequency of the car's finance scenario; 0, 0 and weekly by default. */
  defaultDeposit?: number;
  defaultResidual?: number;
  defaultFrequency?: Frequency;
  maxTermYears: number;
  interestRange: [number, number] | null;
  minPrice: number;
  establishmentFee: number;
  hideFrequency: boolean;
  presets: number[];
  /** The car's finance disclaimer (looked up by car id at build time). */
  disclaimer: string;
  /** A comparison rate is advertised for this car: worked out for the rate and fees shown. */
  showComparison?: boolean;
  /** Fees included in the repayment, each named (lender/site establishment fee, brand fees). */
  fees?: FinanceFee[];
  /** The provider's repayment rounding. */
  rounding?: RepaymentRounding;
}

/** A calculator control under its label. */
function CalculatorField({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A slider over `bounds`; `onValue` gets the number chosen. */
function RangeInput({ id, bounds, value, valueText, onValue }: { id: string; bounds: Bounds; value: number; valueText: string; onValue: (value: number) => void }) {
  return <input id={id} type="range" min={bounds.min} max={bounds.max} step={bounds.step} value={value} aria-valuetext={valueText} onChange={(event) => onValue(Number(event.target.value))} />;
}

export default function FinanceCalculator(props: FinanceCalculatorProps) {
  const id = useId();
  const { price: priceBounds, slider, terms, rates } = calculatorBounds(props);

  const [priceText, setPriceText] = useState(amountText(props.defaultAmount));
  const [depositText, setDepositText] = useState(props.defaultDeposit ? amountText(props.defaultDeposit) : '');
  const [residualText, setResidualText] = useState(props.defaultResidual ? amountText(props.defaultResidual) : '');
  const [term, setTerm] = useState(snapToBounds(props.defaultTermYears, terms));
  // The configured or published rate is kept as it is (9.99 stays 9.99): the 0.5 step is the arrows' step.
  const [rate, setRate] = useState(props.defaultRate);
  const [rateText, setRateText] = useState(String(props.defaultRate));
  const [frequency, setFrequency] = useState<Frequency>(props.defaultFrequency ?? 'weekly');
  const [disclaimerOpen, setDisclaimerOpen] = useState(false);
  const used = useRef(false);

  const noteUse = () => {
    if (used.current) return;
    used.current = true;
    trackEvent('financeCalculatorUse', { car_id: props.carId });
  };

  const { price, priceError, deposit, residual } = calculatorAmounts({ price: priceText, deposit: depositText, residual: residualText }, priceBounds);

  const fees = props.fees ?? null;
  const feeLine = fees ? feesText(fees) : null;
  const money = (amount: number) => formatMoney(amount, { cents: props.rounding === 'cent-up' && amount % 1 !== 0 });
  const result = useMemo(
    () =>
      priceError
        ? null
        : financeFigures({
            source: 'site',
            amount: price,
            deposit,
            residual,
            ratePercent: rate,
            years: term,
            frequency,
            fees: fees ?? (props.establishmentFee > 0 ? [{ name: 'Establishment fee', amount: props.establishmentFee, per: 'loan' }] : []),
            rounding: props.rounding ?? 'dollar-up',
            advertisesComparison: Boolean(props.showComparison),
          }),
    [priceError, price, deposit, props.establishmentFee, props.rounding, props.showComparison, fees, rate, term, frequency, residual],
  );

  /** A control's handler that first notes the calculator's use. */
  const noting =
    <T,>(handler: (value: T) => void) =>
    (value: T) => {
      noteUse();
      handler(value);
    };

  const disclaimer = truncateText(props.disclaimer, DISCLAIMER_LIMIT);
  const ids = {
    price: `${id}-price`,
    priceError: `${id}-price-error`,
    presets: `${id}-presets`,
    slider: `${id}-slider`,
    deposit: `${id}-deposit`,
    residual: `${id}-residual`,
    term: `${id}-term`,
    rate: `${id}-rate`,
    frequency: `${id}-frequency`,
  };

  return (
    <form className="finance-calc" onSubmit={(event) => event.preventDefault()} aria-label="Finance calculator">
      <div className="finance-calc__grid">
        <CalculatorField id={ids.price} label="Purchase price">
          <MoneyField
            id={ids.price}
            name="purchase_price"
            list={ids.presets}
            value={priceText}
            onChange={noting(setPriceText)}
            invalid={Boolean(priceError)}
            describedBy={priceError ? ids.priceError : undefined}
          >
            <datalist id={ids.presets}>
              {props.presets.map((preset) => (
                <option key={preset} value={formatNumber(preset)} label={formatMoney(preset)} />
              ))}
            </datalist>
          </MoneyField>
          <p id={ids.priceError} className="field__error" role="alert">
            {priceError ?? ''}
          </p>
        </CalculatorField>

        <CalculatorField id={ids.slider} label="Loan amount">
          <RangeInput id={ids.slider} bounds={slider} value={snapToBounds(price, slider)} valueText={formatMoney(snapToBounds(price, slider))} onValue={noting((value) => setPriceText(formatNumber(value)))} />
        </CalculatorField>

        <CalculatorField id={ids.deposit} label="Deposit / trade-in">
          <MoneyField id={ids.deposit} name="deposit" placeholder="0" value={depositText} onChange={noting(setDepositText)} onBlur={() => setDepositText(amountText(deposit))} />
        </CalculatorField>

        <CalculatorField id={ids.term} label={<>Loan term: <span>{term} years</span></>}>
          <RangeInput id={ids.term} bounds={terms} value={term} valueText={`${term} years`} onValue={noting((value) => setTerm(snapToBounds(value, terms)))} />
        </CalculatorField>

        <CalculatorField id={ids.rate} label="Interest rate (% p.a.)">
          <input
            id={ids.rate}
            name="interest"
            type="number"
            inputMode="decimal"
            min={rates.min}
            max={rates.max}
            step={rates.step}
            value={rateText}
            onChange={(event) => {
              noteUse();
              setRateText(event.target.value);
              const typed = parseDecimal(event.target.value);
              if (typed !== null && typed >= rates.min && typed <= rates.max) setRate(typed);
            }}
            onBlur={() => {
              // Kept as typed within the range; unreadable text goes back to the rate in use.
              const kept = clampToBounds(parseDecimal(rateText) ?? rate, rates);
              setRate(kept);
              setRateText(String(kept));
            }}
          />
        </CalculatorField>

        <CalculatorField id={ids.residual} label="Residual (balloon)">
          <MoneyField id={ids.residual} name="residual" placeholder="0" value={residualText} onChange={noting(setResidualText)} onBlur={() => setResidualText(amountText(residual))} />
        </CalculatorField>

        {!props.hideFrequency && (
          <CalculatorField id={ids.frequency} label="Repayment frequency">
            <select id={ids.frequency} value={frequency} onChange={(event) => noting(setFrequency)(event.target.value as Frequency)}>
              {(Object.keys(PERIODS_PER_YEAR) as Frequency[]).map((key) => (
                <option key={key} value={key}>
                  {FREQUENCY_LABELS[key]}
                </option>
              ))}
            </select>
          </CalculatorField>
        )}
      </div>

      <div className="finance-calc__result" aria-live="polite" data-testid="finance-result">
        {result === null ? (
          <p className="finance-calc__placeholder">Enter a purchase price to see repayments.</p>
        ) : result.showFigures ? (
          <>
            <p className="finance-calc__payment">
              <strong data-testid="finance-payment">{result.paymentText}</strong> per {result.period}
            </p>
            {result.comparison && (
              <p className="finance-calc__comparison" data-testid="finance-comparison">
                {result.comparison.text}
              </p>
            )}
            <p className="muted">
              {result.periods} {FREQUENCY_LABELS[frequency].toLowerCase()} repayments at <span data-testid="finance-rate">{result.rateText}</span> over {term} years. Total payable{' '}
              <span data-testid="finance-total">{money(result.total)}</span>
            </p>
            {feeLine && (
              <p className="muted" data-testid="finance-fees">
                {feeLine}
              </p>
            )}
          </>
        ) : (
          <p className="finance-calc__payment">
            <strong>Enquire for Finance</strong>
          </p>
        )}
      </div>

      <div className="finance-calc__disclaimer" id="financeDisclaimer">
        {props.showComparison && (
          <p className="muted" data-testid="finance-comparison-footnote">
            {COMPARISON_FOOTNOTE}
          </p>
        )}
        <p className="muted">{disclaimerOpen ? props.disclaimer : disclaimer.text}</p>
        {disclaimer.truncated && (
          <button type="button" className="link-button" aria-expanded={disclaimerOpen} onClick={() => setDisclaimerOpen((open) => !open)}>
            {disclaimerOpen ? 'Show Less' : 'Show More'}
          </button>
        )}
      </div>
    </form>
  );
}

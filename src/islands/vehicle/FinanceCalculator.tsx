/**
 * Finance calculator (spec §5 bounds, §9 repayment): purchase price money input ($ prefix,
 * thousand separators, presets) with the loan-amount slider, deposit, term, interest, residual
 * and frequency; one analytics event (26) on the first change of any control; disclaimer
 * truncated at 197 characters with Show More / Show Less. Its first state is the car's finance
 * scenario (src/lib/finance/car-finance.ts), printed with the lender's own figures where the
 * lender publishes them; when the page's live quote answers (src/stores/finance-quote.ts) the
 * answer becomes that first state, and an untouched calculator moves to it. Every figure it
 * prints comes from financeFigures(calculatorScenario(first state, inputs)). The price is
 * checked when its field is left (its message then interrupts no typing); once the shopper has
 * changed something, the short repayment is said when the inputs settle (SettledStatus).
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { trackEvent } from '../../lib/marketing/analytics.ts';
import { calculatorAmounts, calculatorBounds, clampToBounds, parseDecimal, snapToBounds, type Bounds } from '../../lib/finance/finance-bounds.ts';
import { formatMoney, formatNumber, nounForCount, truncateText } from '../../lib/text/format.ts';
import { amountText } from '../../lib/forms/money-input.ts';
import MoneyField from '../ui/MoneyField.tsx';
import { SettledStatus } from '../ui/SettledStatus.tsx';
import { FREQUENCY_LABELS, PERIODS_PER_YEAR, type Frequency } from '../../lib/finance/repayment.ts';
import { COMPARISON_FOOTNOTE, feesText } from '../../lib/finance/disclosures.ts';
import { calculatorScenario, financeFigures, type FinanceScenario } from '../../lib/finance/car-finance.ts';
import { $liveQuote } from '../../stores/finance-quote.ts';
import './finance-calculator.css';

/** Characters of the disclaimer shown before 'Show More' (spec §9). */
const DISCLAIMER_LIMIT = 197;

/** The loan term's unit, after a number of years ('1 year', '1.5 years'). */
const YEARS = { one: 'year', other: 'years' };

export interface FinanceCalculatorProps {
  carId: string;
  /** The car's finance scenario: the first state (amount, deposit, residual, rate, term, frequency, fees, rounding, the lender's own figures). */
  start: FinanceScenario;
  maxTermYears: number;
  interestRange: [number, number] | null;
  minPrice: number;
  hideFrequency: boolean;
  presets: number[];
  /** The car's finance disclaimer (looked up by car id at build time). */
  disclaimer: string;
  /** The comparison rate is printed as prominently as the repayment (site.json finance.comparison_rate_disclosure 'national-credit-code'). */
  prominentComparison?: boolean;
}

/** The inputs' text and values for a scenario's loan. */
function inputsOf(scenario: FinanceScenario, terms: Bounds) {
  return {
    priceText: amountText(scenario.amount),
    depositText: scenario.deposit ? amountText(scenario.deposit) : '',
    residualText: scenario.residual ? amountText(scenario.residual) : '',
    term: snapToBounds(scenario.years, terms),
    // The configured or published rate is kept as it is (9.99 stays 9.99): the 0.5 step is the arrows' step.
    rate: scenario.ratePercent,
    rateText: String(scenario.ratePercent),
    frequency: scenario.frequency,
  };
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
function RangeInput({
  id,
  name,
  bounds,
  value,
  valueText,
  onValue,
}: {
  id: string;
  name: string;
  bounds: Bounds;
  value: number;
  valueText: string;
  onValue: (value: number) => void;
}) {
  return (
    <input
      id={id}
      name={name}
      type="range"
      min={bounds.min}
      max={bounds.max}
      step={bounds.step}
      value={value}
      aria-valuetext={valueText}
      onChange={(event) => onValue(Number(event.target.value))}
    />
  );
}

/** What the status says of the figures: the repayment and its period ('$147 per week'), or 'Enquire for Finance'. */
function shortResult(result: ReturnType<typeof financeFigures> | null): string {
  if (result === null) return '';
  return result.showFigures ? `${result.paymentText} per ${result.period}` : 'Enquire for Finance';
}

export default function FinanceCalculator(props: FinanceCalculatorProps) {
  const id = useId();
  const [start, setStart] = useState(props.start);
  // The site's ranges hold what the shopper types; the price and rate the calculator starts from
  // (the page's, the live quote's) are kept as they are, even beyond them, until then.
  const { price: priceBounds, slider, terms, rates } = calculatorBounds(props);

  const first = inputsOf(props.start, terms);
  const [priceText, setPriceText] = useState(first.priceText);
  const [depositText, setDepositText] = useState(first.depositText);
  const [residualText, setResidualText] = useState(first.residualText);
  const [term, setTerm] = useState(first.term);
  const [rate, setRate] = useState(first.rate);
  const [rateText, setRateText] = useState(first.rateText);
  const [frequency, setFrequency] = useState<Frequency>(first.frequency);
  const [disclaimerOpen, setDisclaimerOpen] = useState(false);
  /** The price text when its field was last left (at first, the price the page starts with): its message shows until the text changes. */
  const [checkedPrice, setCheckedPrice] = useState<string | null>(first.priceText);
  /** The price was typed (or set with the slider): until then it is the start's, shown with its figures even beyond the range. */
  const [priceTyped, setPriceTyped] = useState(false);
  const used = useRef(false);
  /** The rate's text was typed (or stepped) since the field was last left: only then does leaving it correct the rate. */
  const rateTyped = useRef(false);
  /** The shopper has changed a control: from then on the repayment is said (not the live quote's move of an untouched calculator). */
  const [touched, setTouched] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);

  // What the shopper typed or chose in the server-rendered calculator before it hydrated is
  // taken into state (it would otherwise show while the figures ignored it).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const changed = (name: string, shown: string) => {
      const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      return field && field.value !== shown ? field.value : null;
    };
    const typedPrice = changed('purchase_price', first.priceText) ?? changed('loan_amount', String(snapToBounds(props.start.amount, slider)));
    const typedDeposit = changed('deposit', first.depositText);
    const typedResidual = changed('residual', first.residualText);
    const typedTerm = changed('term', String(first.term));
    const typedRate = changed('interest', first.rateText);
    const typedFrequency = changed('frequency', first.frequency);
    if (typedPrice !== null) {
      setPriceTyped(true);
      setPriceText(typedPrice);
    }
    if (typedDeposit !== null) setDepositText(typedDeposit);
    if (typedResidual !== null) setResidualText(typedResidual);
    if (typedTerm !== null) setTerm(snapToBounds(Number(typedTerm), terms));
    if (typedRate !== null) {
      rateTyped.current = true;
      setRateText(typedRate);
      const typed = parseDecimal(typedRate);
      if (typed !== null && typed >= rates.min && typed <= rates.max) setRate(typed);
    }
    if (typedFrequency !== null && typedFrequency in PERIODS_PER_YEAR) setFrequency(typedFrequency as Frequency);
    if ([typedPrice, typedDeposit, typedResidual, typedTerm, typedRate, typedFrequency].some((value) => value !== null)) noteUse();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);

  // The live quote (after hydration, so the first render matches the server's): the car's
  // figures from now on; a calculator the shopper has not touched moves to them.
  useEffect(
    () =>
      $liveQuote.subscribe((quote) => {
        if (!quote) return;
        setStart(quote);
        if (used.current) return;
        const next = inputsOf(quote, terms);
        setPriceText(next.priceText);
        setDepositText(next.depositText);
        setResidualText(next.residualText);
        setTerm(next.term);
        setRate(next.rate);
        setRateText(next.rateText);
        setFrequency(next.frequency);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribed once; the term bounds are fixed props
    [],
  );

  const noteUse = () => {
    if (used.current) return;
    used.current = true;
    setTouched(true);
    trackEvent('financeCalculatorUse', { car_id: props.carId });
  };

  const amounts = calculatorAmounts({ price: priceText, deposit: depositText, residual: residualText }, priceBounds);
  const { price, deposit, residual } = amounts;
  // A start price (above 0) not yet typed over is kept whatever the range.
  const priceError = priceTyped || price <= 0 ? amounts.priceError : null;
  const priceMessage = checkedPrice === priceText ? priceError : null;

  const feeLine = feesText(start.fees);
  const termText = `${term} ${nounForCount(term, YEARS)}`;
  const result = useMemo(
    () => (priceError ? null : financeFigures(calculatorScenario(start, { amount: price, deposit, residual, ratePercent: rate, years: term, frequency }))),
    [priceError, start, price, deposit, residual, rate, term, frequency],
  );

  /** A control's handler that first notes the calculator's use. */
  const noting =
    <T,>(handler: (value: T) => void) =>
    (value: T) => {
      noteUse();
      handler(value);
    };
  /** The price field's and the slider's text, typed: from now on held to the range. */
  const typePrice = (text: string) => {
    setPriceTyped(true);
    setPriceText(text);
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
    <form ref={formRef} className="finance-calc" onSubmit={(event) => event.preventDefault()} aria-label="Finance calculator">
      <div className="finance-calc__grid">
        <CalculatorField id={ids.price} label="Purchase price">
          <MoneyField
            id={ids.price}
            name="purchase_price"
            list={ids.presets}
            value={priceText}
            onChange={noting(typePrice)}
            onBlur={() => setCheckedPrice(priceText)}
            invalid={Boolean(priceMessage)}
            describedBy={priceMessage ? ids.priceError : undefined}
          >
            <datalist id={ids.presets}>
              {props.presets.map((preset) => (
                <option key={preset} value={formatNumber(preset)} label={formatMoney(preset)} />
              ))}
            </datalist>
          </MoneyField>
          <p id={ids.priceError} className="field__error" role="alert">
            {priceMessage ?? ''}
          </p>
        </CalculatorField>

        <CalculatorField id={ids.slider} label="Loan amount">
          <RangeInput
            id={ids.slider}
            name="loan_amount"
            bounds={slider}
            value={snapToBounds(price, slider)}
            valueText={formatMoney(snapToBounds(price, slider))}
            onValue={noting((value) => typePrice(formatNumber(value)))}
          />
        </CalculatorField>

        <CalculatorField id={ids.deposit} label="Deposit / trade-in">
          <MoneyField
            id={ids.deposit}
            name="deposit"
            placeholder="0"
            value={depositText}
            onChange={noting(setDepositText)}
            onBlur={() => setDepositText(amountText(deposit))}
          />
        </CalculatorField>

        <CalculatorField
          id={ids.term}
          label={
            <>
              Loan term: <span>{termText}</span>
            </>
          }
        >
          <RangeInput
            id={ids.term}
            name="term"
            bounds={terms}
            value={term}
            valueText={termText}
            onValue={noting((value) => setTerm(snapToBounds(value, terms)))}
          />
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
              rateTyped.current = true;
              setRateText(event.target.value);
              const typed = parseDecimal(event.target.value);
              if (typed !== null && typed >= rates.min && typed <= rates.max) setRate(typed);
            }}
            onBlur={() => {
              // Leaving the field without typing changes nothing. A typed rate is kept within the
              // range (to the hundredth); unreadable text goes back to the rate in use.
              if (!rateTyped.current) return;
              rateTyped.current = false;
              const kept = clampToBounds(parseDecimal(rateText) ?? rate, rates);
              setRate(kept);
              setRateText(String(kept));
            }}
          />
        </CalculatorField>

        <CalculatorField id={ids.residual} label="Residual (balloon)">
          <MoneyField
            id={ids.residual}
            name="residual"
            placeholder="0"
            value={residualText}
            onChange={noting(setResidualText)}
            onBlur={() => setResidualText(amountText(residual))}
          />
        </CalculatorField>

        {!props.hideFrequency && (
          <CalculatorField id={ids.frequency} label="Repayment frequency">
            <select id={ids.frequency} name="frequency" value={frequency} onChange={(event) => noting(setFrequency)(event.target.value as Frequency)}>
              {(Object.keys(PERIODS_PER_YEAR) as Frequency[]).map((key) => (
                <option key={key} value={key}>
                  {FREQUENCY_LABELS[key]}
                </option>
              ))}
            </select>
          </CalculatorField>
        )}
      </div>

      {/* The result below is not a live region: the status says the repayment alone, once it has settled after the shopper's change. */}
      <SettledStatus text={touched ? shortResult(result) : ''} />
      <div className="finance-calc__result" data-testid="finance-result">
        {result === null ? (
          <p className="finance-calc__placeholder">Enter a purchase price to see repayments.</p>
        ) : result.showFigures ? (
          <>
            <p className="finance-calc__payment">
              <strong data-testid="finance-payment">{result.paymentText}</strong> per {result.period}
            </p>
            {result.comparison && (
              <p
                className={props.prominentComparison ? 'finance-calc__comparison finance-calc__comparison--prominent' : 'finance-calc__comparison'}
                data-testid="finance-comparison"
              >
                {result.comparison.text}
              </p>
            )}
            <p className="muted">
              {result.periods} {FREQUENCY_LABELS[frequency].toLowerCase()} repayments at <span data-testid="finance-rate">{result.rateText}</span> over{' '}
              {termText}, <span data-testid="finance-terms">{result.termsText}</span>. Total payable <span data-testid="finance-total">{result.totalText}</span>
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
        {start.advertisesComparison && (
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

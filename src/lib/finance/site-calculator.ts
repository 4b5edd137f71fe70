/**
 * The finance calculator of the /finance pages, where no car is chosen: the site's calculator
 * defaults (finance.default_amount, default_interest, default_term_years, the bounds, and the
 * presets of money-input.ts's moneyPresets, as the forms have them) and the fees a car of the
 * site's make would carry (the site's establishment fee and any brand fees of its manufacturer).
 * The vehicle page's calculator starts from the car's own finance (car-finance.ts) and shares
 * calculatorSettings; this one starts from the site's. Pure.
 */
import type { Site } from '../../schemas/site.ts';
import { snapToBounds, termBounds } from './finance-bounds.ts';
import { moneyPresets } from '../forms/money-input.ts';
import { financeFees, repaymentRounding } from './disclosures.ts';
import type { FinanceScenario } from './car-finance.ts';

/** The site's finance settings every calculator reads, on the /finance pages and the vehicle page alike. */
export interface CalculatorSiteSettings {
  maxTermYears: number;
  interestRange: [number, number] | null;
  minPrice: number;
  hideFrequency: boolean;
  /** The site's presets, or the spec's when it has none (moneyPresets: an empty list too, as in the forms). */
  presets: number[];
}

/** The calculator's settings from the site's finance (site.finance). */
export function calculatorSettings(finance: Site['finance']): CalculatorSiteSettings {
  return {
    maxTermYears: finance.max_term_years,
    interestRange: finance.interest_range ?? null,
    minPrice: finance.min_price,
    hideFrequency: finance.hide_frequency,
    presets: [...moneyPresets(finance.presets)],
  };
}

/** The calculator's props for the site (FinanceCalculator.tsx), without a car. */
export interface SiteCalculator extends CalculatorSiteSettings {
  /** The first state: the site's default amount, rate and term, no deposit or final payment, worked out (no lender figures). */
  start: FinanceScenario;
  disclaimer: string;
  /** The comparison rate as prominent as the repayment (finance.comparison_rate_disclosure 'national-credit-code'). */
  prominentComparison: boolean;
}

/** The site's own calculator settings (no car, no lender; a comparison rate only where the site shows one beside every rate). */
export function siteCalculator(site: Pick<Site, 'finance' | 'manufacturer' | 'finance_provider'>): SiteCalculator {
  const { finance } = site;
  const everywhere = finance.comparison_rate_disclosure === 'national-credit-code';
  return {
    start: {
      source: 'site',
      amount: finance.default_amount,
      deposit: 0,
      residual: 0,
      ratePercent: finance.default_interest,
      years: snapToBounds(finance.default_term_years, termBounds(finance.max_term_years)),
      frequency: 'weekly',
      fees: financeFees({ make: site.manufacturer ?? null }, null, finance, site.manufacturer),
      rounding: repaymentRounding(site.finance_provider, finance.rounding),
      totalPayable: finance.total_payable,
      advertisesComparison: everywhere,
      published: null,
    },
    ...calculatorSettings(finance),
    disclaimer: finance.disclaimer,
    prominentComparison: everywhere,
  };
}

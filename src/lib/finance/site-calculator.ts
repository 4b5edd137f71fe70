/**
 * The finance calculator of the /finance pages, where no car is chosen: the site's calculator
 * defaults (finance.default_amount, default_interest, default_term_years, the bounds and presets)
 * and the fees a car of the site's make would carry (the site's establishment fee and any brand
 * fees of its manufacturer). The vehicle page's calculator starts from the car's own finance
 * (car-finance.ts); this one from the site's. Pure.
 */
import type { Site } from '../../schemas/site.ts';
import { DEFAULT_MONEY_PRESETS } from './finance-bounds.ts';
import { financeFees, repaymentRounding, type FinanceFee, type RepaymentRounding } from './disclosures.ts';

/** The calculator's props for the site (FinanceCalculator.tsx), without a car. */
export interface SiteCalculator {
  defaultAmount: number;
  defaultRate: number;
  defaultTermYears: number;
  maxTermYears: number;
  interestRange: [number, number] | null;
  minPrice: number;
  establishmentFee: number;
  hideFrequency: boolean;
  presets: number[];
  disclaimer: string;
  fees: FinanceFee[];
  rounding: RepaymentRounding;
}

/** The site's own calculator settings (no car, no lender, no comparison rate advertised). */
export function siteCalculator(site: Pick<Site, 'finance' | 'manufacturer' | 'finance_provider'>): SiteCalculator {
  const { finance } = site;
  return {
    defaultAmount: finance.default_amount,
    defaultRate: finance.default_interest,
    defaultTermYears: Math.min(finance.default_term_years, finance.max_term_years),
    maxTermYears: finance.max_term_years,
    interestRange: finance.interest_range ?? null,
    minPrice: finance.min_price,
    establishmentFee: finance.establishment_fee,
    hideFrequency: finance.hide_frequency,
    presets: finance.presets ?? [...DEFAULT_MONEY_PRESETS],
    disclaimer: finance.disclaimer,
    fees: financeFees({ make: site.manufacturer ?? null }, null, finance, site.manufacturer),
    rounding: repaymentRounding(site.finance_provider, finance.rounding),
  };
}

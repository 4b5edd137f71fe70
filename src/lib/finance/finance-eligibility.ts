/**
 * Finance box eligibility and finance calculator visibility (spec §5, §9 "Finance eligibility
 * floor 500; Taurus age 12 years"). Which pre-computed lender figures a car may advertise.
 */
import type { Car, FinanceLender } from '../../schemas/car.ts';
import type { Site } from '../../schemas/site.ts';
import { dealerYear } from '../text/dealer-time.ts';
import { isCarAvailable } from '../vehicle/availability.ts';

/** Providers whose finance box the spec defines. */
export const FINANCE_PROVIDERS = ['Taurus', '360 Finance', 'AusLoans', 'Manual', 'Angle', 'Powertorque', 'Nissan Finance'] as const;
export type FinanceProvider = (typeof FINANCE_PROVIDERS)[number];

/** Price a car must exceed for most providers (spec §9). */
export const FINANCE_PRICE_FLOOR = 500;
/** Taurus only finances cars at most this many years old (spec §9). */
export const TAURUS_MAX_AGE_YEARS = 12;

/** The site settings the finance rules read. */
export interface FinanceSiteOptions {
  /** site.finance_provider */
  provider: string | null;
  /** site.manufacturer (a Suzuki site never shows the box). */
  manufacturer: string | null;
  /** site.finance.excluded_dealerships */
  excludedDealerships: readonly string[];
  /** site.features.finance_box_disabled */
  disabled: boolean;
  /** site.features.finance_calculator_when_unavailable */
  calculatorWhenUnavailable: boolean;
  /** site.timezone: the dealer's year a car's age counts from (dealerYear). */
  timeZone: string;
}

/** Read the finance options from a validated site.json. */
export function financeSiteOptions(site: Site): FinanceSiteOptions {
  return {
    provider: site.finance_provider ?? null,
    manufacturer: site.manufacturer ?? null,
    excludedDealerships: site.finance.excluded_dealerships,
    disabled: site.features.finance_box_disabled,
    calculatorWhenUnavailable: site.features.finance_calculator_when_unavailable,
    timeZone: site.timezone,
  };
}

/** What the finance box shows: the provider and its headline repayment. */
export interface FinanceBox {
  provider: FinanceProvider;
  lender: FinanceLender;
  /** Headline repayment: weekly for most providers, monthly for Nissan Finance; null when the lender gives none. */
  repayment: { amount: number; period: 'week' | 'month' } | null;
}

function present(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isSuzuki(text: string | null | undefined): boolean {
  return (text ?? '').trim().toLowerCase() === 'suzuki';
}

function isProvider(name: string): name is FinanceProvider {
  return (FINANCE_PROVIDERS as readonly string[]).includes(name);
}

/**
 * The finance box for a car, or null when it must not show. Needs lender data for the site's
 * provider with a non-null interest rate; never for Suzuki, excluded dealerships or a flagged
 * site. Per provider: Taurus (car at most 12 years old in the dealer's year, price above 500,
 * available, comparison rate present); 360 Finance and AusLoans (available); Manual, Angle,
 * Powertorque (price above 500, available, weekly payment); Nissan Finance (price above 500,
 * available, monthly payment).
 */
export function financeBox(car: Car, options: FinanceSiteOptions, now: number): FinanceBox | null {
  const provider = options.provider?.trim() ?? '';
  if (!provider || !isProvider(provider)) return null;
  if (options.disabled) return null;
  if (isSuzuki(car.make) || isSuzuki(options.manufacturer)) return null;
  if (car.dealership_slug && options.excludedDealerships.includes(car.dealership_slug)) return null;
  const lender = car.finance_lenders?.[provider];
  if (!lender || !present(lender.interestRate)) return null;
  if (!isCarAvailable(car)) return null;

  const price = present(car.price) ? car.price : 0;
  const aboveFloor = price > FINANCE_PRICE_FLOOR;
  const weekly = present(lender.paymentWeek) ? { amount: lender.paymentWeek, period: 'week' as const } : null;
  const monthly = present(lender.paymentMonth) ? { amount: lender.paymentMonth, period: 'month' as const } : null;

  switch (provider) {
    case 'Taurus': {
      const thisYear = dealerYear(now, options.timeZone);
      const recent = present(car.year) && car.year >= thisYear - TAURUS_MAX_AGE_YEARS;
      if (!recent || !aboveFloor || !present(lender.comparisonRate)) return null;
      return { provider, lender, repayment: weekly ?? monthly };
    }
    case '360 Finance':
    case 'AusLoans':
      return { provider, lender, repayment: weekly ?? monthly };
    case 'Manual':
    case 'Angle':
    case 'Powertorque':
      if (!aboveFloor || !weekly) return null;
      return { provider, lender, repayment: weekly };
    case 'Nissan Finance':
      if (!aboveFloor || !monthly) return null;
      return { provider, lender, repayment: monthly };
  }
}

/**
 * The finance calculator shows when the site has a finance provider, the amount to finance is
 * above 0, and the car is available (or the site shows it for unavailable cars too).
 */
export function financeCalculatorVisible(car: Car, options: FinanceSiteOptions, amount: number): boolean {
  if (!options.provider?.trim()) return false;
  if (!(amount > 0)) return false;
  return isCarAvailable(car) || options.calculatorWhenUnavailable;
}

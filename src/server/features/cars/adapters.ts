/**
 * The cars feature's adapters: finance quote, price comparison and test-drive appointments
 * (the slots offered, and the time a lead's drive holds the car), each a provider or its local default
 * (finance-quote.ts, price-comparison.ts, appointments.ts).
 */
import type { ProviderEndpoint } from '../../../config/server-settings.ts';
import type { FinanceQuoteRequest } from '../../../schemas/api/cars.ts';
import type { Car } from '../../../schemas/car.ts';
import type { LeadRepository } from '../../leads/repository.ts';
import { callProvider, carLocation, type AppointmentsAdapter } from '../../kernel/adapters.ts';
import type { ApiTenant } from '../../kernel/tenants.ts';
import { MAX_BOOKING_DAYS } from '../../../lib/forms/test-drive-booking.ts';
import { dealerYear } from '../../../lib/text/dealer-time.ts';
import { testDriveTimeZone } from '../../../lib/locations/locations.ts';
import { UNENDED_GRID_BOOKING_MS, availableSlots, driveTime, unaskedDriveTime, type SlotGrid } from './appointments.ts';
import { quoteFinance, type FinanceQuote } from './finance-quote.ts';
import { comparePrice, type PriceComparison } from './price-comparison.ts';

export interface FinanceQuoteAdapter {
  quote(tenant: ApiTenant, request: FinanceQuoteRequest): Promise<FinanceQuote>;
}

export interface PriceComparisonAdapter {
  /** Undefined when there is no market data for the car. */
  compare(tenant: ApiTenant, car: Car): Promise<PriceComparison | undefined>;
}

/** The adapters the cars feature uses. */
export interface CarsAdapters {
  financeQuote: FinanceQuoteAdapter;
  priceComparison: PriceComparisonAdapter;
  appointments: AppointmentsAdapter;
}

type CarsProviders = { financeQuote?: ProviderEndpoint; priceComparison?: ProviderEndpoint; appointments?: ProviderEndpoint };

/** HTTP where a provider is configured, the local defaults elsewhere (availability reads the booked drives; the local quote ages a car by the dealer's year). */
export function createCarsAdapters(leads: Pick<LeadRepository, 'bookedDrives'>, providers: CarsProviders, now: () => number): CarsAdapters {
  return {
    financeQuote: providers.financeQuote
      ? { quote: (tenant, request) => callProvider(providers.financeQuote!, 'quote', { site: tenant.slug, ...request }) }
      : {
          quote: async (tenant, request) =>
            quoteFinance({ purchasePrice: request.purchasePrice, loanTerm: request.loanTerm, selfAssessedCreditScore: request.selfAssessedCreditScore, year: request.year, currentYear: dealerYear(now(), tenant.site.timezone) }),
        },
    priceComparison: providers.priceComparison
      ? { compare: (tenant, car) => callProvider(providers.priceComparison!, 'compare', { site: tenant.slug, car }) }
      : { compare: async (tenant, car) => comparePrice(car, tenant.cars) },
    appointments: providers.appointments ? providerAppointments(providers.appointments) : localAppointments(leads),
  };
}

/** Where the local grid cuts a car's slots: the clock, the site's time zone and the hours of the car's location. */
const slotGrid = (tenant: ApiTenant, car: Car, now: number): SlotGrid => ({ now, timeZone: tenant.site.timezone, hours: carLocation(tenant, car)?.contact_detail });

/**
 * The time taken when driveTime failed: a start the car's location is open at on a bookable date,
 * its start alone (unaskedDriveTime); its hours read in the location's own zone (testDriveTimeZone:
 * a Sydney site's Perth location opens at 8:30 in Perth), so no time the provider could offer is refused.
 */
const unaskedTime: AppointmentsAdapter['unaskedTime'] = (tenant, car, startsAt, now) =>
  unaskedDriveTime({ ...slotGrid(tenant, car, now), timeZone: testDriveTimeZone(tenant.site, car) }, startsAt);

/**
 * Test-drive slots from a provider: its availability answer; a lead's time must start one of its
 * slots, and no other time is booked (the provider leaves out those it knows are booked; its grid
 * and its drives' length are its own). The drive holds its slot's start alone: here another
 * booking at that start clashes with it, or a stored drive holding the car at that moment (one
 * booked on the local grid before a provider was set). A booking without its end (before
 * migration 310) was a provider's too: its start alone.
 */
function providerAppointments(provider: ProviderEndpoint): AppointmentsAdapter {
  const availability: AppointmentsAdapter['availability'] = (tenant, car, days) => callProvider(provider, 'availability', { site: tenant.slug, car_id: car.id, days });
  return {
    availability,
    driveTime: async (tenant, car, startsAt, now) => {
      const { days } = await availability(tenant, car, MAX_BOOKING_DAYS, now);
      return days.some((day) => day.slots.some((slot) => Date.parse(slot.start) === startsAt)) ? { startsAt, endsAt: startsAt } : undefined;
    },
    unaskedTime,
    typedTimeZone: (tenant, car) => testDriveTimeZone(tenant.site, car),
    unendedMs: 0,
  };
}

/**
 * Test-drive slots cut locally from the hours of the car's location (appointments.ts), less those
 * the drives booked with leads overlap; a lead's drive holds its own hour (driveTime), and a
 * booking without its end (before migration 310) the grid slot it took, an hour.
 */
function localAppointments(leads: Pick<LeadRepository, 'bookedDrives'>): AppointmentsAdapter {
  return {
    availability: async (tenant, car, days, now) => {
      const booked = await leads.bookedDrives(tenant.slug, String(car.id), now, now + (days + 2) * 86_400_000, UNENDED_GRID_BOOKING_MS);
      return { timezone: tenant.site.timezone, days: availableSlots({ ...slotGrid(tenant, car, now), days, booked }) };
    },
    driveTime: async (tenant, car, startsAt, now) => driveTime(slotGrid(tenant, car, now), startsAt),
    unaskedTime,
    // The grid's hours and slots are the site's clock (docs/lead-api.md): a typed time is too.
    typedTimeZone: (tenant) => tenant.site.timezone,
    unendedMs: UNENDED_GRID_BOOKING_MS,
  };
}

/**
 * The cars feature's adapters: finance quote, price comparison and test-drive availability,
 * each a provider or its local default (finance-quote.ts, price-comparison.ts, appointments.ts).
 */
import type { ProviderEndpoint } from '../../../config/server-settings.ts';
import type { FinanceQuoteRequest } from '../../../schemas/api/cars.ts';
import type { Car } from '../../../schemas/car.ts';
import type { LeadRepository } from '../../leads/repository.ts';
import { callProvider, carLocation } from '../../kernel/adapters.ts';
import type { ApiTenant } from '../../kernel/tenants.ts';
import { availableSlots, type Slot } from './appointments.ts';
import { quoteFinance, type FinanceQuote } from './finance-quote.ts';
import { comparePrice, type PriceComparison } from './price-comparison.ts';

export interface FinanceQuoteAdapter {
  quote(tenant: ApiTenant, request: FinanceQuoteRequest): Promise<FinanceQuote>;
}

export interface PriceComparisonAdapter {
  /** Undefined when there is no market data for the car. */
  compare(tenant: ApiTenant, car: Car): Promise<PriceComparison | undefined>;
}

export interface AppointmentsAdapter {
  availability(tenant: ApiTenant, car: Car, days: number, now: number): Promise<{ timezone: string; days: { date: string; slots: Slot[] }[] }>;
}

/** The adapters the cars feature uses. */
export interface CarsAdapters {
  financeQuote: FinanceQuoteAdapter;
  priceComparison: PriceComparisonAdapter;
  appointments: AppointmentsAdapter;
}

type CarsProviders = { financeQuote?: ProviderEndpoint; priceComparison?: ProviderEndpoint; appointments?: ProviderEndpoint };

/** HTTP where a provider is configured, the local defaults elsewhere (availability reads the booked slots). */
export function createCarsAdapters(leads: Pick<LeadRepository, 'bookedSlots'>, providers: CarsProviders, now: () => number): CarsAdapters {
  const currentYear = () => new Date(now()).getUTCFullYear();
  return {
    financeQuote: providers.financeQuote
      ? { quote: (tenant, request) => callProvider(providers.financeQuote!, 'quote', { site: tenant.slug, ...request }) }
      : {
          quote: async (_tenant, request) =>
            quoteFinance({ purchasePrice: request.purchasePrice, loanTerm: request.loanTerm, selfAssessedCreditScore: request.selfAssessedCreditScore, year: request.year, currentYear: currentYear() }),
        },
    priceComparison: providers.priceComparison
      ? { compare: (tenant, car) => callProvider(providers.priceComparison!, 'compare', { site: tenant.slug, car }) }
      : { compare: async (tenant, car) => comparePrice(car, tenant.cars) },
    appointments: providers.appointments
      ? { availability: (tenant, car, days) => callProvider(providers.appointments!, 'availability', { site: tenant.slug, car_id: car.id, days }) }
      : {
          availability: async (tenant, car, days, at) => {
            const location = carLocation(tenant, car);
            const timezone = tenant.site.timezone;
            const booked = await leads.bookedSlots(tenant.slug, String(car.id), at, at + (days + 2) * 86_400_000);
            return { timezone, days: availableSlots({ now: at, days, timeZone: timezone, hours: location?.contact_detail, booked }) };
          },
        },
  };
}

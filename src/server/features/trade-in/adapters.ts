/** The trade-in feature's adapter: the valuation provider, or the local valuation (valuation.ts). */
import type { ProviderEndpoint } from '../../../config/server-settings.ts';
import { dealerYear } from '../../../lib/text/dealer-time.ts';
import { estimateRetailPrice } from '../../../lib/vehicle/retail-estimate.ts';
import { callProvider } from '../../kernel/adapters.ts';
import type { ApiTenant } from '../../kernel/tenants.ts';
import { demoRegoLookup, tradeInOffer, type RegoVehicle } from './valuation.ts';

export interface ValuationAdapter {
  /** Vehicles registered under a plate: none, one, or candidates to choose from. */
  lookup(tenant: ApiTenant, rego: string, state: string): Promise<RegoVehicle[]>;
  /** A trade-in offer for a chosen vehicle at an odometer reading. */
  value(tenant: ApiTenant, vehicle: RegoVehicle, km: number): Promise<{ offerPrice: number; retailPrice: number; basis: string }>;
}

/** The adapters the trade-in feature uses. */
export interface TradeInAdapters {
  valuation: ValuationAdapter;
}

/** HTTP where the provider is configured, the local valuation elsewhere (its ages count from the dealer's year). */
export function createTradeInAdapters(providers: { valuation?: ProviderEndpoint }, now: () => number): TradeInAdapters {
  const currentYear = (tenant: ApiTenant) => dealerYear(now(), tenant.site.timezone);
  const provider = providers.valuation;
  return {
    valuation: provider
      ? {
          lookup: (tenant, rego, state) => callProvider<RegoVehicle[]>(provider, 'lookup', { site: tenant.slug, rego, state }),
          value: (tenant, vehicle, km) => callProvider(provider, 'value', { site: tenant.slug, vehicle, km }),
        }
      : {
          lookup: async (tenant, rego, state) => demoRegoLookup(rego, state, tenant.cars, currentYear(tenant)),
          value: async (tenant, vehicle, km) => {
            const retail = estimateRetailPrice({ make: vehicle.Make, model: vehicle.Model, year: vehicle.Year, km }, tenant.cars, currentYear(tenant));
            return { offerPrice: tradeInOffer(retail.price), retailPrice: retail.price, basis: retail.basis };
          },
        },
  };
}

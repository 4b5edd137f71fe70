/** The places feature's adapter: the delivery provider, or the local estimate (delivery.ts). */
import type { ProviderEndpoint } from '../../../config/server-settings.ts';
import { lookupPostcode } from '../../../lib/locations/postcodes.ts';
import type { Car } from '../../../schemas/car.ts';
import { callProvider, carLocation, locationPoint } from '../../kernel/adapters.ts';
import type { ApiTenant } from '../../kernel/tenants.ts';
import { estimateDelivery, type DeliveryEstimate } from './delivery.ts';

export interface DeliveryAdapter {
  /** Undefined when no estimate can be given for that postcode. */
  estimate(tenant: ApiTenant, car: Car | undefined, postcode: string): Promise<DeliveryEstimate | undefined>;
}

/** The adapters the places feature uses. */
export interface PlacesAdapters {
  delivery: DeliveryAdapter;
}

/** HTTP where the provider is configured, the local estimate elsewhere. */
export function createPlacesAdapters(providers: { delivery?: ProviderEndpoint }): PlacesAdapters {
  const provider = providers.delivery;
  return {
    delivery: provider
      ? { estimate: (tenant, car, postcode) => callProvider(provider, 'estimate', { site: tenant.slug, car_id: car?.id, postcode }) }
      : {
          estimate: async (tenant, car, postcode) => {
            const place = lookupPostcode(postcode);
            const origin = locationPoint(carLocation(tenant, car));
            return place && origin ? estimateDelivery(origin, place) : undefined;
          },
        },
  };
}

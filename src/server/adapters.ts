/**
 * Every adapter of the lead API, composed: the kernel's (SMS, e-mail) and each feature's
 * (features/<name>/adapters.ts). The app hands the whole record to the kernel context; a
 * feature plugin types only the adapters it uses (`FeatureOptions<TradeInAdapters>`).
 */
import type { AdapterName, ProviderConfig } from '../config/server-settings.ts';
import { createKernelAdapters, type KernelAdapters } from './kernel/adapters.ts';
import type { LeadRepository } from './leads/repository.ts';
import type { MessageLog } from './ops/messages.ts';
import { createCarsAdapters, type CarsAdapters } from './features/cars/adapters.ts';
import { createPlacesAdapters, type PlacesAdapters } from './features/places/adapters.ts';
import { createTradeInAdapters, type TradeInAdapters } from './features/trade-in/adapters.ts';

/** Every adapter, one per provider name (ProviderConfig's keys). */
export type Adapters = KernelAdapters & TradeInAdapters & CarsAdapters & PlacesAdapters;

export type { ProviderConfig, ProviderEndpoint } from '../config/server-settings.ts';

/** Build the adapters: HTTP where a provider is configured, local defaults elsewhere. */
export function createAdapters(stores: { messages: MessageLog; leads: LeadRepository }, providers: ProviderConfig = {}, now: () => number = Date.now): Adapters {
  return {
    ...createKernelAdapters(stores.messages, providers, now),
    ...createTradeInAdapters(providers, now),
    ...createCarsAdapters(stores.leads, providers, now),
    ...createPlacesAdapters(providers),
  } satisfies Record<AdapterName, object>; // every provider name (src/config/server-settings.ts) has its adapter
}

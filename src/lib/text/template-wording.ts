/**
 * Wording that a template changes (DESIGN §3: templates change layout and wording, not logic):
 * the noun for the stock and the labels built from it.
 */
import type { Template } from '../../schemas/site.ts';

export interface TemplateWording {
  /** Singular noun: 'car', 'caravan', 'motorcycle'. */
  vehicle: string;
  /** Plural noun: 'cars', 'caravans', 'motorcycles'. */
  vehicles: string;
  /** Header and footer label of /sell-my-car. */
  sellLabel: string;
  /** Footer heading of the stock links. */
  vehiclesHeading: string;
}

const WORDING: Record<Template, TemplateWording> = {
  'used-group': { vehicle: 'car', vehicles: 'cars', sellLabel: 'Sell My Car', vehiclesHeading: 'Vehicles' },
  franchise: { vehicle: 'car', vehicles: 'cars', sellLabel: 'Sell My Car', vehiclesHeading: 'Vehicles' },
  caravan: { vehicle: 'caravan', vehicles: 'caravans', sellLabel: 'Sell My Caravan', vehiclesHeading: 'Caravans' },
  motorcycle: { vehicle: 'motorcycle', vehicles: 'motorcycles', sellLabel: 'Sell My Bike', vehiclesHeading: 'Motorcycles' },
};

/** The wording of a template. */
export function templateWording(template: Template): TemplateWording {
  return WORDING[template];
}

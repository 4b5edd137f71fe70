/**
 * The vehicle page's 'Why Buy From Us?' list, its one owner: the panel and the tab of that name
 * (spec §2) both show it (WhyBuyList.astro). The spec names the list, not its lines, so each
 * line states a setting: the warranty, the dealer's own lines (site.json texts.why_buy,
 * texts.why_buy_inspection; none by default, docs/tenant-files.md), the reserve deposit, and
 * the 48-hour money-back guarantee with the lifetime engine guarantee (spec §9).
 */
import { depositTerms } from '../forms/deposit-terms.ts';
import { kindsWording } from '../text/template-wording.ts';
import type { DepositTermsSettings } from '../../schemas/site/payments.ts';
import type { VehicleKind } from '../../schemas/vehicle-kind.ts';

export interface WhyBuyOptions {
  /** The car's warranty headline (carWarranty). */
  warranty: string;
  /** The dealer's lines (texts.why_buy), {noun} replaced by the vehicle's. */
  lines?: readonly string[];
  /** The dealer's line on how it checks its stock (texts.why_buy_inspection), {noun} replaced. */
  inspection?: string;
  /** The vehicle's kind (the Car's `vehicle_kind`): the {noun}. Default car. */
  kind?: VehicleKind;
  /** The car's reserve action (vehicleActions): its deposit is stated only where the car can be reserved. */
  reserve: { deposit: number } | null;
  /** The car's display name, which the deposit terms name. */
  carName: string;
  /** The site's deposit terms (docs/payments.md). */
  payments: DepositTermsSettings;
  /** features.money_back_guarantee. */
  moneyBackGuarantee: boolean;
}

/** The list's lines, in order; an empty dealer line is left out. */
export function whyBuyLines(options: WhyBuyOptions): string[] {
  const { noun } = kindsWording([options.kind ?? 'car']);
  const dealer = [...(options.lines ?? []), options.inspection ?? ''].map((line) => line.trim().replaceAll('{noun}', noun)).filter(Boolean);
  const { reserve } = options;
  return [
    options.warranty,
    ...dealer,
    ...(reserve && reserve.deposit > 0 ? [`Reserve online: ${depositTerms(reserve.deposit, options.carName, options.payments)}`] : []),
    ...(options.moneyBackGuarantee ? ['48-hour money-back guarantee', 'Lifetime engine guarantee'] : []),
  ];
}

/**
 * The vehicle page's analytics events (spec §7: 4 used vehicle view, 25 call click, 60 history
 * report, 61 print) are built with the page (analyticsEntryText) into the data-analytics of the
 * element that fires them, which its component's inline script pushes onto window.dataLayer.
 */
import { describe, expect, it } from 'vitest';
import { analyticsEntry } from '../../lib/marketing/analytics.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import { historyReportUrl } from '../../lib/vehicle/vehicle-actions.ts';
import type { Car } from '../../schemas/car.ts';
import { renderedRoot } from '../../../tests/support/astro-render.ts';
import VehiclePage from './VehiclePage.astro';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
// A phone-reveal site whose cars have history reports.
const tenant = loadTenant('tests/fixtures/tenants/vehicle-showroom', NOW);

/** Each element with an event, by the attribute that names it, and its entry. */
async function events(car: Car): Promise<Record<string, unknown>> {
  const { site } = tenant;
  const root = await renderedRoot(VehiclePage, {
    props: { car, similar: [], chrome: { site, menu: [], footer: [], buildTime: NOW }, search: async () => ({ config: {} }) },
    request: new Request(`${site.url}/cars/${car.slug}`),
  });
  const names = ['data-vehicle', 'data-print-link', 'data-history-report', 'data-phone-box', 'data-bottom-call'];
  const found: Record<string, unknown> = {};
  for (const element of root.querySelectorAll<HTMLElement>('[data-analytics]')) {
    const name = names.find((attribute) => element.hasAttribute(attribute)) ?? element.outerHTML.slice(0, 80);
    found[name] = JSON.parse(element.dataset.analytics!);
  }
  return found;
}

describe("the vehicle page's analytics events", () => {
  it('a used car: its view, print, history report, the phone box and the bottom bar call, each with its spec id', async () => {
    const car = tenant.visible.find((item) => item.car_type === 'used' && item.status === 'in_stock' && historyReportUrl(item))!;
    const id = String(car.id);
    expect(await events(car)).toEqual({
      'data-vehicle': analyticsEntry('usedVehicleView', { car_id: id }),
      'data-print-link': analyticsEntry('print', { car_id: id }),
      'data-history-report': analyticsEntry('historyReport', { car_id: id }),
      'data-phone-box': analyticsEntry('callClick', { car_id: id }),
      'data-bottom-call': analyticsEntry('callClick'),
    });
  });

  it('a new car has no view event', async () => {
    const car = tenant.visible.find((item) => item.car_type === 'new' && item.status === 'in_stock')!;
    expect(await events(car)).not.toHaveProperty('data-vehicle');
  });
});

/**
 * The vehicle page's analytics events (spec §7: 4 used vehicle view, 25 call click, 60 history
 * report, 61 print) are built with the page (analyticsEntryText) into the data-analytics of the
 * element that fires them, which its component's inline script pushes onto window.dataLayer
 * (replacing one that is not an array, as trackEvent does).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';
import { analyticsEntry } from '../../lib/marketing/analytics.ts';
import { loadTenant } from '../../lib/site/tenant.ts';
import { historyReportUrl } from '../../lib/vehicle/vehicle-actions.ts';
import type { Car } from '../../schemas/car.ts';
import { renderedHtml, renderedRoot } from '../../../tests/support/astro-render.ts';
import VehiclePage from './VehiclePage.astro';

const NOW = Date.parse('2026-11-21T10:00:00+10:00');
// A phone-reveal site whose cars have history reports.
const tenant = loadTenant('tests/fixtures/tenants/vehicle-showroom', NOW);

const pageOptions = (car: Car) => ({
  props: { car, similar: [], chrome: { site: tenant.site, menu: [], buttons: [], footer: [], buildTime: NOW }, search: async () => ({ config: {} }) },
  request: new Request(`${tenant.site.url}/cars/${car.slug}`),
});

/** The script of a component (the one that pushes onto the dataLayer), compiled as the page gets it, with what it imports. */
async function componentScript(component: string): Promise<string> {
  const path = fileURLToPath(new URL(`./${component}.astro`, import.meta.url));
  const script = [...readFileSync(path, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .find((text) => text.includes('dataLayer'))!;
  const compiled = await build({
    stdin: { contents: script, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return compiled.outputFiles[0]!.text;
}

/** Each element with an event, by the attribute that names it, and its entry. */
async function events(car: Car): Promise<Record<string, unknown>> {
  const root = await renderedRoot(VehiclePage, pageOptions(car));
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

  it('the scripts push each entry onto the dataLayer, replacing one that is not an array (as trackEvent)', async () => {
    const car = tenant.visible.find((item) => item.car_type === 'used' && item.status === 'in_stock' && historyReportUrl(item))!;
    const id = String(car.id);
    const window = new Window({ url: `${tenant.site.url}/cars/${car.slug}` });
    const document = window.document as unknown as Document;
    document.body.innerHTML = await renderedHtml(VehiclePage, pageOptions(car));
    // No navigation: only the scripts' click listeners run.
    document.addEventListener('click', (event) => event.preventDefault(), true);
    const page = window as unknown as { dataLayer?: unknown };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    try {
      page.dataLayer = { left: 'by another script' };
      for (const component of ['VehiclePage', 'ActionButtons', 'BottomBar', 'PhoneBox']) {
        new Function('window', 'document', 'fetch', await componentScript(component))(window, document, fetch);
      }
      expect(page.dataLayer).toEqual([analyticsEntry('usedVehicleView', { car_id: id })]);
      const clicks: [string, unknown][] = [
        ['[data-print-link]', analyticsEntry('print', { car_id: id })],
        ['[data-history-report]', analyticsEntry('historyReport', { car_id: id })],
        ['[data-bottom-call]', analyticsEntry('callClick')],
        ['[data-phone-box] [data-phone-reveal]', analyticsEntry('callClick', { car_id: id })],
      ];
      for (const [selector, entry] of clicks) {
        page.dataLayer = 'not a list';
        document.querySelector<HTMLElement>(selector)!.click();
        expect([selector, page.dataLayer]).toEqual([selector, [entry]]);
      }
      expect(fetch).toHaveBeenCalledOnce();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      await window.happyDOM.close();
    }
  });
});

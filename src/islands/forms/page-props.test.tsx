// @vitest-environment happy-dom
/**
 * The reserve form and the lead modals as the reserve and vehicle pages mount them
 * (ReservePage.astro, VehiclePage.astro): their props in the page's data block, a short key as
 * the island's one prop. The server's render takes the props back by the key; the browser reads
 * the block and renders the same form.
 */
import { renderToString } from 'react-dom/server';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { dataBlock } from '../../../tests/support/data-block.ts';
import { formSiteConfig } from '../../lib/forms/form-config.ts';
import type { LeadCar } from '../../lib/forms/lead-payload.ts';
import { SiteSchema } from '../../schemas/site.ts';
import ReserveForm, { RESERVE_PROPS_ID, ReserveFormFromPage, reserveIslandProps } from './ReserveForm/ReserveForm.tsx';
import LeadModals, { LEAD_MODALS_PROPS_ID, LeadModalsFromPage, leadModalsIslandProps } from './LeadModals.tsx';

const config = formSiteConfig(
  v.parse(SiteSchema, {
    slug: 'reserve-motors',
    template: 'used-group',
    name: 'Reserve </script> Motors',
    url: 'https://reserve.example.com.au',
    phone: '+61 7 3555 0100',
  }),
);
const car = {
  id: 42,
  slug: 'car-42',
  name: '2021 Mazda CX-5 Maxx',
  make: 'Mazda',
  model: 'CX-5',
  car_type: 'used',
  status: 'in_stock',
  price: 31990,
} as unknown as LeadCar;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('islands whose props are the page data block', () => {
  it('ReserveFormFromPage renders, on the server by its key and in the browser from the block, the form its props make', () => {
    const island = reserveIslandProps({ config, car }, car.slug);
    expect(island.props).toMatch(/^car-42 [0-9a-z]+$/);
    expect(island.text).not.toMatch(/[<>&]/);
    const direct = renderToString(<ReserveForm config={config} car={car} />);
    expect(direct).toContain('<form');
    expect(renderToString(<ReserveFormFromPage props={island.props} />)).toBe(direct);
    dataBlock(RESERVE_PROPS_ID, island.text);
    expect(renderToString(<ReserveFormFromPage props="car-42 elsewhere" />)).toBe(direct);
  });

  it('LeadModalsFromPage renders, on the server by its key and in the browser from the block, the modals its props make', () => {
    const props = { config: { ...config, locations: [], dealerships: [] }, car, enquireLabel: 'Enquire Now' };
    const island = leadModalsIslandProps(props, car.slug);
    expect(JSON.parse(island.text)).toEqual(props);
    const direct = renderToString(<LeadModals {...props} />);
    expect(renderToString(<LeadModalsFromPage props={island.props} />)).toBe(direct);
    dataBlock(LEAD_MODALS_PROPS_ID, island.text);
    expect(renderToString(<LeadModalsFromPage props="car-42 elsewhere" />)).toBe(direct);
  });
});

// @vitest-environment happy-dom
/**
 * Similar vehicles as the vehicle page mounts it (SimilarVehicles.astro): its props in the page's
 * data block, a short key as the island's one prop. The server's render takes the props back by
 * the key; the browser reads the block and renders the same tiles.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import SimilarVehicles, { SIMILAR_PROPS_ID, SimilarVehiclesFromPage, similarIslandProps, type SimilarVehiclesProps } from './SimilarVehicles.tsx';

const props: SimilarVehiclesProps = {
  subject: { id: 7, slug: 'subject-car', make: 'Toyota', model: 'Corolla', price: 20000, vehicle_kind: 'car' },
  initial: [
    {
      id: '8',
      slug: 'other-car',
      name: 'Toyota Corolla </script><script>x()</script>',
      status: 'in_stock',
      car_type: 'used',
      km: 1000,
      transmission: 'Automatic',
      body: 'Sedan',
      price: 19990,
    },
    { id: '9', slug: 'third-car', name: 'Toyota Camry', status: 'in_stock', car_type: 'used', price: 22990, item_type: 'car' },
  ],
  engine: { kind: 'embedded', indexUrl: '/search-index.json' },
  index: 'Car_production',
  apiBase: '/api',
  offersSubscription: false,
  noPriceText: 'Enquire for price.',
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('SimilarVehiclesFromPage', () => {
  it("renders from the page's data block what the island renders from its props, the key the only island prop", () => {
    const island = similarIslandProps(props, 'subject-car');
    expect(island.props).toMatch(/^subject-car [0-9a-z]+$/);
    expect(island.text).not.toMatch(/[<>&]/);
    expect(JSON.parse(island.text)).toEqual(props);
    const direct = renderToString(<SimilarVehicles {...props} />);
    expect(direct).toContain('Toyota Camry');
    // The server: the key gives the props object back.
    expect(renderToString(<SimilarVehiclesFromPage props={island.props} />)).toBe(direct);
    // The browser: a key made elsewhere, the page's block read.
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SIMILAR_PROPS_ID;
    block.textContent = island.text;
    document.body.append(block);
    expect(renderToString(<SimilarVehiclesFromPage props="subject-car elsewhere" />)).toBe(direct);
  });
});

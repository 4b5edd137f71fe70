/** Issue 14 item 1 (audit 1): the new filter panels' rules, alone. */
import { describe, expect, it } from 'vitest';
import { moveThumb, unitBounds } from '../../search/browser/price-slider.ts';
import { FACET_PANELS, hiddenValue, modelMakes, nestModels, panelItems, rangePanels, rangeView } from './panels.ts';

const item = (value: string, count = 1, isRefined = false) => ({ value, label: value, count, isRefined });
const panel = (attribute: string) => FACET_PANELS.find((candidate) => candidate.attribute === attribute)!;

describe('issue14-1 search facets: panels', () => {
  it('has a panel for drive, seats, certified, tag, badge, weekly price range besides the first eleven', () => {
    const attributes = FACET_PANELS.map((candidate) => candidate.attribute);
    for (const attribute of ['drive', 'seats', 'certified', 'tag', 'badge', 'weekly_price_range', 'make', 'model', 'body', 'price_range', 'colour', 'fuel', 'transmission', 'state', 'city', 'location_name', 'dealership_name']) {
      expect(attributes).toContain(attribute);
    }
    // Issue 35: caravans' length (a panel only where cars have one, like every range).
    expect(rangePanels(false).map((range) => range.attribute)).toEqual(['year', 'km', 'body_length']);
    expect(rangePanels(true).map((range) => range.attribute)).toEqual(['subscription_price', 'year', 'km', 'body_length']);
    expect(attributes).toEqual(expect.arrayContaining(['filtered_features', 'sleeps']));
  });

  it("has a 'Final drive' panel of its own, right after 'Drive' (a bike's Chain, Belt or Shaft)", () => {
    const attributes = FACET_PANELS.map((candidate) => candidate.attribute);
    expect(attributes.indexOf('final_drive')).toBe(attributes.indexOf('drive') + 1);
    expect(panel('final_drive').title).toBe('Final drive');
    expect(panel('drive').title).toBe('Drive');
    expect(panelItems(panel('final_drive'), [item('Chain', 9), item('Belt', 2)], { certifiedOnly: false }).map((shown) => shown.label)).toEqual(['Chain', 'Belt']);
  });

  it('§5.4: the certified filter hides the false value on certified-only sites only', () => {
    const items = [item('true', 4), item('false', 9)];
    expect(panelItems(panel('certified'), items, { certifiedOnly: false }).map((shown) => shown.label)).toEqual(['Certified', 'Not certified']);
    expect(panelItems(panel('certified'), items, { certifiedOnly: true }).map((shown) => shown.label)).toEqual(['Certified']);
    expect(hiddenValue('certified', 'FALSE', { certifiedOnly: true })).toBe(true);
    expect(hiddenValue('tag', 'false', { certifiedOnly: true })).toBe(false);
  });

  it('labels seats and orders bands by their amount, not by count', () => {
    expect(panelItems(panel('seats'), [item('7', 9), item('2', 1), item('5', 30)], { certifiedOnly: false }).map((shown) => shown.label)).toEqual(['2 seats', '5 seats', '7 seats']);
    expect(panelItems(panel('weekly_price_range'), [item('$200 - $250', 9), item('$1,000 - $1,500', 1), item('$150 - $200', 2)], { certifiedOnly: false }).map((shown) => shown.value)).toEqual(['$150 - $200', '$200 - $250', '$1,000 - $1,500']);
  });

  it('make > model: nests models under their chosen make, also when two makes share a model name', () => {
    const makes = modelMakes(['Toyota > Corolla', 'Toyota > HiLux', 'Ford > Ranger', 'Mazda > BT-50', 'Ford > Focus'], ['Mazda > Ranger']);
    const nested = nestModels([item('Toyota', 5, true), item('Ford', 4, true), item('Mazda', 3)], [item('Corolla', 3), item('HiLux', 2), item('Ranger', 3), item('Focus', 1), item('Unknown', 1)], makes);
    expect(nested.map((make) => [make.value, make.models?.map((model) => model.value)])).toEqual([
      ['Toyota', ['Corolla', 'HiLux', 'Unknown']],
      ['Ford', ['Ranger', 'Focus']],
      ['Mazda', undefined],
    ]);
    // A chosen model keeps its make open even when the make itself is not chosen.
    const byModel = nestModels([item('Toyota', 5)], [item('Corolla', 3, true)], makes);
    expect(byModel[0].models?.map((model) => model.value)).toEqual(['Corolla']);
  });

  it('§5: kilometre bounds are whole thousands around the results, and thumbs move by 1,000; years by 1', () => {
    expect(unitBounds({ min: 12_345, max: 187_654 }, 1000)).toEqual({ min: 12_000, max: 188_000 });
    expect(unitBounds({ min: 5, max: 5 }, 1000)).toEqual({ min: 0, max: 1000 });
    expect(unitBounds(undefined, 1000)).toBeUndefined();
    expect(moveThumb([12_000, 188_000], 'min', 40_400, { min: 12_000, max: 188_000 })).toEqual([40_000, 188_000]);
    expect(unitBounds({ min: 2015, max: 2024 }, 1)).toEqual({ min: 2015, max: 2024 });
    expect(moveThumb([2015, 2024], 'min', 2018.4, { min: 2015, max: 2024 }, 1)).toEqual([2018, 2024]);
    expect(moveThumb([2015, 2024], 'max', 2023.9, { min: 2015, max: 2024 }, 1)).toEqual([2015, 2023]);
  });

  it('names each range control for assistive technology', () => {
    const km = rangeView(rangePanels(false).find((range) => range.attribute === 'km')!);
    expect(km.labels).toEqual({ min: 'Minimum kilometres', max: 'Maximum kilometres', minBox: 'Min kilometres', maxBox: 'Max kilometres' });
    expect(km.format(45_000)).toBe('45,000 km');
    expect(rangeView(rangePanels(true)[0]).labels.min).toBe('Minimum subscription price');
  });
});

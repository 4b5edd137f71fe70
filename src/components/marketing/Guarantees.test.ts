/**
 * The group's guarantees block (spec §9): the 48-hour money-back guarantee in the spec's terms,
 * and the lifetime engine guarantee promoted without terms the dealer has not given: the
 * shopper is asked to call the dealer for them.
 */
import { describe, expect, it } from 'vitest';
import { plainText, renderedRoot } from '../../../tests/support/astro-render.ts';
import Guarantees from './Guarantees.astro';

describe('Guarantees', () => {
  it('promotes the lifetime engine guarantee with no invented terms, asking the shopper to call', async () => {
    const root = await renderedRoot(Guarantees, { props: { phone: '+61 7 3555 0100' } });
    const engine = plainText([...root.querySelectorAll('.guarantee')].find((card) => card.querySelector('h3')?.textContent === 'Lifetime Engine Guarantee'));
    expect(engine).not.toMatch(/as long as you own|service it with us/);
    expect(engine).toContain('07 3555 0100');
    expect(plainText(root)).toContain('Limited to 2 cars per customer in any 12 months.');
  });
});

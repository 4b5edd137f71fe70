/**
 * The finance pages' examples and comparison-rate range (spec §9): every line whose rate is
 * starred has the comparison-rate footnote and its WARNING under the list, whatever the case of
 * the line's words ('Comparison rates 8.38%-19.42% p.a.*' names no lender).
 */
import { experimental_AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSite } from '../../../tests/fixtures/make-site.ts';
import { COMPARISON_FOOTNOTE, COMPARISON_WARNING } from '../../lib/finance/disclosures.ts';
import FinanceExamples from './FinanceExamples.astro';

let container: experimental_AstroContainer;
beforeAll(async () => {
  container = await experimental_AstroContainer.create();
});

/** The section's list items and whether the footnote shows, for a site's finance settings. */
async function examples(finance: Record<string, unknown>): Promise<{ html: string; lines: string[]; footnote: boolean }> {
  const html = await container.renderToString(FinanceExamples, { props: { site: makeSite({ finance }) } });
  const lines = [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((match) => match[1]!);
  return { html, lines, footnote: html.includes(COMPARISON_FOOTNOTE) && html.includes(COMPARISON_WARNING) };
}

describe('FinanceExamples', () => {
  it("a comparison-rate range that names no lender has the footnote and its WARNING (spec §9 'Comparison range 8.38%-19.42%')", async () => {
    const { lines, footnote } = await examples({ comparison_range: { from: 8.38, to: 19.42 } });
    expect(lines).toEqual(['Comparison rates 8.38%-19.42% p.a.*, depending on the loan and your circumstances.']);
    expect(footnote).toBe(true);
  });

  it("a lender's range and an example with its comparison rate have the footnote once", async () => {
    const { lines, html, footnote } = await examples({
      examples: [{ term_years: 5, rate: 6.29, comparison_rate: 8.19 }],
      comparison_range: { lender: '360 Finance', from: 8.38, to: 19.42 },
    });
    expect(lines).toEqual([
      'Example: 5 year term at 6.29% p.a., comparison rate 8.19% p.a.*, no deposit, $0 final payment.',
      '360 Finance comparison rates 8.38%-19.42% p.a.*, depending on the loan and your circumstances.',
    ]);
    expect(footnote).toBe(true);
    expect(html.split(COMPARISON_WARNING)).toHaveLength(2);
  });

  it('an example with no comparison rate has no footnote; a site with neither setting shows nothing', async () => {
    const plain = await examples({ examples: [{ term_years: 5, deposit_percent: 10, final_payment_percent: 30 }] });
    expect(plain.lines).toEqual(['Example: 5 year term, 10.0% deposit, 30.0% final payment.']);
    expect(plain.footnote).toBe(false);
    expect(plain.html).not.toContain('*');
    expect((await examples({})).html).not.toContain('finance-examples');
  });
});

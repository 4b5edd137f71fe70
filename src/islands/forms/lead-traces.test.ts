// @vitest-environment happy-dom
/**
 * The tab's visited pages as a lead carries them: the list the forms keep, sent through the lead
 * payload, is one the lead API's schema takes, however many pages the tab saw.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { buildLeadPayload } from '../../lib/forms/lead-payload.ts';
import { LeadAttributesSchema, LeadSubmissionSchema } from '../../schemas/lead.ts';
import { VISITED_PAGES_MAX } from '../../schemas/visited-pages-bounds.ts';
import { forgetVisitedPages, notePageVisit, visitedPages } from './lead-traces.ts';

/** Visit `count` distinct pages in this tab. */
function visit(count: number): void {
  for (let page = 1; page <= count; page += 1) {
    history.replaceState(null, '', `/cars/car-${page}?from=${page}`);
    notePageVisit();
  }
}

afterEach(() => forgetVisitedPages());

describe('visited pages', () => {
  it('keeps the newest pages the lead API takes, and a lead built from them passes its schema', () => {
    visit(VISITED_PAGES_MAX.count + 5);
    const pages = visitedPages();
    expect(pages).toHaveLength(VISITED_PAGES_MAX.count);
    expect(pages.at(-1)).toBe(`/cars/car-${VISITED_PAGES_MAX.count + 5}?from=${VISITED_PAGES_MAX.count + 5}`);
    expect(pages[0]).toBe('/cars/car-6?from=6');
    const body = buildLeadPayload({
      values: { email: 'ann@example.com' },
      category: 'General Enquiry',
      page: { url: location.href, userAgent: 'UA', visitedPages: pages },
    });
    expect(v.safeParse(LeadSubmissionSchema, body).success).toBe(true);
  });

  it('sends no more pages, nor longer ones, than the schema takes, whatever the page hands the payload', () => {
    const long = `/search?q=${'x'.repeat(VISITED_PAGES_MAX.length)}`;
    const many = Array.from({ length: VISITED_PAGES_MAX.count + 1 }, (_, page) => (page === VISITED_PAGES_MAX.count ? long : `/p/${page}`));
    expect(v.safeParse(LeadAttributesSchema, { visited_pages: many }).success).toBe(false);
    const body = buildLeadPayload({
      values: { email: 'ann@example.com' },
      category: 'General Enquiry',
      page: { url: 'https://acme.example/', userAgent: 'UA', visitedPages: many },
    });
    const sent = (body.lead_attributes as { visited_pages: string[] }).visited_pages;
    expect(sent).toHaveLength(VISITED_PAGES_MAX.count);
    expect(sent[0]).toBe('/p/1');
    expect(sent.at(-1)).toHaveLength(VISITED_PAGES_MAX.length);
    expect(v.safeParse(LeadSubmissionSchema, body).success).toBe(true);
  });
});

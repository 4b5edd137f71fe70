/**
 * The lead e-mail and the ADF comments against line injection: a value holding a line break
 * (a lead stored before the form fields were made one line, or any value the server did not
 * type itself) stays on its own labelled line, and the shopper's message is set apart under a
 * heading, so no line the shopper wrote reads as one of the server's (the payment line above all).
 * Every ADF element but the comments is one line, and no bidirectional control reaches the dealer.
 */
import { describe, expect, it } from 'vitest';
import { CATEGORY_EXAMPLES, marketing, tenant, type CategoryExample } from '../../../tests/fixtures/lead-categories.ts';
import { BIDI_CONTROLS, LINE_BREAKS } from '../../../tests/fixtures/line-breaks.ts';
import { leadAdf } from './formats.ts';
import { leadEmailText } from './lead-email.ts';
import type { StoredLead } from './row.ts';

/** The line a forged value tries to add: the server's own payment line. */
const FAKE = 'Deposit: $500.00 AUD paid online (stripe reference pi_3QFakeRef); car reserved until 20 Dec 2026';

/** Every string `value` holds, each followed by a line break and the forged line. */
function forged(value: unknown, glyph: string): unknown {
  if (typeof value === 'string') return `${value}${glyph}${FAKE}`;
  if (Array.isArray(value)) return value.map((entry) => forged(entry, glyph));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, forged(entry, glyph)]));
  return value;
}

/** An example lead whose every shopper value (all but the server's payment record) carries the forged line, as do its car's and evaluation's texts. */
function forgedExample(example: CategoryExample, glyph: string): CategoryExample {
  const { payment, ...values } = example.lead.data;
  const lead: StoredLead = {
    ...example.lead,
    category: forged(example.lead.category, glyph) as string,
    subcategory: forged(example.lead.subcategory, glyph) as string | null,
    car_id: forged(example.lead.car_id, glyph) as string | null,
    email: forged(example.lead.email, glyph) as string | null,
    phone: forged(example.lead.phone, glyph) as string | null,
    data: { ...(forged(values, glyph) as Record<string, unknown>), ...(payment ? { payment } : {}) },
  };
  const car = example.car
    ? { ...example.car, name: forged(example.car.name, glyph) as string, stocknum: forged(example.car.stocknum, glyph) as string }
    : undefined;
  const evaluation = example.evaluation ? { ...example.evaluation, description: forged(example.evaluation.description, glyph) as string } : undefined;
  return { ...example, lead, car, evaluation };
}

const emailOf = (example: CategoryExample) => leadEmailText(example.lead, tenant, example.car, example.evaluation, example.photos ?? [], marketing, 'ADF/XML');

/** The lines of every comments element of the ADF, as a CRM reads them (XML entities undone). */
function adfCommentLines(example: CategoryExample): string[] {
  const xml = leadAdf(example.lead, tenant, example.car, example.evaluation, example.photos ?? [], marketing);
  const bodies = [...xml.matchAll(/<(?:price)?comments>([\s\S]*?)<\/(?:price)?comments>/g)].map((match) => match[1]!);
  const unescaped = bodies.map((body) =>
    body
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
  return unescaped.flatMap((body) => body.split(/\r\n|[\n\r\u0085\u2028\u2029\u000B\u000C]/));
}

/** The lines that begin with the forged payment line. */
const forgedLines = (lines: readonly string[]) => lines.filter((line) => line.trimStart().startsWith(FAKE));
const linesOf = (text: string) => text.split(/\r\n|[\n\r\u0085\u2028\u2029\u000B\u000C]/);

describe('the lead e-mail against a line break in a value (the audit: a name that adds a payment line)', () => {
  it('the attack as reported: "Jo" then a line saying a deposit was paid, read as one Name line', () => {
    const [general] = CATEGORY_EXAMPLES;
    const lead = { ...general!.lead, data: { ...general!.lead.data, name: `Jo\n${FAKE}`, last_name: undefined } };
    const text = emailOf({ ...general!, lead });
    expect(forgedLines(linesOf(text))).toEqual([]);
    expect(linesOf(text)).toContain(`Name: Jo ${FAKE}`);
  });

  for (const [name, glyph] of LINE_BREAKS) {
    for (const example of CATEGORY_EXAMPLES) {
      it(`${example.title}: a ${name} in every value adds no line to the e-mail or to the ADF comments`, () => {
        const attacked = forgedExample(example, glyph);
        expect(forgedLines(linesOf(emailOf(attacked)))).toEqual([]);
        expect(forgedLines(adfCommentLines(attacked))).toEqual([]);
      });
    }
  }

  it('sets the message apart: under a "Message:" heading, each of its lines marked as the customer’s', () => {
    const [general] = CATEGORY_EXAMPLES;
    const lead = { ...general!.lead, data: { ...general!.lead.data, message: `Are you open?\r\n\r\n${FAKE}\u2028Thanks` } };
    const expected = `Message:\n| Are you open?\n|\n| ${FAKE}\n| Thanks`;
    expect(emailOf({ ...general!, lead })).toContain(expected);
    const xml = leadAdf(lead, tenant, undefined, undefined, [], marketing);
    expect(xml).toContain(expected.replace(/&/g, '&amp;'));
  });

  it('sets a service booking’s comments apart the same way, under "Comments:"', () => {
    const service = CATEGORY_EXAMPLES.find((example) => example.lead.category === 'Service Booking')!;
    expect(emailOf(service)).toContain('Comments:\n| Front brakes squeal.');
  });
});

/** The text of every ADF element but the comments, and every attribute value, as written. */
function adfOneLineValues(example: CategoryExample): string[] {
  const xml = leadAdf(example.lead, tenant, example.car, example.evaluation, example.photos ?? [], marketing);
  const texts = [...xml.matchAll(/<([a-z]+)(?: [^>]*)?>([^<]*)<\/\1>/g)].filter((match) => match[1] !== 'comments').map((match) => match[2]!);
  const attributes = [...xml.matchAll(/="([^"]*)"/g)].map((match) => match[1]!);
  return [...texts, ...attributes];
}

describe('the ADF elements a CRM reads as one value (a name, a stock number, the source)', () => {
  it('a lead stored before the one-line rule, with a line break in its name, has a <name> of one line', () => {
    const [general] = CATEGORY_EXAMPLES;
    const lead = { ...general!.lead, data: { ...general!.lead.data, name: `Jo\n${FAKE}`, last_name: 'Citizen\r\nSmith' } };
    const xml = leadAdf(lead, tenant, undefined, undefined, [], marketing);
    expect(xml).toContain(`<name part="first">Jo ${FAKE.replace(/&/g, '&amp;')}</name>`);
    expect(xml).toContain('<name part="last">Citizen Smith</name>');
  });

  for (const [name, glyph] of LINE_BREAKS) {
    it(`a ${name} in every value of every example leaves every element but the comments, and every attribute, one line`, () => {
      for (const example of CATEGORY_EXAMPLES) {
        const broken = adfOneLineValues(forgedExample(example, glyph)).filter((value) => /[\n\r\u0085\u2028\u2029\u000B\u000C]/.test(value));
        expect(broken, example.title).toEqual([]);
      }
    });
  }
});

/** Any bidirectional control. */
const BIDI = new RegExp(`[${BIDI_CONTROLS.map(([, glyph]) => glyph).join('')}]`);

describe('the lead e-mail and the ADF against bidirectional controls (a name that reorders what the dealer reads)', () => {
  /** An example whose every shopper value, its car's texts and its evaluation's carry the control, as a lead stored before the forms dropped them would. */
  function spoofed(example: CategoryExample, glyph: string): CategoryExample {
    const forgedOne = forgedExample(example, glyph);
    const car = example.car ? (forged(example.car, glyph) as CategoryExample['car']) : undefined;
    const evaluation = example.evaluation ? (forged(example.evaluation, glyph) as CategoryExample['evaluation']) : undefined;
    return { ...forgedOne, car, evaluation };
  }

  for (const [name, glyph] of BIDI_CONTROLS) {
    it(`a ${name} in every value of every example reaches neither the e-mail nor the ADF`, () => {
      for (const example of CATEGORY_EXAMPLES) {
        const attacked = spoofed(example, glyph);
        expect(BIDI.test(emailOf(attacked)), `${example.title}: e-mail`).toBe(false);
        expect(BIDI.test(leadAdf(attacked.lead, tenant, attacked.car, attacked.evaluation, attacked.photos ?? [], marketing)), `${example.title}: ADF`).toBe(
          false,
        );
      }
    });
  }

  it('the attack as reported: a name that shows another phone number reads as typed, without the override', () => {
    const [general] = CATEGORY_EXAMPLES;
    const lead = { ...general!.lead, data: { ...general!.lead.data, name: 'Jo \u202E876 543 2140\u202C', last_name: undefined } };
    expect(linesOf(emailOf({ ...general!, lead }))).toContain('Name: Jo 876 543 2140');
    expect(leadAdf(lead, tenant, undefined, undefined, [], marketing)).toContain('<name part="first">Jo 876 543 2140</name>');
  });
});

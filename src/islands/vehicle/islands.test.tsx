/** Server renders of the vehicle islands: what a visitor sees before hydration. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import FinanceCalculator, { type FinanceCalculatorProps } from './FinanceCalculator.tsx';
import MediaViewer from './MediaViewer.tsx';
import PriceGauge from './PriceGauge.tsx';
import SaveCompare from '../ui/SaveCompare.tsx';
import SpinViewer from './SpinViewer.tsx';
import type { FinanceScenario } from '../../lib/finance/car-finance.ts';
import { DEFAULT_SITE_SCENARIO } from '../../../tests/fixtures/site-scenario.ts';
import { controlNames } from '../../../tests/support/control-names.ts';

const start: FinanceScenario = DEFAULT_SITE_SCENARIO;
const calculator: FinanceCalculatorProps = {
  carId: '1',
  start,
  maxTermYears: 7,
  interestRange: null,
  minPrice: 1000,
  hideFrequency: false,
  presets: [5000, 10000],
  disclaimer: 'x'.repeat(250),
};

describe('FinanceCalculator', () => {
  it('renders the default repayment, presets and a truncated disclaimer', () => {
    const html = renderToStaticMarkup(<FinanceCalculator {...calculator} />);
    expect(html).toMatch(/data-testid="finance-payment">\$147<\/strong> per (<!-- -->)?week/);
    expect(html).toContain('value="30,000"');
    expect(html).toContain('label="$5,000"');
    expect(html).toContain('Show More');
    expect(html).not.toContain('x'.repeat(198));
  });
  it('cuts the disclaimer at exactly 197 characters (spec §9), mid-word too', () => {
    const disclaimer =
      "The repayment shown is an estimate only, based on the loan amount, term and interest rate entered. It is not a quote or an offer of finance. Approval is subject to the lender's credit assessment criteria.";
    const html = renderToStaticMarkup(<FinanceCalculator {...calculator} disclaimer={disclaimer} />).replace(/&#x27;/g, "'");
    expect(disclaimer.length).toBeGreaterThan(197);
    expect(html).toContain(`>${disclaimer.slice(0, 197)}…</p>`);
    expect(disclaimer.slice(0, 197).endsWith(' assessment cr')).toBe(true);
  });
  it('shows Enquire for Finance at $25 or less and hides the frequency selector when asked', () => {
    const html = renderToStaticMarkup(<FinanceCalculator {...calculator} start={{ ...start, amount: 1300, ratePercent: 0.5, years: 7 }} hideFrequency />);
    expect(html).toContain('Enquire for Finance');
    expect(html).not.toContain('Repayment frequency');
  });
  it('opens without a message for a start price below the minimum: the price is kept (docs/decisions.md "The calculator keeps what it starts from")', () => {
    const html = renderToStaticMarkup(<FinanceCalculator {...calculator} start={{ ...start, amount: 3000 }} minPrice={5000} />);
    expect(html).not.toContain('Cannot be less than');
    expect(html).toContain('value="3,000"');
  });
});

describe('MediaViewer', () => {
  const slides = Array.from({ length: 6 }, (_, i) => ({ src: `/p${i}.webp`, thumb: `/t${i}.webp`, alt: `Car, photo ${i + 1} of 6` }));
  it('renders every slide, the photos of the first two (with priority), scrolling thumbnails above 5', () => {
    const html = renderToStaticMarkup(<MediaViewer name="Car" slides={slides} video={null} spinFrames={[]} interior={null} />);
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(6);
    // Slides 3 to 6 get their photo when the shopper comes near them (slideShowsPhoto).
    expect(html.match(/alt="Car, photo \d of 6"/g)).toEqual(['alt="Car, photo 1 of 6"', 'alt="Car, photo 2 of 6"']);
    expect(html.match(/loading="eager"/g)).toHaveLength(2);
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('gallery__thumbs--scroll');
    expect(html).toContain('1 / 6');
    expect(html).not.toContain('>Spin<');
  });
  it('offers Spin and Interior only when the car has them, and no thumbnails for 3 images', () => {
    const html = renderToStaticMarkup(
      <MediaViewer name="Car" slides={slides.slice(0, 3)} video={null} spinFrames={['/a.webp', '/b.webp']} interior="/i.webp" />,
    );
    expect(html).toContain('>Spin</button>');
    expect(html).toContain('>Interior</button>');
    expect(html).not.toContain('Choose a photo');
  });
  it('counts photos, not the video slide, for the strip (spec §9): 3 photos and a video have none, the arrows reach the video', () => {
    const video = { kind: 'file' as const, src: 'https://cdn.example.com/walkaround.mp4' };
    const html = renderToStaticMarkup(<MediaViewer name="Car" slides={slides.slice(0, 3)} video={video} spinFrames={[]} interior={null} />);
    expect(html).not.toContain('Choose a photo');
    expect(html).toContain('1 / 4');
    expect(html).toContain('aria-label="Previous image"');
    expect(renderToStaticMarkup(<MediaViewer name="Car" slides={slides.slice(0, 4)} video={video} spinFrames={[]} interior={null} />)).toContain(
      'Show video 5 of 5',
    );
  });
});

describe('PriceGauge and SaveCompare', () => {
  it('renders a gauge from feed data, and only a marker without', () => {
    const gauge = { fill: 30, listingPrice: 25000, min: 23000, max: 29000, confidence: 0.8, position: 'below' as const };
    expect(renderToStaticMarkup(<PriceGauge endpoint="/api/x" initial={gauge} />)).toContain('Below market price');
    expect(renderToStaticMarkup(<PriceGauge endpoint="/api/x" initial={null} />)).toBe('<div class="gauge-slot" aria-hidden="true"></div>');
  });
  it('hides save on an ineligible car and compare when not allowed', () => {
    const car = { id: '1', name: 'Car', slug: 'car', make: null, model: null, primary_image_url: null };
    expect(renderToStaticMarkup(<SaveCompare car={car} saveEligible={false} favouritesEnabled compareEligible={false} />)).toBe('');
    const html = renderToStaticMarkup(<SaveCompare car={car} saveEligible favouritesEnabled compareEligible />);
    expect(html).toContain('Compare');
  });
  it('names each toggle with its car after the visible Save and Compare (WCAG 2.4.4, 2.5.3)', () => {
    const car = { id: '1', name: '2021 Toyota Corolla', slug: 'car', make: null, model: null, primary_image_url: null };
    const controls = controlNames(renderToStaticMarkup(<SaveCompare car={car} saveEligible favouritesEnabled compareEligible />));
    expect(controls.map(({ visible, name }) => [visible, name])).toEqual([
      ['Save', 'Save: 2021 Toyota Corolla'],
      ['Compare', 'Compare: 2021 Toyota Corolla'],
    ]);
  });
});

describe('SpinViewer', () => {
  it('its rotate button says what it does (Auto-rotate, Stop rotating): the words change, so it is not also a pressed toggle (docs/decisions.md "Toggle buttons")', () => {
    const rotateButton = (autoRotate: boolean) => {
      const html = renderToStaticMarkup(<SpinViewer frames={['/f0.webp', '/f1.webp']} name="Car" autoRotate={autoRotate} />);
      const button = controlNames(html).find(({ name }) => !name.startsWith('Spin '))!;
      return { name: button.name, pressed: /aria-pressed/.test(html) };
    };
    expect([rotateButton(false), rotateButton(true)]).toEqual([
      { name: 'Auto-rotate', pressed: false },
      { name: 'Stop rotating', pressed: false },
    ]);
  });
});

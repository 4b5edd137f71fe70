/**
 * Vehicle page /cars/{slug} on a built site (issue 3 "Done when"): price forms, sold car,
 * finance eligibility, the calculator, spin viewer, gallery by keyboard, sticky header and
 * bottom bar at phone width (never over a control that takes focus), share copy toast, lead
 * modals failing visibly, JSON-LD.
 * Fixture: tests/fixtures/tenants/vehicle-showroom; cars are chosen by their data.
 */
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { dataLayer, pickCar, readStock, tenantUrl, waitForIslands, type StockCar } from './vehicle-helpers.ts';
import { fillContact } from './forms-helpers.ts';

const TENANT = 'vehicle-showroom';
const stock = readStock('tests/fixtures/tenants/vehicle-showroom');
const num = (value: unknown) => (typeof value === 'number' ? value : 0);

const richCar = pickCar(stock, 'available used car with was-price, lender data, spin frames and 6+ photos', (car) =>
  car.status === 'in_stock' && num(car.before_price) > num(car.price) && Boolean(car.finance_lenders) && Array.isArray(car.spin_images) && (car.images as unknown[]).length > 5,
);
const aclCar = pickCar(stock, 'drive-away total beside an excl. government charges price', (car) => num(car.drive_away_price) > num(car.price) && /excl/i.test(String(car.price_type)));
const subscriptionCar = pickCar(stock, 'subscription price', (car) => num(car.subscription_price) > 0 && car.status === 'in_stock');
const preorderCar = pickCar(stock, 'pre-order without a price', (car) => car.preorder === true && !(num(car.price) > 10));
const noPriceCar = pickCar(stock, 'available, no price, not pre-order', (car) => car.status === 'in_stock' && !(num(car.price) > 10) && !car.preorder && !(num(car.subscription_price) > 0));
const soldCar = pickCar(stock, 'sold car', (car) => car.status === 'sold');
const electricCar = pickCar(stock, 'electric car', (car) => car.simple_fuel === 'Electric');

const open = (page: Page, car: StockCar) => page.goto(tenantUrl(TENANT, `/cars/${car.slug}/`));

test.describe('price forms', () => {
  test('drive-away price with price type, was-price and market badge', async ({ page }) => {
    await open(page, richCar);
    const panel = page.getByTestId('price-panel');
    await expect(panel.getByTestId('price-total')).toHaveText(/^\$24,990\s*Drive Away$/);
    await expect(panel.getByTestId('was-price')).toHaveText('Was $27,990');
    await expect(panel.getByTestId('market-badge')).toHaveText('$2,010 below the state average market price');
  });

  test('ACL s48: the drive-away total is at least as prominent as the excl. government charges component', async ({ page }) => {
    await open(page, aclCar);
    const total = page.getByTestId('price-total');
    const component = page.getByTestId('price-component');
    await expect(total).toHaveText(/\$44,500\s*Drive Away/);
    await expect(component).toHaveText('$40,000 Excl. Govt. Charges');
    const size = (locator: typeof total) => locator.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(await size(total)).toBeGreaterThanOrEqual(await size(component));
    // The total comes first in reading order.
    const totalBox = await total.boundingBox();
    const componentBox = await component.boundingBox();
    expect(totalBox!.y).toBeLessThan(componentBox!.y);
  });

  test('subscription price when the site offers it', async ({ page }) => {
    await open(page, subscriptionCar);
    await expect(page.getByTestId('price-total')).toHaveText(/^\$189\/week\s*Subscription$/);
  });

  test('PREORDER and the no-price text', async ({ page }) => {
    await open(page, preorderCar);
    await expect(page.getByTestId('price-total')).toHaveText('PREORDER');
    await open(page, noPriceCar);
    await expect(page.getByTestId('price-total')).toHaveText('Enquire for price.');
  });
});

test('a sold car shows the sold message, JUST SOLD and Find Me Something Similar, and no price, finance or actions', async ({ page }) => {
  await open(page, soldCar);
  const sidebar = page.getByRole('complementary', { name: 'Price and contact' });
  await expect(sidebar.getByText("Unfortunately this car recently sold. But don't worry, we can help you find a similar car!")).toBeVisible();
  await expect(sidebar.getByTestId('vehicle-tag')).toHaveText('JUST SOLD');
  await expect(sidebar.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
  await expect(page.getByTestId('price-panel')).toHaveCount(0);
  await expect(page.getByTestId('finance-box')).toHaveCount(0);
  await expect(page.locator('#finance-calculator')).toHaveCount(0);
  for (const name of ['Book a Test Drive', 'Enquire Now', 'Trade-In Valuation', 'Request Photos']) {
    await expect(sidebar.getByRole('button', { name }).or(sidebar.getByRole('link', { name }))).toHaveCount(0);
  }
  await expect(page.getByTestId('reserve-button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Quick actions' })).toHaveCount(0);
});

test('finance box shows for an eligible car and not for one below the price floor', async ({ page }) => {
  await open(page, richCar);
  const box = page.getByTestId('finance-box');
  // The lender's own figures for its loan (9.5% over 5 years): its $120 a week and its 10.25% comparison rate.
  await expect(box).toContainText('$120 per week*');
  await expect(box).toContainText('9.50% p.a. · 10.25% comparison rate');
  await expect(box).toContainText('No deposit, $0 final payment');
  expect(noPriceCar.finance_lenders).toBeTruthy();
  await open(page, noPriceCar);
  await expect(page.getByTestId('finance-box')).toHaveCount(0);
});

test.describe('finance calculator', () => {
  test('gives the spec repayment for known inputs and fires one analytics event', async ({ page }) => {
    await open(page, richCar);
    const calculator = page.locator('#finance-calculator');
    await calculator.scrollIntoViewIfNeeded();
    await expect(calculator.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
    const price = calculator.getByLabel('Purchase price');
    await price.fill('30000');
    await expect(price).toHaveValue('30,000');
    await calculator.getByLabel('Interest rate (% p.a.)').fill('10');
    // Default term 5 years, weekly, no deposit: $30,000 at 10% p.a. -> $147 a week (rounded up).
    await expect(calculator.getByTestId('finance-payment')).toHaveText('$147');
    await expect(calculator.getByTestId('finance-total')).toHaveText('$38,220');
    await calculator.getByLabel('Repayment frequency').selectOption('monthly');
    await expect(calculator.getByTestId('finance-payment')).toHaveText('$638');
    await calculator.getByLabel('Deposit / trade-in').fill('3000');
    await expect(calculator.getByTestId('finance-payment')).toHaveText('$574');
    const events = (await dataLayer(page)).filter((entry) => entry.event_id === 26);
    expect(events).toHaveLength(1);
  });

  test('rejects out-of-range prices with the spec message', async ({ page }) => {
    await open(page, richCar);
    const calculator = page.locator('#finance-calculator');
    await calculator.scrollIntoViewIfNeeded();
    await expect(calculator.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
    const price = calculator.getByLabel('Purchase price');
    for (const value of ['999', '250001']) {
      await price.fill(value);
      // Checked when the field is left, so the message does not interrupt typing.
      await expect(calculator.getByRole('alert')).toHaveText('');
      await price.blur();
      await expect(calculator.getByRole('alert')).toHaveText('Cannot be less than $1,000 or more than $250,000');
      await expect(price).toHaveAttribute('aria-invalid', 'true');
      await expect(calculator.getByTestId('finance-payment')).toHaveCount(0);
    }
    await price.fill('1000');
    await expect(calculator.getByRole('alert')).toHaveText('');
    await expect(calculator.getByTestId('finance-result')).toContainText(/per week|Enquire for Finance/);
  });

  test('disclaimer toggles between Show More and Show Less', async ({ page }) => {
    await open(page, richCar);
    const disclaimer = page.locator('#financeDisclaimer');
    await disclaimer.scrollIntoViewIfNeeded();
    await expect(page.locator('#finance-calculator astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
    await disclaimer.getByRole('button', { name: 'Show More' }).click();
    await expect(disclaimer.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
  });
});

test('fuel calculator uses the spec formula and is absent for an electric car', async ({ page }) => {
  await open(page, richCar);
  const fuel = page.getByRole('form', { name: 'Fuel cost calculator' });
  await fuel.scrollIntoViewIfNeeded();
  // client:visible: typing before hydration would be reset by React.
  await expect(page.locator('astro-island', { has: fuel })).not.toHaveAttribute('ssr', /.*/);
  // 250 km at the car's 6.0 L/100km and $1.70 a litre: 250 / 100 x 6 x 1.70 = $25.50.
  await expect(fuel.getByTestId('fuel-cost')).toHaveText('$25.50');
  await fuel.getByLabel('Fuel consumption (L/100km)').fill('10');
  await expect(fuel.getByTestId('fuel-cost')).toHaveText('$42.50');
  await open(page, electricCar);
  await expect(page.getByRole('heading', { name: 'Fuel cost calculator' })).toHaveCount(0);
  await expect(page.getByTestId('vehicle-tag')).toHaveText('Electric');
});

test('spin viewer: interactive after loading, hint until first touch, arrows and drag wrap around', async ({ page }) => {
  await open(page, richCar);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Spin', exact: true }).click();
  const stage = page.getByRole('slider', { name: /360 degree view/ });
  await expect(page.locator('.spin')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByText('Swipe to spin')).toBeVisible();
  await stage.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(stage).toHaveAttribute('aria-valuenow', '24');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stage).toHaveAttribute('aria-valuenow', '2');
  // Drag 65 px to the right: 3 frames at 20 px per frame.
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 165, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(stage).toHaveAttribute('aria-valuenow', '5');
  await expect(page.getByText('Swipe to spin')).toHaveCount(0);
  await page.getByRole('button', { name: 'Interior' }).click();
  await expect(page.getByRole('img', { name: /^Interior of/ })).toBeVisible();
  await page.getByRole('button', { name: 'Images' }).click();
  await expect(page.getByRole('region', { name: /^Photos of/ })).toBeVisible();
});

test('gallery works by keyboard, including the fullscreen view', async ({ page }) => {
  await open(page, richCar);
  await waitForIslands(page);
  const gallery = page.getByRole('region', { name: /^Photos of/ });
  const count = (richCar.images as unknown[]).length;
  await expect(gallery.locator('.gallery__counter')).toHaveText(`1 / ${count}`);
  await gallery.getByRole('button', { name: 'Next image' }).focus();
  await page.keyboard.press('Enter');
  await expect(gallery.locator('.gallery__counter')).toHaveText(`2 / ${count}`);
  await page.keyboard.press('ArrowRight');
  await expect(gallery.locator('.gallery__counter')).toHaveText(`3 / ${count}`);
  await gallery.getByRole('button', { name: 'Previous image' }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
  await expect(gallery.locator('.gallery__counter')).toHaveText(`${count} / ${count}`);
  // Thumbnails appear (more than 3 images) and scroll (more than 5).
  await expect(page.getByRole('list', { name: 'Choose a photo' })).toHaveClass(/gallery__thumbs--scroll/);

  const fullscreen = page.getByRole('button', { name: 'Fullscreen' });
  await expect(page.getByRole('tooltip')).toHaveText('Fullscreen');
  await fullscreen.focus();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /fullscreen/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close fullscreen' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.locator('.lightbox__counter')).toHaveText(`1 / ${count}`);
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.locator('.lightbox__counter')).toHaveText(`${count} / ${count}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(fullscreen).toBeFocused();
});

test('the fullscreen view keeps focus inside and Escape working after a click on the counter or the photo', async ({ page }) => {
  await open(page, richCar);
  await waitForIslands(page);
  const count = (richCar.images as unknown[]).length;
  const fullscreen = page.getByRole('button', { name: 'Fullscreen' });
  await fullscreen.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /fullscreen/ });
  await expect(dialog).toBeVisible();
  await dialog.locator('.lightbox__counter').click();
  // The page behind is inert: Tab and Shift+Tab stay in the dialog.
  const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog.lightbox')));
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await inDialog(), key).toBe(true);
  }
  await dialog.locator('.lightbox__slide').click();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.locator('.lightbox__counter')).toHaveText(`2 / ${count}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(fullscreen).toBeFocused();
});

test('a gallery that hydrates after the shopper scrolled down leaves the page where it is', async ({ page }) => {
  // The gallery is a client:idle island: on a busy device it can go live after the shopper has
  // scrolled on. Its script is held back here until the page is scrolled to the calculator.
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  await page.route(/\/_astro\/MediaViewer\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await open(page, richCar);
  const calculator = page.locator('#finance-calculator');
  await calculator.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  release();
  await expect(page.locator('astro-island[component-url*="MediaViewer"]')).not.toHaveAttribute('ssr', /.*/);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(calculator.locator('astro-island[ssr]')).toHaveCount(0);
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sticky header after 500 px and the bottom bar changing state past 900 px', async ({ page }) => {
    await open(page, richCar);
    const header = page.locator('[data-sticky-header]');
    const bar = page.getByRole('region', { name: 'Quick actions' });
    await expect(header).toHaveAttribute('data-visible', 'false');
    await expect(header).toBeHidden();
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('data-state', 'top');
    for (const name of ['Reserve', 'Enquire', 'Call Now']) await expect(bar.getByRole('link', { name }).or(bar.getByRole('button', { name }))).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(header).toHaveAttribute('data-visible', 'true');
    await expect(header).toBeVisible();
    await expect(header).toContainText(richCar.name);
    await expect(header).toContainText('$24,990');
    await expect(bar).toHaveAttribute('data-state', 'top');
    await page.evaluate(() => window.scrollTo(0, 1000));
    await expect(bar).toHaveAttribute('data-state', 'scrolled');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-visible', 'false');
    await expect(bar).toHaveAttribute('data-state', 'top');
  });

  test('at 375 px a control that takes focus by Tab is never under the bottom bar', async ({ page }) => {
    test.slow(); // a Tab through the whole page, two frames a stop
    await page.setViewportSize({ width: 375, height: 740 });
    await open(page, richCar);
    await expect(page.getByRole('region', { name: 'Quick actions' })).toBeVisible();
    const under: string[] = [];
    let controls = 0;
    for (let step = 0; step < 300; step++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(async () => {
        // Two frames: the page has scrolled to the control and the bar has taken its state for that scroll.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const focused = document.activeElement;
        if (focused?.closest('footer')) return 'end';
        if (!focused || focused === document.body || focused.closest('[data-bottom-bar], [data-sticky-header]')) return 'skip';
        const box = focused.getBoundingClientRect();
        const barTop = document.querySelector('[data-bottom-bar]')!.getBoundingClientRect().top;
        // A control taller than the room between the top scroll padding and the bar cannot clear the bar; its top must.
        const room = barTop - Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
        const clear = box.height > room ? box.top < barTop : box.bottom <= barTop + 0.5;
        const name = (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return clear
          ? 'clear'
          : `${focused.tagName.toLowerCase()} "${name}": ${Math.round(box.top)}-${Math.round(box.bottom)} px, bar from ${Math.round(barTop)} px`;
      });
      if (stop === 'end') break;
      if (stop === 'skip') continue;
      controls += 1;
      if (stop !== 'clear') under.push(stop);
    }
    expect(controls, 'Tab reached the controls of the page').toBeGreaterThan(20);
    expect(under).toEqual([]);
  });

  test('the announcement bar stays dismissed', async ({ page }) => {
    await open(page, richCar);
    const bar = page.getByRole('region', { name: 'Location notice' });
    await expect(bar).toContainText('Located at Brisbane');
    await expect(bar.getByRole('link', { name: /Get Directions/ })).toBeVisible();
    await bar.getByRole('button', { name: 'Dismiss location message' }).click();
    await expect(bar).toBeHidden();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Location notice' })).toBeHidden();
  });
});

test('copy link shows Copied for 1.5 s and the toast', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, richCar);
  const copy = page.getByRole('button', { name: 'Copy link' });
  await copy.click();
  await expect(page.getByRole('list', { name: 'Share this vehicle' }).getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Copied ${richCar.name} to your clipboard!` })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`https://vehicle-showroom.example.com.au/cars/${richCar.slug}`);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 3000 });
  const share = page.getByRole('list', { name: 'Share this vehicle' });
  for (const name of [/Facebook/, /X \(Twitter\)/, /WhatsApp/, /Email/, /SMS/]) await expect(share.getByRole('link', { name })).toBeVisible();
});

test('phone number is hidden until clicked, then revealed and the call logged', async ({ page }) => {
  await open(page, richCar);
  const box = page.getByRole('region', { name: 'Call the dealer' });
  const reveal = box.getByRole('button', { name: /Show number/ });
  await expect(reveal).toContainText('07 3555 XXXX');
  await reveal.click();
  await expect(box.getByRole('button', { name: 'Call 07 3555 0200' })).toBeVisible();
  expect((await dataLayer(page)).some((entry) => entry.event_id === 25)).toBe(true);
});

test('tabs, dealer comments and features expand', async ({ page }) => {
  await open(page, richCar);
  const comments = page.getByRole('tabpanel', { name: 'Dealer Comments' });
  await comments.getByRole('button', { name: 'Show more' }).click();
  await expect(comments.getByRole('button', { name: 'Show less' })).toBeVisible();
  const tab = page.getByRole('tab', { name: 'Dealer Comments' });
  await tab.focus();
  await page.keyboard.press('End');
  const features = page.getByRole('tab', { name: 'Features' });
  await expect(features).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Features' });
  await expect(panel.locator('li')).toHaveCount(12);
  await expect(panel.getByRole('listitem').filter({ visible: true })).toHaveCount(8);
  await panel.getByRole('button', { name: 'Show All' }).click();
  await expect(panel.getByRole('listitem').filter({ visible: true })).toHaveCount(12);
  await expect(panel.getByRole('button', { name: 'Hide' })).toBeVisible();
  // Without standard equipment there is no Features tab; empty comments show the pending text.
  await open(page, aclCar);
  await expect(page.getByRole('tab', { name: 'Features' })).toHaveCount(0);
  await expect(page.getByText('Dealer comments are pending. Please check back here later.')).toBeVisible();
});

test('favourite toggle persists and logs analytics', async ({ page }) => {
  await open(page, richCar);
  await waitForIslands(page);
  const save = page.getByRole('button', { name: /^Save: / });
  await save.click();
  // Its name says the state, so it is no pressed toggle (docs/decisions.md "Toggle buttons").
  const saved = page.getByRole('button', { name: /^Saved: / });
  await expect(saved).toBeVisible();
  await expect(saved).not.toHaveAttribute('aria-pressed');
  expect((await dataLayer(page)).some((entry) => entry.event_id === 39)).toBe(true);
  await page.reload();
  await waitForIslands(page);
  await expect(saved).toBeVisible();
});

test('enquiry modal validates with the shared schema and shows the API failure, never a pretend success', async ({ page }) => {
  await page.route('**/api/leads', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }));
  await open(page, richCar);
  await waitForIslands(page);
  await page.getByRole('complementary', { name: 'Price and contact' }).getByRole('button', { name: 'Enquire Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enquire Now' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Enquiry' }).click();
  await expect(dialog.getByText('Please fix the following errors:')).toBeVisible();
  await fillContact(dialog, { name: 'Alex', email: 'alex@example.com', phone: '0412 345 678', postcode: '4000' });
  await dialog.getByLabel('Comments').fill('Is it still available?');
  await dialog.getByRole('button', { name: 'Submit Enquiry' }).click();
  await expect(dialog.getByTestId('error-warning')).toHaveText('An unexpected error occured');
  await expect(dialog.getByLabel('Comments')).toHaveValue('Is it still available?');
  await expect(page).toHaveURL(new RegExp(`/cars/${richCar.slug}/`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the modal posts the lead with the car to the lead API', async ({ page }) => {
  let body: Record<string, unknown> | null = null;
  await page.route('**/api/leads', async (route) => {
    body = route.request().postDataJSON() as Record<string, unknown>;
    await route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ lead_id: '3f1b2c4d-1111-4222-8333-944455556666' }) });
  });
  await page.route('**/success', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Success</title>' }));
  await open(page, richCar);
  await waitForIslands(page);
  await page.getByRole('complementary', { name: 'Price and contact' }).getByRole('button', { name: 'Request Photos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Photos' });
  await fillContact(dialog, { name: 'Sam', email: 'sam@example.com', phone: '0412 345 678', postcode: '4000' });
  await dialog.getByRole('button', { name: 'Request Photos' }).click();
  await expect(page).toHaveURL(/\/success$/);
  expect(body).toMatchObject({ category: 'Request Photos', car_id: String(richCar.id), message: 'Please send photos for this car', stock_number: richCar.stocknum, source: 'Website' });
});

test('JSON-LD describes the car and parses', async ({ page }) => {
  await open(page, richCar);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const parsed = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
  const car = parsed.find((item) => item['@type'] === 'Car');
  expect(car).toMatchObject({
    name: richCar.name,
    brand: { name: richCar.make },
    vehicleModelDate: String(richCar.year),
    mileageFromOdometer: { value: richCar.km, unitCode: 'KMT' },
    offers: { price: richCar.price, priceCurrency: 'AUD', availability: 'https://schema.org/InStock' },
    vehicleIdentificationNumber: richCar.vin,
  });
  expect(parsed.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /fixture-media\/photo-1\.svg$/);
});

test('print page opens the car in a print layout', async ({ page }) => {
  await page.goto(tenantUrl(TENANT, `/print?car_id=${richCar.slug}`));
  await expect(page.getByRole('heading', { level: 1, name: richCar.name })).toBeVisible();
  // One print page for the site (spec route /print?car_id={slug}; issue 17): no per-car print file.
  await expect(page).toHaveURL(new RegExp(`/print/?\\?car_id=${richCar.slug}$`));
  expect(await page.title()).toMatch(new RegExp(`^Print: ${richCar.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| .+`));
  await expect(page.getByText('$24,990')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`/cars/${richCar.slug}/?$`));
  expect(await page.evaluate((slug) => fetch(`/cars/${slug}/print/`).then((response) => response.status), richCar.slug)).toBe(404);
});

test('the print link opens a new tab and logs analytics event 61', async ({ page }) => {
  await open(page, richCar);
  const link = page.getByRole('link', { name: /Print this page/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', `/print?car_id=${richCar.slug}`);
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.waitForURL(new RegExp(`/print/?\\?car_id=${richCar.slug}$`));
  await expect(popup.getByRole('heading', { level: 1, name: richCar.name })).toBeVisible();
  expect((await dataLayer(page)).some((entry) => entry.event_id === 61)).toBe(true);
});

test('unknown print requests explain themselves', async ({ page }) => {
  await page.goto(tenantUrl(TENANT, '/print?car_id=%3Cscript%3E'));
  await expect(page.getByText('We could not find that vehicle to print.')).toBeVisible();
  // A well-formed slug of a car that is not (or no longer) on the site says the same.
  await page.goto(tenantUrl(TENANT, '/print?car_id=2001-no-such-car-x1'));
  await expect(page.getByText('We could not find that vehicle to print.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
});

test('price gauge: from the feed, from the autogauge API, and hidden when there is no data', async ({ page }) => {
  await open(page, richCar);
  const gauge = page.getByTestId('price-gauge');
  await expect(gauge).toContainText('Below market price');
  await expect(gauge.getByRole('img')).toHaveAttribute('aria-label', /30% of the market range/);

  await page.route('**/api/cars/*/autogauge', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ fill: 80, listing_price: 40000, market_range_min: 36000, market_range_max: 41000, confidence: 0.6 }) }),
  );
  await open(page, aclCar);
  await page.locator('.gauge-slot').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('price-gauge')).toContainText('Above market price');

  await page.unrouteAll();
  await page.route('**/api/cars/*/autogauge', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ fill: 80, listing_price: 40000, market_range_min: 36000, market_range_max: 41000, confidence: 0.2 }) }));
  await open(page, aclCar);
  const requested = page.waitForResponse('**/api/cars/*/autogauge');
  await page.locator('.gauge-slot').scrollIntoViewIfNeeded();
  await requested;
  await expect(page.getByTestId('price-gauge')).toHaveCount(0);
});

test('delivery calculator: empty postcode, an estimate, and no estimate', async ({ page }) => {
  await page.route('**/api/delivery-estimate?*', (route) => {
    const postcode = new URL(route.request().url()).searchParams.get('postcode');
    return postcode === '4000'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ price: 350, name: 'Brisbane City' }) })
      : route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'none' }) });
  });
  await open(page, richCar);
  const form = page.locator('.delivery-calc');
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island', { has: form })).not.toHaveAttribute('ssr', /.*/);
  const postcode = form.getByLabel('Your postcode');
  await expect(postcode).toHaveAttribute('placeholder', 'e.g. 4000');
  await form.getByRole('button', { name: 'Calculate' }).click();
  await expect(form.getByText('Please enter a postcode.')).toBeVisible();
  await postcode.fill('4000');
  await form.getByRole('button', { name: 'Calculate' }).click();
  await expect(form).toContainText('Delivery to Brisbane City: $350');
  await postcode.fill('0872');
  await form.getByRole('button', { name: 'Calculate' }).click();
  await expect(form.getByText("Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.")).toBeVisible();
});

test('analytics: used vehicle view (4) and history report (60); PDF shows Preparing... and alerts a failure', async ({ page, context }) => {
  await context.route('https://reports.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'report' }));
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/api/cars/*/pdf', async (route) => {
    await held;
    await route.fulfill({ status: 503, body: '' });
  });
  await open(page, richCar);
  expect((await dataLayer(page)).filter((entry) => entry.event_id === 4)).toHaveLength(1);
  const report = page.getByRole('link', { name: /Vehicle History Report/ });
  await expect(report).toHaveAttribute('href', String(richCar.file));
  const [popup] = await Promise.all([page.waitForEvent('popup'), report.click()]);
  await popup.close();
  expect((await dataLayer(page)).some((entry) => entry.event_id === 60)).toBe(true);

  const pdf = page.getByRole('button', { name: 'Download PDF' });
  const dialog = page.waitForEvent('dialog');
  await pdf.click();
  await expect(page.getByRole('button', { name: 'Preparing...' })).toBeDisabled();
  release();
  const alert = await dialog;
  expect(alert.message()).toContain('could not be prepared');
  await alert.dismiss();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();

  // With the lead API answering, the PDF downloads as {slug}.pdf.
  await page.unroute('**/api/cars/*/pdf');
  const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
  expect(download.suggestedFilename()).toBe(`${richCar.slug}.pdf`);
  const file = await download.path();
  expect((await import('node:fs')).readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  // A new car is not a used vehicle view.
  await open(page, aclCar);
  expect((await dataLayer(page)).filter((entry) => entry.event_id === 4)).toHaveLength(0);
});

test('a test-drive booking reaches the lead API and goes to the success page', async ({ page }) => {
  await open(page, richCar);
  await waitForIslands(page);
  await page.getByRole('complementary', { name: 'Price and contact' }).getByRole('button', { name: 'Book a Test Drive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
  await fillContact(dialog, { name: 'Alex', email: 'alex.testdrive@example.com', phone: '0412 345 678', postcode: '4000' });
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/leads') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Book Test Drive' }).click();
  expect((await posted).status()).toBeLessThan(300);
  await expect(page).toHaveURL(/\/success\/?$/);
});

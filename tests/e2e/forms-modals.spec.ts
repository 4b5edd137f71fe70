/**
 * The lead modals (issue 6: "the Enquiry form is used by the Enquire Now and Quick Enquiry
 * modals, the Test-drive booking form by the modal too; Request Photos likewise"): the
 * vehicle page's Enquire Now, Book a Test Drive and Request Photos dialogs and the search
 * cards' Quick Enquiry hold the real form islands and talk to the real lead API. Happy paths
 * create the lead (read from the API's storage) and fire the spec's analytics event, the
 * validation messages appear beside their fields, a server failure keeps what was typed,
 * each modal can be completed by keyboard alone with focus kept in the dialog and returned to
 * the opener, and axe passes on the open dialog.
 */
import { expect, test } from './fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { pointAtSearch } from './search-helpers.ts';
import { expectNoSeriousAxeViolations, fieldMessage, fillContact, leadsByEmail, tabTo, tenantUrl, uniqueEmail } from './forms-helpers.ts';

const NEW_CAR = '/cars/2025-toyota-corolla-ascent-sport-f1/'; // forms-demo 501: new, two delivery locations
const USED_CAR = '/cars/2019-mazda-cx-5-maxx-f2/'; // forms-demo 502: used
const TERMS_CAR = '/cars/2026-toyota-hilux-sr5-t1/'; // forms-terms 601: terms required, comments optional

/** Keep every analytics event of the tab in sessionStorage, so the event fired before /success can be read there. */
async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const list: unknown[] = [];
    const push = list.push.bind(list);
    list.push = (...entries: unknown[]) => {
      try {
        const kept = JSON.parse(sessionStorage.getItem('e2e_events') ?? '[]') as unknown[];
        sessionStorage.setItem('e2e_events', JSON.stringify([...kept, ...entries]));
      } catch {
        /* private mode: the test then fails on the missing event */
      }
      return push(...entries);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = list;
  });
}

async function recordedEventIds(page: Page): Promise<number[]> {
  return page.evaluate(() => (JSON.parse(sessionStorage.getItem('e2e_events') ?? '[]') as { event_id: number }[]).map((entry) => entry.event_id));
}

/** Open a vehicle page and wait until the lead modal island answers its buttons. */
async function openVehicle(page: Page, tenant: string, path: string): Promise<void> {
  await page.goto(tenantUrl(tenant, path));
  await page.waitForFunction(() => document.documentElement.dataset.leadModals === 'ready');
}

const sidebarButton = (page: Page, name: string) => page.getByRole('complementary', { name: 'Price and contact' }).getByRole('button', { name, exact: true });

/** Click an opener and return the dialog with its form hydrated. */
async function openModal(page: Page, opener: Locator, title: string): Promise<{ dialog: Locator; form: Locator }> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const form = dialog.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form).toBeVisible();
  return { dialog, form };
}

test.describe('vehicle page modals', () => {
  test('Enquire Now sends the full enquiry form with the car, fires event 14 and shows /success', async ({ page }) => {
    await recordEvents(page);
    const email = uniqueEmail('modal-enquiry');
    await openVehicle(page, 'forms-demo', NEW_CAR);
    const { dialog, form } = await openModal(page, sidebarButton(page, 'Enquire Now'), 'Enquire Now');
    await expect(dialog).toContainText('2025 Toyota Corolla Ascent Sport');
    // The real form: consent notice, opt-in on, Rego, contact method, finance and trade-in questions.
    await expect(form.getByText('By submitting this enquiry, I agree to the Forms Demo Motors Privacy Policy.')).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'Keep me up to date with news and offers' })).toBeChecked();
    await fillContact(form, { name: 'Mia', lastName: 'Modal', email, phone: '0412 345 678', postcode: '4000' });
    await form.getByLabel('Rego').fill('ABC123');
    await form.getByRole('radio', { name: 'SMS' }).check();
    await form.getByRole('group', { name: 'Do you need finance?' }).getByRole('radio', { name: 'Yes' }).check();
    await form.getByRole('group', { name: 'Do you have a trade-in?' }).getByRole('radio', { name: 'No' }).check();
    await form.getByLabel('Comments').fill('Is it still available?');
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(page).toHaveURL(/\/success\/?$/);
    await expect(page.getByTestId('success-summary')).toContainText('Is it still available?');
    await expect(page.getByTestId('success-summary').getByRole('link', { name: '2025 Toyota Corolla Ascent Sport' })).toBeVisible();
    expect(await recordedEventIds(page)).toContain(14);
    expect(await page.evaluate(() => localStorage.getItem('success_category'))).toBe('General Enquiry');
    const leads = leadsByEmail('forms-demo', email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ category: 'General Enquiry', car_id: '501' });
    expect(leads[0]!.data).toMatchObject({
      name: 'Mia',
      last_name: 'Modal',
      phone: '0412345678',
      postcode: '4000',
      Rego: 'ABC123',
      PreferredContactMethod: 'SMS',
      finance: 'Yes',
      'do-you-have-a-trade-in': 'No',
      message: 'Is it still available?',
      opt_in: true,
      car_type: 'new',
      source: 'Website',
      form_completed: true,
    });
  });

  test('validation messages appear beside their fields, focus goes to the first error, and axe passes on the open dialog', async ({ page }) => {
    await openVehicle(page, 'forms-demo', NEW_CAR);
    const { form } = await openModal(page, sidebarButton(page, 'Enquire Now'), 'Enquire Now');
    await expectNoSeriousAxeViolations(page, 'dialog.lead-modal');
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(form.getByTestId('form-errors')).toContainText('Please fix the following errors:');
    const name = form.getByLabel('First Name');
    await expect(name).toBeFocused();
    expect(await fieldMessage(name)).toBe('* This field is required');
    expect(await fieldMessage(form.getByLabel('Postcode'))).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(await fieldMessage(form.getByLabel('Comments'))).toBe('* This field is required');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await form.getByLabel('Postcode').fill('12a');
    await expect(form.getByLabel('Postcode')).toHaveAttribute('maxlength', '4');
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();
    expect(await fieldMessage(form.getByRole('textbox', { name: 'Email', exact: true }))).toBe('Please enter a valid email address.');
    expect(await fieldMessage(form.getByLabel('Postcode'))).toBe('Invalid postcode. Please enter a 4-digit number.');
    await expectNoSeriousAxeViolations(page, 'dialog.lead-modal');
  });

  test('a server failure shows the spec alert, keeps what was typed, and Escape returns focus to the opener', async ({ page }) => {
    let posts = 0;
    await page.route('**/api/leads', (route) => {
      posts += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"boom"}' });
    });
    await openVehicle(page, 'forms-demo', USED_CAR);
    const opener = sidebarButton(page, 'Enquire Now');
    const { dialog, form } = await openModal(page, opener, 'Enquire Now');
    await fillContact(form, { name: 'Bob', email: 'bob@example.com', phone: '0412345678', postcode: '4000' });
    await form.getByLabel('Comments').fill('Keep me');
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();
    const alert = dialog.getByTestId('error-warning');
    await expect(alert).toHaveText('An unexpected error occured');
    await expect(alert).toHaveAttribute('role', 'alert');
    expect(posts).toBeGreaterThan(0);
    await expect(form.getByLabel('First Name')).toHaveValue('Bob');
    await expect(form.getByLabel('Comments')).toHaveValue('Keep me');
    await expect(page).toHaveURL(new RegExp(`${USED_CAR}$`));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // Opened again, the same form still holds what was typed.
    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(form.getByLabel('Comments')).toHaveValue('Keep me');
  });

  test('Book a Test Drive offers the availability slots and delivery locations and stores the booking (event 17)', async ({ page }) => {
    await recordEvents(page);
    const email = uniqueEmail('modal-drive');
    await openVehicle(page, 'forms-demo', NEW_CAR);
    const { form } = await openModal(page, sidebarButton(page, 'Book a Test Drive'), 'Book a Test Drive');
    const date = form.getByLabel('Test Drive Booking Date');
    await expect(date.locator('option').nth(1)).toBeAttached();
    const slot = await date.locator('option').nth(1).getAttribute('value');
    await date.selectOption(slot!);
    await form.getByLabel('Delivery Location').selectOption('Sunshine Coast Delivery');
    await fillContact(form, { name: 'Dee', email, phone: '0412345678', postcode: '4217' });
    await expectNoSeriousAxeViolations(page, 'dialog.lead-modal');
    await form.getByRole('button', { name: 'Book Test Drive' }).click();
    await expect(page).toHaveURL(/\/success\/?$/);
    await expect(page.getByRole('heading', { name: 'Thank you for booking a test drive' })).toBeVisible();
    expect(await recordedEventIds(page)).toContain(17);
    const [lead] = leadsByEmail('forms-demo', email);
    expect(lead).toMatchObject({ category: 'Test Drive', car_id: '501' });
    expect(lead!.data).toMatchObject({ dateTime: slot, delivery_location: 'Sunshine Coast Delivery', car_type: 'new' });
  });

  test('Request Photos sends the default text (event 15 on a used car), and the next modal is prefilled', async ({ page }) => {
    await recordEvents(page);
    const email = uniqueEmail('modal-photos');
    await openVehicle(page, 'forms-demo', USED_CAR);
    const { form } = await openModal(page, sidebarButton(page, 'Request Photos'), 'Request Photos');
    await fillContact(form, { name: 'Sam', lastName: 'Snap', email, phone: '0412 345 678', postcode: '4000' });
    await form.getByRole('button', { name: 'Request Photos' }).click();
    await expect(page).toHaveURL(/\/success\/?$/);
    expect(await recordedEventIds(page)).toContain(15);
    const [lead] = leadsByEmail('forms-demo', email);
    expect(lead).toMatchObject({ category: 'Request Photos', car_id: '502' });
    expect(lead!.data).toMatchObject({ message: 'Please send photos for this car', car_type: 'used', 'Vehicle Make': 'Mazda' });

    await openVehicle(page, 'forms-demo', USED_CAR);
    const again = await openModal(page, sidebarButton(page, 'Enquire Now'), 'Enquire Now');
    await expect(again.form.getByLabel('First Name')).toHaveValue('Sam');
    await expect(again.form.getByLabel('Last Name')).toHaveValue('Snap');
    await expect(again.form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expect(again.form.getByLabel('Postcode')).toHaveValue('4000');
  });

  test('can be completed with the keyboard alone; Tab never leaves the open dialog', async ({ page }) => {
    const email = uniqueEmail('modal-keys');
    await openVehicle(page, 'forms-demo', USED_CAR);
    const opener = sidebarButton(page, 'Book a Test Drive');
    await tabTo(page, opener, 250);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Book a Test Drive' });
    await expect(dialog).toBeVisible();
    const form = dialog.locator('form.dealer-form[data-hydrated="true"]');
    await expect(form).toBeVisible();
    // Focus cycles within the dialog (the page behind is inert).
    const outside: string[] = [];
    for (let press = 0; press < 40; press += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'none';
        return active.closest('dialog.lead-modal') ? 'inside' : `${active.tagName}.${active.className}`;
      });
      if (where !== 'inside' && where !== 'none') outside.push(where);
    }
    expect(outside).toEqual([]);
    await tabTo(page, form.getByLabel('First Name'));
    await page.keyboard.type('Kim');
    await tabTo(page, form.getByRole('textbox', { name: 'Email', exact: true }));
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('0412345678');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4000');
    await tabTo(page, form.getByLabel('Comments'));
    await page.keyboard.type('Typed by keyboard');
    await tabTo(page, form.getByRole('button', { name: 'Book Test Drive' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/success\/?$/);
    const [lead] = leadsByEmail('forms-demo', email);
    expect(lead).toMatchObject({ category: 'Test Drive', car_id: '502' });
    expect(lead!.data).toMatchObject({ name: 'Kim', phone: '0412345678', postcode: '4000', message: 'Typed by keyboard', car_type: 'used' });
  });

  test('on a terms site the modal requires the terms box and leaves Comments optional', async ({ page }) => {
    const email = uniqueEmail('modal-terms');
    await openVehicle(page, 'forms-terms', TERMS_CAR);
    const { form } = await openModal(page, sidebarButton(page, 'Enquire Now'), 'Enquire Now');
    await fillContact(form, { name: 'Cara', email, phone: '0298765432', postcode: '2150' });
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();
    const terms = form.getByRole('checkbox', { name: /I agree to the terms of use/ });
    expect(await fieldMessage(terms)).toBe('*You must agree to the terms of use before submitting.');
    await expect(terms).toBeFocused();
    await expect(form.getByLabel('Comments')).not.toHaveAttribute('aria-invalid', 'true');
    await terms.check();
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(page).toHaveURL(/\/success\/?$/);
    const [lead] = leadsByEmail('forms-terms', email);
    expect(lead).toMatchObject({ category: 'General Enquiry', car_id: '601' });
    expect(lead!.data).toMatchObject({ terms_conditions: true });
  });
});

test.describe('search Quick Enquiry', () => {
  test('sends the compact enquiry form for the card it was opened from', async ({ page }) => {
    const email = uniqueEmail('quick-enquiry');
    await page.goto(tenantUrl('search-demo', '/search/new-used-and-demo-cars'));
    await pointAtSearch(page);
    await expect(page.locator('[data-search-phase="live"]')).toBeVisible();
    await page.waitForFunction(() => document.documentElement.dataset.leadModals === 'ready');
    const card = page.locator('article.search-card').nth(1);
    const opener = card.getByRole('button', { name: /^Quick Enquiry: / });
    const car = JSON.parse((await opener.getAttribute('data-car')) ?? '{}') as { id: string | number; name: string; car_type: string };
    const { dialog, form } = await openModal(page, opener, 'Quick Enquiry');
    await expect(dialog).toContainText(car.name);
    // Compact: no Rego, contact method or Yes/No questions.
    await expect(form.getByLabel('Rego')).toHaveCount(0);
    await expect(form.getByRole('radio')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'dialog.lead-modal');
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(form.getByTestId('form-errors')).toContainText('Please fix the following errors:');
    await expect(form.getByLabel('First Name')).toBeFocused();
    await fillContact(form, { name: 'Quinn', email, phone: '0412345678', postcode: '4000' });
    const comments = form.getByLabel('Comments');
    if ((await comments.getAttribute('aria-required')) === 'true') await comments.fill('Quick question');
    await form.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(page).toHaveURL(/\/success\/?$/);
    const [lead] = leadsByEmail('search-demo', email);
    expect(lead).toMatchObject({ category: 'General Enquiry', car_id: String(car.id) });
    expect(lead!.data).toMatchObject({ name: 'Quinn', car_type: car.car_type });
  });
});

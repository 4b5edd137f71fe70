/**
 * Issue 13, privacy (finding 15, browser side), in the built sites: the collection notice is
 * on screen before any personal data is sent, on sign-in too, and on the instant offer's
 * photo step above the file picker (photos are never uploaded before the notice shows);
 * the marketing opt-in explains itself. Pages are served with the site CSP (issue 13 M8),
 * so these flows also prove the islands hydrate under it.
 */
import { expect, test } from './fixtures.ts';
import { expectNoSeriousAxeViolations, tenantUrl } from './forms-helpers.ts';

const NOTICE = /Forms Demo Motors collects the details you give here/;

test('privacy the sign-in form shows the collection notice before the mobile number is sent', async ({ page }) => {
  await page.goto(tenantUrl('forms-demo', '/sign-in?type=watchlist'));
  const form = page.locator('form.dealer-form');
  await expect(form.getByTestId('collection-notice')).toContainText('to text you a sign-in code and keep your watchlist');
  await expect(form.getByTestId('collection-notice').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');
});

test('privacy the instant offer shows the notice from step 1 and above the photo picker, before any upload', async ({ page }) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/eval-expert/image-upload')) uploads.push(request.url());
  });
  await page.goto(tenantUrl('forms-demo', '/sell-my-car'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form.getByTestId('collection-notice')).toContainText('including any photos of it you upload');
  await form.getByLabel('Registration Number').fill('XYZ120');
  await form.getByRole('button', { name: 'Get My Offer' }).click();
  await expect(form).toHaveAttribute('data-step', 'images');
  const notice = form.getByTestId('collection-notice');
  await expect(notice).toBeVisible();
  const picker = form.locator('input[type="file"]');
  // The notice comes before the picker in the form (and so on screen and for screen readers).
  expect(await notice.evaluate((element, input) => Boolean(element.compareDocumentPosition(input!) & Node.DOCUMENT_POSITION_FOLLOWING), await picker.elementHandle())).toBe(true);
  expect(uploads).toEqual([]);
});

test('privacy the enquiry opt-in says what it agrees to and how to stop; the form is axe-clean', async ({ page }) => {
  await page.goto(tenantUrl('forms-demo', '/contact-us'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]').first();
  await expect(form.getByTestId('collection-notice')).toContainText(NOTICE);
  const optIn = form.getByRole('checkbox', { name: 'Keep me up to date with news and offers' });
  await expect(optIn).toBeChecked();
  await expect(optIn).toHaveAccessibleDescription(/may send you news and offers by email and SMS.*reply STOP.*unsubscribe/);
  await expectNoSeriousAxeViolations(page, 'form.dealer-form');
});

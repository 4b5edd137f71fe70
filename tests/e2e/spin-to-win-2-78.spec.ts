/**
 * Audit 2.78: /spin-to-win on the Sunstate Motor Group demo (site.json spin_to_win,
 * docs/spin-to-win.md). Gated: a signed-out shopper signs in first. By keyboard the shopper
 * enters and spins; the server draws the prize, the wheel turns to its slice and stops, focus
 * moves to the result's heading (described by its detail: read once), and the prize is a lead. A
 * second spin in the month is refused by the server, also from a page opened before the
 * first spin; reloaded, the page shows the month's prize without moving focus to it. With
 * reduced motion the wheel does not turn. axe and the Nu checker find nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { loadTenant } from '../../src/lib/site/tenant.ts';
import { angleUnderPointer, nextMonthStart, spinMonth, wheelSegments } from '../../src/lib/marketing/spin-to-win.ts';
import { calendarDay } from '../../src/lib/text/dealer-time.ts';
import { formatDay } from '../../src/lib/text/format.ts';
import { expectNoSeriousAxeViolations, leadsByEmail, signInWithCode, tenantUrl, uniqueEmail, uniqueMobile, waitForForm } from './forms-helpers.ts';

const TENANT = 'sunstate-motor-group';
const site = loadTenant(`tenants/${TENANT}`, Date.now()).site;
const settings = site.spin_to_win!;
const segments = wheelSegments(settings.prizes);
/** What the server says to a second spin this month (the API's clock is the real one). */
const alreadySpun = () =>
  `You have already spun the wheel this month. Your next spin is on ${formatDay(calendarDay(nextMonthStart(spinMonth(Date.now(), site.timezone))))}.`;

/** Sign a new mobile in through the gate of /spin-to-win; the spin form is shown afterwards. */
async function signInToSpin(page: Page): Promise<string> {
  const phone = uniqueMobile();
  await page.goto(tenantUrl(TENANT, '/about-us'));
  await page.evaluate(() => location.assign('/spin-to-win'));
  await expect(page).toHaveURL(/\/sign-in\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('type')).toBe('spin-to-win');
  expect(url.searchParams.get('redirect')).toMatch(/^\/spin-to-win\/?$/);
  await expect(page.getByText('Sign in to spin the wheel.')).toBeVisible();
  await signInWithCode(page, TENANT, phone);
  await expect(page).toHaveURL(/\/spin-to-win\/?$/);
  await waitForForm(page, 'form.spin-to-win__form');
  return phone;
}

/** Fill the entry by keyboard and spin; the server's answer. */
async function enterAndSpin(page: Page, email: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = page.locator('form.spin-to-win__form');
  // Entering subscribes no one (docs/spin-to-win.md, Spam Act 2003): the marketing opt-in starts unticked.
  await expect(form.getByRole('checkbox', { name: 'Keep me up to date with news and offers' })).not.toBeChecked();
  await form.getByLabel('First Name').fill('Robin');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('checkbox', { name: /terms and conditions of this promotion/ }).focus();
  await page.keyboard.press('Space');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/spin-to-win' && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Spin the Wheel' }).focus();
  await page.keyboard.press('Enter');
  const response = await answer;
  expect(response.request().postDataJSON()).toMatchObject({ opt_in: false });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** The Nu HTML Checker on the page as it is now (after hydration and the spin). */
function expectValidDom(html: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'spin-dom-'));
  try {
    const file = join(dir, 'page.html');
    writeFileSync(file, html);
    let report = '';
    try {
      execFileSync('java', ['-jar', resolve('node_modules/vnu-jar/build/dist/vnu.jar'), '--errors-only', '--format', 'gnu', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      report = `${failed.stdout ?? ''}${failed.stderr ?? ''}`.trim();
    }
    expect(report).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('2.78: signed in, by keyboard, the server draws the prize, the wheel stops on it, it is announced and recorded as a lead; a second spin is refused', async ({
  page,
}) => {
  // Two axe runs and the Nu checker (a Java start) besides the spin.
  test.setTimeout(120_000);
  const phone = await signInToSpin(page);
  // Every prize of the site is listed with its chance.
  const prizes = page.getByTestId('spin-prizes').locator('li');
  await expect(prizes).toHaveCount(settings.prizes.length);
  await expect(prizes.first()).toContainText(`${settings.prizes[0]!.label}`);
  await expect(prizes.first()).toContainText('30% chance');
  await expectNoSeriousAxeViolations(page);

  const email = uniqueEmail('spin');
  const { status, body } = await enterAndSpin(page, email);
  expect(status).toBe(201);
  const prize = body.prize as { id: string; label: string };
  expect(settings.prizes.map((candidate) => candidate.id)).toContain(prize.id);

  // The wheel turns at least five times and stops with the server's prize under the pointer.
  const disc = page.locator('.spin-wheel__disc');
  await expect(disc).toHaveClass(/spin-wheel__disc--turning/);
  const rotation = Number(await disc.getAttribute('data-rotation'));
  expect(rotation).toBeGreaterThanOrEqual(5 * 360);
  const slice = segments.find((segment) => segment.id === prize.id)!;
  const under = angleUnderPointer(rotation);
  expect(under).toBeGreaterThan(slice.start);
  expect(under).toBeLessThan(slice.end);

  // Said when it stops, once: focus follows the result to its heading, which its detail describes.
  const won = page.getByRole('heading', { name: `You won ${prize.label}!` });
  await expect(won).toBeFocused({ timeout: 10_000 });
  await expect(won).toHaveAccessibleDescription(`Sunstate Motor Group has your entry and will contact you on ${phone} to arrange your prize.`);
  await expectNoSeriousAxeViolations(page);
  expectValidDom(await page.content());

  // The prize is a lead, with the signed-in number.
  const leads = leadsByEmail(TENANT, email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ id: body.lead_id, category: 'Spin to Win' });
  expect(leads[0]!.data).toMatchObject({ subcategory: prize.label, phone, name: 'Robin', custom_params: { prize_id: prize.id } });

  // A second spin this month: the page shows this month's prize, and the server refuses a spin sent anyway.
  await page.reload();
  const result = page.getByTestId('spin-result');
  await expect(result).toContainText(`This month you won ${prize.label}`);
  await expect(result).toContainText(alreadySpun());
  // Shown on load, not after a spin of the shopper's: focus is not moved to it.
  await expect(result.getByRole('heading')).not.toBeFocused();
  await expect(page.getByRole('button', { name: 'Spin the Wheel' })).toHaveCount(0);
  // A spin sent from the page anyway (as a tampered page would), naming a prize: refused, nothing drawn.
  const again = await page.evaluate(
    async (entry) => {
      const response = await fetch('/api/spin-to-win', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(entry),
      });
      return { status: response.status, body: (await response.json()) as { error: string } };
    },
    { name: 'Robin', email, terms_conditions: true, prize_id: 'service' },
  );
  expect(again.status).toBe(409);
  expect(again.body.error).toBe(alreadySpun());
  expect(leadsByEmail(TENANT, email)).toHaveLength(1);
});

test('2.78: a page opened before the month’s spin cannot spin again: the server refuses and the page says so', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signInToSpin(page);
  // A second tab of the same shopper, opened while a spin is still allowed.
  const other = await context.newPage();
  await other.goto(tenantUrl(TENANT, '/spin-to-win'));
  await waitForForm(other, 'form.spin-to-win__form');

  const email = uniqueEmail('spin-tab');
  const first = await enterAndSpin(page, email);
  expect(first.status).toBe(201);
  const prize = first.body.prize as { label: string };

  const second = await enterAndSpin(other, uniqueEmail('spin-tab-2'));
  expect(second.status).toBe(409);
  await expect(other.getByTestId('spin-result')).toContainText(`This month you won ${prize.label}`);
  await expect(other.getByTestId('spin-result')).toContainText(alreadySpun());
  expect(leadsByEmail(TENANT, email)).toHaveLength(1);
});

test('2.78: with reduced motion the wheel does not turn; the result is shown and announced at once', async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInToSpin(page);
  const { status, body } = await enterAndSpin(page, uniqueEmail('spin-still'));
  expect(status).toBe(201);
  const prize = body.prize as { id: string; label: string };
  await expect(page.getByRole('heading', { name: `You won ${prize.label}!` })).toBeFocused();
  const disc = page.locator('.spin-wheel__disc');
  // No turn: no transition, and the wheel was set straight to the prize (no extra turns).
  await expect(disc).not.toHaveClass(/spin-wheel__disc--turning/);
  expect(await disc.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0s');
  const rotation = Number(await disc.getAttribute('data-rotation'));
  expect(rotation).toBeLessThan(360);
  const slice = segments.find((segment) => segment.id === prize.id)!;
  expect(angleUnderPointer(rotation)).toBeGreaterThan(slice.start);
  expect(angleUnderPointer(rotation)).toBeLessThan(slice.end);
  // The turning style itself is off for shoppers who ask for less motion.
  expect(
    await disc.evaluate((element) => {
      element.classList.add('spin-wheel__disc--turning');
      return getComputedStyle(element).transitionDuration;
    }),
  ).toBe('0s');
});

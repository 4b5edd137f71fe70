/** Audit 9.39: promotion slides come 540 and 1920 wide (spec §9 'Promotions slider 540x1920'). */
import { expect, test } from './fixtures.ts';
import { tenantUrl } from './vehicle-helpers.ts';

for (const [width, file] of [[390, '-540w.webp'], [1920, '-1920w.webp']] as const) {
  test(`9.39: at ${width} px the promotion slide loads its ${file} image`, async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-21T10:00:00+10:00') });
    await page.addInitScript(() => sessionStorage.setItem('promo_popup_dismissed', '1'));
    await page.setViewportSize({ width, height: 900 });
    await page.goto(tenantUrl('ridgeline-toyota', '/'));
    const image = page.getByTestId('slide').locator('img.slide__image').first();
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('srcset', /-540w\.webp 540w, .*-1920w\.webp 1920w/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(Number(file.match(/\d+/)![0]));
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(file);
  });
}

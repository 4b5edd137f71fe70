/**
 * Issue 14 item 6 (audit 2.81, Spam Act): /pages/unsubscribe on a built site with the real
 * lead API. The link a delivered lead e-mail carries opens the page, one button records the
 * opt-out for that tenant; without a link the shopper types the e-mail address.
 */
import { expect, test } from './fixtures.ts';
import { emailsOf, expectNoSeriousAxeViolations, fieldMessage, optOutsOf, tenantUrl, uniqueEmail, uniqueMobile } from './forms-helpers.ts';

const TENANT = 'ridgeline-toyota';

test('2.81 the unsubscribe link in a delivered lead e-mail opts the shopper out with one button', async ({ page }) => {
  const email = uniqueEmail('unsub-link');
  const phone = uniqueMobile();
  // A lead sent from the site itself (the browser resolves *.localhost; Node's request client does not).
  await page.goto(tenantUrl(TENANT, '/pages/unsubscribe'));
  const response = await page.evaluate(async (body) => {
    const answer = await fetch('/api/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: answer.status, json: (await answer.json()) as { lead_id: string } };
  }, { name: 'Una', email, phone, postcode: '4000', location: 'penrith', message: 'Is it available?', opt_in: true });
  expect(response.status).toBe(201);
  const leadId = response.json.lead_id;
  // The outbox delivers the lead to the dealer's e-mail (the local mail adapter records it).
  let link = '';
  await expect
    .poll(
      () => {
        const mail = emailsOf(TENANT).find((body) => body.includes(leadId));
        link = /Unsubscribe link for marketing e-mails to this customer: ([^\s<]+)/.exec(mail ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .toMatch(new RegExp(`/pages/unsubscribe\\?token=${leadId}\\.`));
  const target = new URL(link.replace(/&amp;/g, '&'));
  await page.goto(tenantUrl(TENANT, `${target.pathname}${target.search}`));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form.getByRole('heading', { name: 'Unsubscribe from marketing' })).toBeVisible();
  // Opening the link changed nothing (a mail scanner opening it unsubscribes nobody).
  expect(optOutsOf(TENANT)).not.toContain(`email:${email}`);
  await form.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('unsubscribe-done')).toContainText('You have been unsubscribed. Ridgeline Toyota will not send you marketing emails or SMS any more.');
  expect(optOutsOf(TENANT)).toEqual(expect.arrayContaining([`email:${email}`, `phone:${phone}`]));
  await expectNoSeriousAxeViolations(page);
});

test('2.81 without a link the shopper types an e-mail address; an empty form says what is missing', async ({ page }) => {
  await page.goto(tenantUrl(TENANT, '/pages/unsubscribe'));
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form.getByRole('heading', { name: 'Unsubscribe by email or mobile' })).toBeVisible();
  await form.getByRole('button', { name: 'Unsubscribe' }).click();
  const emailField = form.getByLabel('Email Address');
  expect(await fieldMessage(emailField)).toBe('Please enter the email address or mobile number you want to unsubscribe.');
  await expect(emailField).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  const email = uniqueEmail('unsub-typed');
  await emailField.fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('unsubscribe-done')).toContainText('You have been unsubscribed.');
  expect(optOutsOf(TENANT)).toContain(`email:${email}`);
});

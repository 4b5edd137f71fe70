/**
 * Helpers of the forms browser tests (tests/e2e/forms-*.spec.ts): tenant URLs, reading
 * the leads the API stored (straight from its SQLite file), axe checks and keyboard moves.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { axeBuilder } from './axe.ts';
import { expect, type Locator, type Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4455);

/** Fill the shared contact fields (First Name, Last Name when given, Email, Phone, Postcode) of a form or dialog, in that order. */
export async function fillContact(form: Locator, values: { name: string; email: string; phone: string; postcode: string; lastName?: string }): Promise<void> {
  await form.getByLabel('First Name').fill(values.name);
  if (values.lastName) await form.getByLabel('Last Name').fill(values.lastName);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(values.email);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill(values.phone);
  await form.getByLabel('Postcode').fill(values.postcode);
}

/** With the focus on First Name: type the name, Tab past Last Name, then type the Email, Phone and Postcode, Tab between them. */
export async function typeContact(page: Page, values: { name: string; email: string; phone: string; postcode: string }): Promise<void> {
  await page.keyboard.type(values.name);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type(values.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(values.phone);
  await page.keyboard.press('Tab');
  await page.keyboard.type(values.postcode);
}

/** Absolute URL of a path on a tenant's host. */
export function tenantUrl(slug: string, path: string): string {
  return `http://${slug}.localhost:${port}${path}`;
}

/** The lead API's SQLite file of the browser tests (FORMS_E2E_DB, SQLITE_FILE or the first *.sqlite under DATA_DIR). */
function databaseFile(): string {
  const explicit = process.env.FORMS_E2E_DB ?? process.env.SQLITE_FILE;
  if (explicit) return resolve(explicit);
  const dir = resolve(process.env.DATA_DIR ?? 'data/e2e');
  const file = existsSync(dir) ? readdirSync(dir).find((name) => name.endsWith('.sqlite')) : undefined;
  if (!file) throw new Error(`no lead database found in ${dir}`);
  return join(dir, file);
}

/** A stored lead as the tests read it. */
export interface StoredLeadRow {
  id: string;
  category: string;
  car_id: string | null;
  dealership_slug: string | null;
  email: string | null;
  form_completed: boolean;
  offer_accepted: boolean;
  data: Record<string, unknown>;
}

/** Leads of a tenant whose e-mail (or data e-mail) is `email`, newest last. */
export function leadsByEmail(tenant: string, email: string): StoredLeadRow[] {
  const db = new DatabaseSync(databaseFile(), { readOnly: true });
  try {
    const rows = db.prepare('SELECT id, category, car_id, dealership_slug, email, form_completed, offer_accepted, data FROM leads WHERE tenant = ? ORDER BY created_at, id').all(tenant) as Record<string, unknown>[];
    return rows
      .map((row) => ({
        id: String(row.id),
        category: String(row.category),
        car_id: (row.car_id as string | null) ?? null,
        dealership_slug: (row.dealership_slug as string | null) ?? null,
        email: (row.email as string | null) ?? null,
        form_completed: Number(row.form_completed) === 1,
        offer_accepted: Number(row.offer_accepted) === 1,
        data: JSON.parse(String(row.data)) as Record<string, unknown>,
      }))
      .filter((lead) => lead.email === email || lead.data['Email Address'] === email || lead.data.email === email);
  } finally {
    db.close();
  }
}

/** A trade-in evaluation as stored (km and offer price), or undefined. */
export function evaluationOf(tenant: string, id: string): { km: number | null; offer_price: number | null } | undefined {
  const db = new DatabaseSync(databaseFile(), { readOnly: true });
  try {
    const row = db.prepare('SELECT km, offer_price FROM evaluations WHERE tenant = ? AND id = ?').get(tenant, id) as { km: number | null; offer_price: number | null } | undefined;
    return row ? { km: row.km === null ? null : Number(row.km), offer_price: row.offer_price === null ? null : Number(row.offer_price) } : undefined;
  } finally {
    db.close();
  }
}

/** SMS messages the local adapter recorded for a phone, newest first. */
export function smsTo(tenant: string, phone: string): string[] {
  const db = new DatabaseSync(databaseFile(), { readOnly: true });
  try {
    const rows = db.prepare("SELECT body FROM messages WHERE tenant = ? AND channel = 'sms' AND recipient = ? ORDER BY created_at DESC").all(tenant, phone) as { body: string }[];
    return rows.map((row) => row.body);
  } finally {
    db.close();
  }
}

/** E-mails the local mail adapter recorded for a tenant (lead deliveries to the dealer), newest first. */
export function emailsOf(tenant: string): string[] {
  const db = new DatabaseSync(databaseFile(), { readOnly: true });
  try {
    const rows = db.prepare("SELECT body FROM messages WHERE tenant = ? AND channel = 'email' ORDER BY created_at DESC").all(tenant) as { body: string }[];
    return rows.map((row) => row.body);
  } finally {
    db.close();
  }
}

/** Marketing opt-outs recorded for a tenant (2.81): 'email:x@y' / 'phone:04...'. */
export function optOutsOf(tenant: string): string[] {
  const db = new DatabaseSync(databaseFile(), { readOnly: true });
  try {
    const rows = db.prepare('SELECT kind, contact FROM marketing_opt_outs WHERE tenant = ?').all(tenant) as { kind: string; contact: string }[];
    return rows.map((row) => `${row.kind}:${row.contact}`);
  } finally {
    db.close();
  }
}

/** A unique e-mail per test, so leads of parallel tests never mix. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Wait until the form island holding `inside` is hydrated (interactive). */
export async function waitForForm(page: Page, selector = 'form.dealer-form'): Promise<Locator> {
  const form = page.locator(`${selector}[data-hydrated="true"]`).first();
  await expect(form).toBeVisible();
  return form;
}

/** No serious or critical axe violations in `include` (default the whole page). */
export async function expectNoSeriousAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = axeBuilder(page);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Press Tab until `target` has focus (keyboard-only journeys); fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let press = 0; press < max; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} with Tab`);
}

/** The message shown beside a field (through aria-describedby). */
export async function fieldMessage(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const texts: string[] = [];
  for (const id of ids.split(/\s+/).filter(Boolean)) texts.push((await field.page().locator(`[id="${id}"]`).innerText()).trim());
  return texts.join(' ');
}

/** Car ids on a phone's watchlist, as the API stored them. */
export function watchlistOf(tenant: string, phone: string): string[] {
  const db = new DatabaseSync(databaseFile(), { readOnly: true });
  try {
    const rows = db.prepare('SELECT car_id FROM watchlist WHERE tenant = ? AND phone = ? ORDER BY car_id').all(tenant, phone) as { car_id: string }[];
    return rows.map((row) => String(row.car_id));
  } finally {
    db.close();
  }
}

/** A mobile number no other test uses (sign-in codes are rate limited per number). */
export function uniqueMobile(): string {
  // Time and a random part: parallel workers must not share a number (codes are per number).
  return `04${String(Date.now() % 100_000).padStart(5, '0')}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

/** Rows the API stored through POST /api/miscellaneous for a lead. */
export function miscellaneousOf(tenant: string, leadId: string): { column_name: string; data: Record<string, unknown> }[] {
  const db = new DatabaseSync(databaseFile(), { readOnly: true });
  try {
    const rows = db.prepare('SELECT column_name, data FROM miscellaneous WHERE tenant = ? AND lead_id = ? ORDER BY created_at').all(tenant, leadId) as { column_name: string; data: string }[];
    return rows.map((row) => ({ column_name: String(row.column_name), data: JSON.parse(String(row.data)) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}

/** Sign in on the /sign-in page that is open, reading the one-time code the local SMS adapter recorded. */
export async function signInWithCode(page: Page, tenant: string, phone: string): Promise<void> {
  const form = page.locator('form.dealer-form[data-hydrated="true"]');
  await expect(form).toBeVisible();
  await form.getByLabel('Mobile Number').fill(phone);
  await form.getByRole('button', { name: 'Send Code' }).click();
  await expect(form.getByLabel('6-digit code')).toBeVisible();
  const code = /(\d{6})/.exec(smsTo(tenant, phone)[0] ?? '')?.[1];
  expect(code, 'the sign-in SMS holds a 6-digit code').toBeDefined();
  await form.getByLabel('6-digit code').fill(code!);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

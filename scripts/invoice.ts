/**
 * The dealer's invoice command (docs/payments.md, security finding N4): /online-payment pays
 * only an invoice issued here, for its exact amount, once.
 *
 *   npm run invoice -- --tenant <slug> --reference <invoice number> --amount <dollars> [--days 30]
 *   npm run invoice -- --tenant <slug> --list
 *   npm run invoice -- --tenant <slug> --withdraw <invoice number>
 *
 * Issuing an unpaid invoice again changes its amount (not while a card is being paid on it; a
 * PaymentIntent at the old amount that has taken no card is cancelled) and validity. Reads the API's settings (database, TENANTS_DIR, the Stripe variables; docs/lead-api.md);
 * the start it shares with the refund command is src/server/payments-command.ts.
 */
import { parseArgs } from 'node:util';
import { onlinePaymentLimitCents } from '../src/lib/forms/online-payment.ts';
import { amountCents, isSlug, runPaymentsCommand, stop } from '../src/server/payments-command.ts';
import { centsMoney } from '../src/lib/text/format.ts';

const usage =
  'usage: npm run invoice -- --tenant <slug> (--list | --withdraw <invoice number> | --reference <invoice number> --amount <dollars> [--days <1-365>])';
const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    list: { type: 'boolean', default: false },
    withdraw: { type: 'string' },
    reference: { type: 'string' },
    amount: { type: 'string' },
    days: { type: 'string', default: '30' },
  },
});
if (!isSlug(values.tenant)) stop(usage);
if (!values.list && !values.withdraw && !(values.reference && values.amount)) stop(usage);
const reference = values.reference ?? values.withdraw;
if (reference !== undefined && !/^[A-Za-z0-9][A-Za-z0-9 /_.-]{0,39}$/.test(reference))
  stop(`the invoice number "${reference}" must be 1-40 letters, digits, spaces or / _ . - (as the shopper types it on /online-payment)`);
let cents = 0;
if (values.amount !== undefined) {
  cents = amountCents(values.amount, '350 or 350.25');
  if (cents < 100) stop(`--amount must be at least 1.00 (the least /online-payment takes), got "${values.amount}"`);
}
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 365) stop(`--days expects a whole number of days from 1 to 365, got "${values.days}"`);

await runPaymentsCommand('invoice', values.tenant, async ({ tenant, payments }) => {
  if (values.list) {
    const invoices = await payments.invoices(tenant.slug);
    for (const invoice of invoices) {
      const state = invoice.paid_payment_id
        ? `paid (payment ${invoice.paid_payment_id})`
        : invoice.expires_at <= Date.now()
          ? 'expired'
          : `open until ${new Date(invoice.expires_at).toISOString()}`;
      console.log(`${invoice.reference.padEnd(20)} ${centsMoney(invoice.amount_cents).padStart(12)}  ${state}`);
    }
    if (invoices.length === 0) console.log('no invoices');
  } else if (values.withdraw) {
    if (!(await payments.withdrawInvoice(tenant.slug, values.withdraw))) stop(`no unpaid invoice ${values.withdraw} for ${tenant.slug} (--list shows them)`, 1);
    console.log(`withdrew invoice ${values.withdraw}`);
  } else {
    const max = tenant.site.payments.online_payment_max;
    if (cents > onlinePaymentLimitCents(max))
      stop(
        `--amount ${centsMoney(cents)} is more than this site's online_payment_max (${centsMoney(onlinePaymentLimitCents(max))}): /online-payment would refuse it`,
      );
    const expiresAt = Date.now() + days * 86_400_000;
    await payments.issueInvoice(tenant.slug, { reference: reference!, amountCents: cents, expiresAt });
    console.log(`invoice ${reference} for ${centsMoney(cents)} can be paid on /online-payment until ${new Date(expiresAt).toISOString()}`);
  }
});

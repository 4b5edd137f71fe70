/**
 * The dealer's refund command (docs/payments.md):
 *
 *   npm run refund -- --tenant <slug> --list [--car <car id>]
 *   npm run refund -- --tenant <slug> (--payment <payment id> | --reference <pi_...> | --car <car id>)
 *                     [--amount <dollars>] [--reason "<text>"]
 *
 * Refunds a paid deposit or online payment through the provider (in full, or --amount), records
 * it, releases the car and sends the dealer the updated lead; a payment still being paid is
 * cancelled and its hold released instead. Reads the lead API's settings (docs/lead-api.md);
 * the start it shares with the invoice command is src/server/payments-command.ts.
 */
import { parseArgs } from 'node:util';
import type { PaymentRow } from '../src/server/features/payments/payments.ts';
import { amountCents, isSlug, runPaymentsCommand, stop } from '../src/server/payments-command.ts';
import { centsMoney } from '../src/lib/text/format.ts';
import { configuredStockSource } from '../src/pipeline/state/stock-source.ts';

const usage =
  'usage: npm run refund -- --tenant <slug> (--list | --payment <id> | --reference <pi_...> | --car <car id>) [--amount <dollars>] [--reason "<text>"]';
const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    list: { type: 'boolean', default: false },
    payment: { type: 'string' },
    reference: { type: 'string' },
    car: { type: 'string' },
    amount: { type: 'string' },
    reason: { type: 'string', default: 'refunded by the dealer' },
  },
});
if (!isSlug(values.tenant)) stop(usage);
if (!values.list && !values.payment && !values.reference && !values.car) stop(usage);
const cents = values.amount === undefined ? undefined : amountCents(values.amount, '100 or 99.50');
const line = (payment: PaymentRow) =>
  `${payment.id}  ${payment.kind.padEnd(14)} ${payment.status.padEnd(18)} ${centsMoney(payment.amount_cents).padStart(10)}  car ${payment.car_id ?? '-'}  ${payment.provider_ref ?? '-'}  ${new Date(payment.created_at).toISOString()}${payment.refunded_cents ? `  refunded ${centsMoney(payment.refunded_cents)}` : ''}`;

await runPaymentsCommand(
  'refund',
  values.tenant,
  async ({ tenant, payments }) => {
    const found = await payments.list(tenant.slug, { id: values.payment, ref: values.reference, carId: values.car });
    if (values.list) {
      for (const payment of found) console.log(line(payment));
      if (found.length === 0) console.log('no payments');
      return;
    }
    // By car: the car's paid payment, else the one still holding it.
    const target =
      found.find((payment) => ['paid', 'partially_refunded', 'conflict'].includes(payment.status)) ?? found.find((payment) => payment.status === 'pending');
    if (!target) stop(`nothing to refund: no paid or pending payment matches (${found.length} payments found; --list shows them)`, 1);
    if (target.status === 'pending') {
      await payments.release(tenant, target.id);
      console.log(`cancelled payment ${target.id} (not paid yet) and released the car's hold`);
    } else {
      const refund = await payments.refund(tenant, target.id, cents, values.reason!);
      if (refund.refund === null)
        console.log(
          `payment ${target.id} (${target.provider_ref}) was refunded in full already at Stripe (its dashboard): recorded refunded, nothing refunded again`,
        );
      else
        console.log(`refunded ${centsMoney(refund.amountCents)} of payment ${target.id} (${target.provider_ref}): refund ${refund.refund}, ${refund.status}`);
    }
  },
  // With STOCK_FROM_STATE the overlay is the pipeline state's, where the lead API wrote the reservation.
  (config) => configuredStockSource(config).catch((error: Error) => stop(`could not read the pipeline state: ${error.message}`, 1)),
);

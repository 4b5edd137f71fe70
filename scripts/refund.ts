/**
 * The dealer's refund command (docs/payments.md):
 *
 *   npm run refund -- --tenant <slug> --list [--car <car id>]
 *   npm run refund -- --tenant <slug> (--payment <payment id> | --reference <pi_...> | --car <car id>)
 *                     [--amount <dollars>] [--reason "<text>"]
 *
 * Refunds a paid deposit or online payment through the provider (in full, or --amount), records
 * it, releases the car and sends the dealer the updated lead; a payment still being paid is
 * cancelled and its hold released instead. Reads the lead API's settings (docs/lead-api.md).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config/server.ts';
import { openDatabase } from '../src/server/database.ts';
import { Payments, type PaymentRow } from '../src/server/features/payments/payments.ts';
import { openStores } from '../src/server/stores.ts';
import { configuredStockSource } from '../src/pipeline/state/stock-source.ts';
import { TenantRegistry } from '../src/server/kernel/tenants.ts';

const usage = 'usage: npm run refund -- --tenant <slug> (--list | --payment <id> | --reference <pi_...> | --car <car id>) [--amount <dollars>] [--reason "<text>"]';
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
const stop = (message: string, code = 2): never => {
  console.error(message);
  process.exit(code);
};
if (!values.tenant || !/^[a-z0-9-]+$/.test(values.tenant)) stop(usage);
if (!values.list && !values.payment && !values.reference && !values.car) stop(usage);
let cents: number | undefined;
if (values.amount !== undefined) {
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(values.amount)) stop(`--amount expects dollars and cents such as 100 or 99.50, got "${values.amount}"`);
  cents = Math.round(Number(values.amount) * 100);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  stop(error instanceof ConfigError ? error.message : String(error));
}
const db = await openDatabase(config!.database);
const stores = openStores(db);
const tenants = new TenantRegistry({ tenantsDir: config!.tenantsDir });
tenants.reload();
const log = { info: () => undefined, warn: (object: object) => console.error(JSON.stringify(object)), error: (object: object) => console.error(JSON.stringify(object)) };
// With STOCK_FROM_STATE the overlay is the pipeline state's, where the lead API wrote the reservation.
const reservations = await configuredStockSource(config!).catch((error: Error) => stop(`could not read the pipeline state: ${error.message}`, 1));
const payments = new Payments({ db, leads: stores.leads, tenants, tenantsDir: config!.tenantsDir, now: Date.now, kick: () => undefined, log }, { reservations });
const money = (amount: number) => `$${(amount / 100).toFixed(2)}`;
const line = (payment: PaymentRow) =>
  `${payment.id}  ${payment.kind.padEnd(14)} ${payment.status.padEnd(18)} ${money(payment.amount_cents).padStart(10)}  car ${payment.car_id ?? '-'}  ${payment.provider_ref ?? '-'}  ${new Date(payment.created_at).toISOString()}${payment.refunded_cents ? `  refunded ${money(payment.refunded_cents)}` : ''}`;

try {
  const tenant = tenants.get(values.tenant!) ?? stop(`unknown tenant "${values.tenant}" in ${config!.tenantsDir}`);
  const found = await payments.list(tenant.slug, { id: values.payment, ref: values.reference, carId: values.car });
  if (values.list) {
    for (const payment of found) console.log(line(payment));
    if (found.length === 0) console.log('no payments');
  } else {
    // By car: the car's paid payment, else the one still holding it.
    const target = found.find((payment) => ['paid', 'partially_refunded', 'conflict'].includes(payment.status)) ?? found.find((payment) => payment.status === 'pending');
    if (!target) stop(`nothing to refund: no paid or pending payment matches (${found.length} payments found; --list shows them)`, 1);
    if (target!.status === 'pending') {
      await payments.release(tenant, target!.id);
      console.log(`cancelled payment ${target!.id} (not paid yet) and released the car's hold`);
    } else {
      const refund = await payments.refund(tenant, target!.id, cents, values.reason!);
      console.log(`refunded ${money(refund.amountCents)} of payment ${target!.id} (${target!.provider_ref}): refund ${refund.refund}, ${refund.status}`);
    }
  }
} catch (error) {
  console.error(`refund failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await reservations?.state.close();
  await db.close();
}

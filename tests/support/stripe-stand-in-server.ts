/**
 * The Stripe stand-in as a process, for the browser tests (playwright.config.ts starts it):
 *   node tests/support/stripe-stand-in-server.ts --port <port> --webhook <url with {tenant}> --secret <whsec_...>
 * It posts each event, signed, to the lead API's webhook URL as Stripe would.
 */
import { parseArgs } from 'node:util';
import { startStripeStandIn } from './stripe-stand-in.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, webhook: { type: 'string' }, secret: { type: 'string' } } });
const standIn = await startStripeStandIn({ port: Number(values.port ?? 0), webhookUrl: values.webhook, webhookSecret: values.secret });
console.log(`Stripe stand-in on ${standIn.url} (webhooks to ${values.webhook ?? 'nowhere'})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void standIn.close().then(() => process.exit(0)));

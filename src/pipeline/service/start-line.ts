/**
 * npm start's first line (scripts/start.ts): nothing listens while it publishes, so it says
 * what it does and how long a first run takes; each tenant is then said by its `release` line.
 */
import { parseTrustProxy } from '../../config/server.ts';

export function startLine(options: { tenants: number; published: number; sites: string }): string {
  const { tenants, published, sites } = options;
  const noun = tenants === 1 ? 'tenant' : 'tenants';
  const saidEach = '(a release line says each tenant as it is published)';
  if (published >= tenants) return `npm start: bringing ${tenants} published ${noun} in ${sites}/ up to date before serving (seconds when nothing changed)`;
  if (published === 0)
    return `npm start: publishing ${tenants} ${noun} into ${sites}/ before serving; a first run builds every tenant and can take minutes ${saidEach}`;
  return `npm start: publishing ${tenants} ${noun} into ${sites}/ before serving; ${tenants - published} not yet published ${tenants - published === 1 ? 'is' : 'are'} built first, which can take minutes ${saidEach}`;
}

/** A live Stripe key, secret or restricted, the site's or a tenant's own (STRIPE_SECRET_KEY, STRIPE_SECRET_KEY_<SLUG>). */
const liveStripeKey = (env: Record<string, string | undefined>) =>
  Object.entries(env).some(([name, value]) => name.startsWith('STRIPE_SECRET_KEY') && /^[sr]k_live_/.test(value ?? ''));

/** Hosts only this machine reaches. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * With the local message adapters (no SMS or e-mail provider; never in production), npm start
 * turns the dev message log on (DEV_MESSAGES, docs/lead-api.md) so a sign-in code can be read,
 * and says where; undefined otherwise, when DEV_MESSAGES is set off, or where other machines
 * reach the server (HOST not loopback, a trusted proxy, a live Stripe key): the log would hand
 * them every shopper's sign-in code.
 */
export function localMessages(env: Record<string, string | undefined>, port: number | string): { env: Record<string, string>; line: string } | undefined {
  if (env.NODE_ENV === 'production' || env.SMS_API_URL || env.MAIL_API_URL) return undefined;
  if ((env.HOST !== undefined && !LOOPBACK.has(env.HOST.trim())) || parseTrustProxy(env.TRUST_PROXY) !== false || liveStripeKey(env)) return undefined;
  if (env.DEV_MESSAGES !== undefined && !/^(1|true|yes|on)$/i.test(env.DEV_MESSAGES.trim())) return undefined;
  return {
    env: { DEV_MESSAGES: 'true' },
    line: `sign-in codes and e-mails are not sent (no SMS_API_URL / MAIL_API_URL): read them at http://<slug>.localhost:${port}/api/dev/messages?to=<phone or e-mail>`,
  };
}

/**
 * The one production check every process runs at start (the lead API in loadConfig; the
 * pipeline, the edge and each operator command through `checkProduction`): with
 * NODE_ENV=production it refuses to start (ConfigError, exit code 2) naming each unsafe setting:
 * stand-in credentials, plain-http endpoints (`http:`, `redis://`, a database URL without TLS; allowed
 * only with PRIVATE_NETWORK_PLAIN_HTTP=true to a private-network host), databases without a
 * password, the outbound guard's off-switches, test-service overrides, low-entropy secrets
 * (secret-strength.ts); and per process the lead API's required settings and the pipeline's
 * operator page on a port of its own. docs/security.md (NEW-4) lists each rule.
 */
import { isIP } from 'node:net';
import { isPrivateAddress } from '../platform/net/outbound.ts';
import { configError, environment, type Environment } from './env.ts';
import { weakSecretProblem } from './secret-strength.ts';

/**
 * The process whose start is checked: its own rules come on top of the shared ones. 'command':
 * an operator command run with the production settings (rollback, refund, outbox, purge ...):
 * the shared rules only, as it serves nothing.
 */
export type ProcessRole = 'api' | 'pipeline' | 'edge' | 'command';

/** Credentials of the local stand-ins (scripts/lib/s3-server.ts, a default MinIO). */
const STAND_IN_KEYS = new Set(['s3rver', 'minioadmin']);

/** sslmode values with which node-postgres connects over TLS (it has no fallback to plain text). */
const TLS_SSLMODES = new Set(['prefer', 'require', 'verify-ca', 'verify-full', 'no-verify']);

/**
 * Whether node-postgres connects to `url` over TLS, as pg-connection-string reads it: the URL's
 * sslmode (`allow`, plain text first in libpq, is not taken for TLS), ssl, a certificate or
 * direct TLS negotiation; else PGSSLMODE (read only when the URL says nothing of TLS).
 */
function databaseTls(url: URL, pgSslMode: string | undefined): boolean {
  const query = url.searchParams;
  const sslmode = query.get('sslmode');
  if (sslmode !== null) return TLS_SSLMODES.has(sslmode);
  const ssl = query.get('ssl');
  if (ssl !== null) return ssl === 'true' || ssl === '1';
  if (['sslcert', 'sslkey', 'sslrootcert'].some((name) => query.has(name)) || query.get('sslnegotiation') === 'direct') return true;
  return pgSslMode !== undefined && TLS_SSLMODES.has(pgSslMode);
}

/** Endpoints read as URLs by some process: plain http is refused outside a private network. */
const ENDPOINTS = [
  'S3_ENDPOINT',
  'MEILI_ADMIN_HOST',
  'SMS_API_URL',
  'MAIL_API_URL',
  'VALUATION_API_URL',
  'FINANCE_QUOTE_API_URL',
  'PRICE_COMPARISON_API_URL',
  'DELIVERY_API_URL',
  'APPOINTMENTS_API_URL',
] as const;

/** Variables that point a process at a test service or switch on a test aid. */
const TEST_OVERRIDES: Record<string, (value: string) => boolean> = {
  STRIPE_API_URL: () => true,
  CLOUDFRONT_ENDPOINT: () => true,
  CLOUDFLARE_API_BASE: () => true,
  PUBLIC_PAYMENT_CLIENT: (value) => value === 'stand-in',
  DEV_MESSAGES: (value) => /^(1|true|yes|on)$/i.test(value.trim()),
};

/** The outbound-address guard's off-switches. */
const GUARD_OFF_SWITCHES: Record<string, (value: string) => boolean> = {
  DEALER_PHOTO_ALLOW_PRIVATE: (value) => value.trim() !== '' && !/^(0|false|no|off)$/i.test(value.trim()),
  LEAD_DELIVERY_ALLOW_PRIVATE: (value) => /^(1|true|yes|on)$/i.test(value.trim()),
};

/** Secrets the platform itself checks, with the random characters each asks for. */
const SECRETS: { match: (name: string) => boolean; minLength: number }[] = [
  { match: (name) => name === 'SIGN_IN_SECRET', minLength: 16 },
  { match: (name) => name === 'API_OPERATOR_TOKEN' || name === 'PIPELINE_OPERATOR_TOKEN', minLength: 32 },
  { match: (name) => /^FEED_SECRET_[A-Z0-9_]+$/.test(name) || /^LEAD_DELIVERY_SECRET_[A-Z0-9_]+$/.test(name), minLength: 16 },
];

const PRIVATE_NAME = /(^[a-z0-9-]+$)|\.(internal|local|lan|home\.arpa|svc|cluster\.local)$/i;

/** Whether a host only exists on a private network (a private or loopback address, or an internal name). */
export function isPrivateNetworkHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return isPrivateAddress(host);
  return host === 'localhost' || PRIVATE_NAME.test(host);
}

const on = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

/** Each unsafe setting of a production environment for `role` ("NAME: why"); empty outside production. */
export function productionProblems(role: ProcessRole, env: Environment = environment()): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const set = (name: string) => {
    const value = env[name];
    return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
  };
  const privateHttp = on(env.PRIVATE_NETWORK_PLAIN_HTTP);
  const plainAllowed = (host: string) => privateHttp && isPrivateNetworkHost(host);
  const plainHint = 'use TLS, or set PRIVATE_NETWORK_PLAIN_HTTP=true when the host is on a private network';

  for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
    const value = set(name);
    if (value && STAND_IN_KEYS.has(value.toLowerCase()))
      problems.push(
        `${name}: the local stand-in's credential (${value}) in production; give the bucket's own keys (docs/deploy.md "Bucket credentials per role")`,
      );
  }
  for (const name of ENDPOINTS) {
    const value = set(name);
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue; // each area's own schema names a malformed URL
    }
    if (url.protocol === 'http:' && !plainAllowed(url.hostname)) problems.push(`${name}: plain http (${url.host}) in production; ${plainHint}`);
  }
  const database = set('DATABASE_URL');
  if (database) {
    try {
      const url = new URL(database);
      if (!url.password)
        problems.push('DATABASE_URL: no password in production (a database anyone on the network can open); give the role a generated password');
      if (url.searchParams.get('sslmode') === 'disable' && !plainAllowed(url.hostname))
        problems.push(`DATABASE_URL: sslmode=disable in production; ${plainHint}`);
      else if (!databaseTls(url, set('PGSSLMODE')) && !plainAllowed(url.hostname))
        problems.push(`DATABASE_URL: no TLS in production (node-postgres connects in plain text unless told: add ?sslmode=verify-full); ${plainHint}`);
    } catch {
      // the area's schema names it
    }
  }
  const redis = set('REDIS_URL');
  if (redis) {
    try {
      const url = new URL(redis);
      if (!url.password) problems.push('REDIS_URL: no password in production (redis://:<password>@host:6379, Redis requirepass or an ACL user)');
      if (url.protocol === 'redis:' && !plainAllowed(url.hostname))
        problems.push(
          `REDIS_URL: plain redis:// in production; use rediss:// (TLS), or set PRIVATE_NETWORK_PLAIN_HTTP=true when the host is on a private network`,
        );
    } catch {
      // the area's schema names it
    }
  }
  for (const [name, isOn] of Object.entries(GUARD_OFF_SWITCHES)) {
    const value = set(name);
    if (value && isOn(value))
      problems.push(`${name}: switches the outbound-address guard off (fetches from loopback and private addresses); never in production`);
  }
  for (const [name, isOn] of Object.entries(TEST_OVERRIDES)) {
    const value = set(name);
    if (value && isOn(value)) problems.push(`${name}: a test-service override; never in production`);
  }
  for (const [name, value] of Object.entries(env)) {
    const rule = SECRETS.find((entry) => entry.match(name));
    if (!rule || value === undefined || value === '') continue;
    if (value.length < rule.minLength) {
      problems.push(`${name}: expected at least ${rule.minLength} random characters (got ${value.length})`);
      continue;
    }
    const weak = weakSecretProblem(value, rule.minLength);
    if (weak) problems.push(`${name}: ${weak}`);
  }

  if (role === 'api') {
    if (!set('SIGN_IN_SECRET'))
      problems.push('SIGN_IN_SECRET: required in production (at least 16 random characters; keys sign-in code hashes and photo links)');
    if (!set('MAIL_API_URL'))
      problems.push('MAIL_API_URL: required in production (the mail transport that delivers e-mail leads; without it leads would only be recorded locally)');
    if (!set('SMS_API_URL')) problems.push('SMS_API_URL: required in production (the SMS transport for sign-in codes and trade-in texts)');
    const trustProxy = set('TRUST_PROXY');
    if (trustProxy === undefined)
      problems.push(
        "TRUST_PROXY: required in production (the load balancer addresses or CIDR ranges, e.g. 10.0.0.0/8, or 'none' when clients connect directly)",
      );
    else if (/^(true|on|1)$/i.test(trustProxy))
      problems.push('TRUST_PROXY: in production give the list of proxy addresses or CIDR ranges, not true (true believes any client X-Forwarded-For)');
  }
  if (role === 'pipeline' && set('PIPELINE_OPERATOR_TOKEN') && !set('PIPELINE_OPERATOR_PORT')) {
    problems.push(
      'PIPELINE_OPERATOR_PORT: required in production with PIPELINE_OPERATOR_TOKEN (keeps the operator page off the public feed-webhook port; bound to PIPELINE_OPERATOR_HOST, default 127.0.0.1)',
    );
  }
  return problems;
}

const AREAS: Record<ProcessRole, string> = { api: 'lead API', pipeline: 'pipeline', edge: 'edge', command: 'operator command' };

/** Throws a ConfigError naming each unsafe production setting of `role` (nothing outside production). */
export function checkProduction(role: ProcessRole, env: Environment = environment()): void {
  const problems = productionProblems(role, env);
  if (problems.length > 0) throw configError(AREAS[role], problems);
}

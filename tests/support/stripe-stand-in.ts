/**
 * A local stand-in for the parts of Stripe's HTTP API the payments module uses (issue 16):
 * PaymentIntents (create with Idempotency-Key, retrieve, cancel, list by creation time, search by
 * metadata, confirm as Stripe.js does with the publishable key and client secret), refunds (create,
 * list by PaymentIntent). The lead API's own `stripe` client is pointed at it (STRIPE_API_URL -> host/port/protocol). Events are signed with the
 * library's own test-header helper (stripe.webhooks.generateTestHeaderString), so the
 * server verifies them exactly as it verifies Stripe's.
 *
 * Test cards on confirm (as Stripe's test mode): 4242424242424242 pays, 4000000000000002
 * is declined. With `webhookUrl` set the stand-in posts each event there itself (browser
 * tests); otherwise tests take the signed events with `signedEvent()` and post them.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  receipt_email: string | null;
  last_payment_error: { message: string; code: string } | null;
  latest_charge: string | null;
  amount_received: number;
  created: number;
}

export interface SignedEvent {
  id: string;
  type: string;
  payload: string;
  header: string;
}

export interface StripeStandIn {
  url: string;
  port: number;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  intents: Map<string, StandInIntent>;
  /** Requests seen: method, path and the Idempotency-Key. */
  requests: { method: string; path: string; idempotencyKey?: string }[];
  /** Mark an intent paid (the shopper's card went through) and return the signed event. */
  pay(id: string): SignedEvent;
  /** Decline the card on an intent and return the signed event. */
  decline(id: string): SignedEvent;
  /** A signed event of the given type for the intent's current state (e.g. to replay or to sign with another secret). */
  signedEvent(type: string, id: string, options?: { secret?: string; timestamp?: number }): SignedEvent;
  /** Events delivered to webhookUrl (browser tests) and the answers. */
  delivered: { type: string; status: number }[];
  /**
   * Faults to switch on, until switched off: `refunds` answers every refund request 500 (Stripe failing), `search` every
   * search 400 (an account without the Search API, as in India), `searchStale` every search with no results (its index lagging).
   */
  faults: { refunds: boolean; search: boolean; searchStale: boolean };
  close(): Promise<void>;
}

/** Parse Stripe's form encoding: a[b]=c&d=e -> { a: { b: 'c' }, d: 'e' }. */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

/** A quoted value of Stripe's search query language, its backslash escapes undone. */
const unquote = (text: string) => text.replace(/\\(.)/g, '$1');

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startStripeStandIn(options: { port?: number; webhookUrl?: string; webhookSecret?: string } = {}): Promise<StripeStandIn> {
  const secretKey = 'sk_test_standin';
  const publishableKey = 'pk_test_standin';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const signer = new Stripe(secretKey);
  const intents = new Map<string, StandInIntent>();
  const refunds = new Map<string, { id: string; amount: number; payment_intent: string }>();
  const faults = { refunds: false, search: false, searchStale: false };
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: StripeStandIn['requests'] = [];
  const delivered: StripeStandIn['delivered'] = [];

  const refundedOf = (intentId: string) => [...refunds.values()].filter((refund) => refund.payment_intent === intentId).reduce((sum, refund) => sum + refund.amount, 0);

  /** The intent's charge as Stripe shows it (its amount and the total refunded so far). */
  const chargeOf = (intent: StandInIntent) => ({
    id: intent.latest_charge,
    object: 'charge',
    amount: intent.amount,
    amount_refunded: refundedOf(intent.id),
    refunded: refundedOf(intent.id) >= intent.amount,
    currency: intent.currency,
    payment_intent: intent.id,
    metadata: intent.metadata,
  });

  const signedEvent = (type: string, intentId: string, extra: { secret?: string; timestamp?: number } = {}): SignedEvent => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`stand-in: no intent ${intentId}`);
    const object = type === 'charge.refunded' ? chargeOf(intent) : { ...intent };
    const eventId = id('evt');
    const payload = JSON.stringify({ id: eventId, object: 'event', api_version: '2026-01-01', created: Math.floor(Date.now() / 1000), type, livemode: false, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: extra.secret ?? webhookSecret, ...(extra.timestamp ? { timestamp: extra.timestamp } : {}) });
    return { id: eventId, type, payload, header };
  };

  /** Post an event to webhookUrl ('{tenant}' is replaced by the intent's metadata.tenant), retrying as Stripe does. */
  const deliver = async (event: SignedEvent, intentId: string) => {
    if (!options.webhookUrl) return;
    const target = options.webhookUrl.replace('{tenant}', intents.get(intentId)?.metadata.tenant ?? '');
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header }, body: event.payload });
        delivered.push({ type: event.type, status: response.status });
        if (response.ok) return;
      } catch {
        /* retried below, as Stripe retries */
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  };

  const pay = (intentId: string) => {
    const intent = intents.get(intentId)!;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = id('ch');
    intent.last_payment_error = null;
    return signedEvent('payment_intent.succeeded', intentId);
  };
  const decline = (intentId: string) => {
    const intent = intents.get(intentId)!;
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { message: 'Your card was declined.', code: 'card_declined' };
    return signedEvent('payment_intent.payment_failed', intentId);
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'request-id': id('req') }).end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error', code?: string) => send(res, status, { error: { type, message, ...(code ? { code } : {}) } });

  const handle = async (req: IncomingMessage, res: ServerResponse, text: string) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    requests.push({ method, path: url.pathname, idempotencyKey: key });
    if (method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization', 'access-control-allow-methods': 'GET, POST' }).end();
      return;
    }
    const params = parseForm(text);
    const confirm = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/);
    if (confirm) {
      // The browser's call (Stripe.js): publishable key and the client secret, no secret key.
      const intent = intents.get(confirm[1]!);
      if (!intent || params.key !== publishableKey || params.client_secret !== intent.client_secret) return fail(res, 404, 'No such payment_intent.');
      if (intent.status === 'succeeded' || intent.status === 'canceled') return fail(res, 400, `This PaymentIntent's status is ${intent.status}.`, 'invalid_request_error', 'payment_intent_unexpected_state');
      const card = String((params.payment_method_data as Record<string, Record<string, string>> | undefined)?.card?.number ?? '');
      const event = card === '4242424242424242' ? pay(intent.id) : decline(intent.id);
      send(res, 200, { ...intent });
      void deliver(event, intent.id);
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) return fail(res, 401, 'Invalid API Key provided.');
    const remembered = key ? idempotent.get(`${url.pathname}|${key}`) : undefined;
    if (remembered) return send(res, remembered.status, remembered.body);
    const answer = (status: number, body: unknown) => {
      if (key) idempotent.set(`${url.pathname}|${key}`, { status, body });
      send(res, status, body);
    };
    if (method === 'POST' && url.pathname === '/v1/payment_intents') {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) return fail(res, 400, 'Amount must be at least $0.50 aud');
      const intentId = id('pi');
      const intent: StandInIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        currency: String(params.currency),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        description: (params.description as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        receipt_email: (params.receipt_email as string) ?? null,
        last_payment_error: null,
        latest_charge: null,
        amount_received: 0,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      return answer(200, intent);
    }
    if (method === 'GET' && url.pathname === '/v1/payment_intents') {
      // The list, newest first, as Stripe's: created[gte] / created[lte] (seconds), limit, starting_after.
      const bound = (name: string) => (url.searchParams.has(`created[${name}]`) ? Number(url.searchParams.get(`created[${name}]`)) : undefined);
      const [gte, lte] = [bound('gte'), bound('lte')];
      const all = [...intents.values()].filter((intent) => (gte === undefined || intent.created >= gte) && (lte === undefined || intent.created <= lte)).reverse();
      const after = url.searchParams.get('starting_after');
      const from = after ? all.findIndex((intent) => intent.id === after) + 1 : 0;
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const data = all.slice(from, from + limit);
      return send(res, 200, { object: 'list', data, has_more: from + limit < all.length, url: '/v1/payment_intents' });
    }
    if (method === 'GET' && url.pathname === '/v1/payment_intents/search') {
      if (faults.search) return fail(res, 400, 'Search is not available for your account.');
      // Stripe's search query language, the part the lead API uses: metadata['key']:'value' clauses joined by AND.
      const clauses = [...(url.searchParams.get('query') ?? '').matchAll(/metadata\['((?:[^'\\]|\\.)*)'\]:'((?:[^'\\]|\\.)*)'/g)].map(([, key, value]) => [unquote(key!), unquote(value!)]);
      if (clauses.length === 0) return fail(res, 400, 'Invalid search query.');
      const data = faults.searchStale ? [] : [...intents.values()].filter((intent) => clauses.every(([key, value]) => intent.metadata[key!] === value));
      return send(res, 200, { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' });
    }
    const one = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/);
    if (one) {
      const intent = intents.get(one[1]!);
      // As Stripe answers for an id its account does not have (another account's, or made up).
      if (!intent) return fail(res, 404, `No such payment_intent: '${one[1]}'`, 'invalid_request_error', 'resource_missing');
      if (!one[2] && method === 'GET') return send(res, 200, intent);
      if (one[2] && method === 'POST') {
        // As Stripe: a payment taken, or one the bank is processing (card payments), can no longer be cancelled.
        if (intent.status === 'succeeded' || intent.status === 'processing')
          return fail(res, 400, `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, 'invalid_request_error', 'payment_intent_unexpected_state');
        intent.status = 'canceled';
        return answer(200, intent);
      }
    }
    if (method === 'GET' && url.pathname === '/v1/refunds') {
      const data = [...refunds.values()].filter((refund) => refund.payment_intent === url.searchParams.get('payment_intent')).reverse();
      return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    if (method === 'POST' && url.pathname === '/v1/refunds') {
      if (faults.refunds) return fail(res, 500, 'An unknown error occurred', 'api_error');
      const intent = intents.get(String(params.payment_intent));
      if (!intent || intent.status !== 'succeeded') return fail(res, 400, 'This PaymentIntent has no successful charge to refund.', 'invalid_request_error', 'charge_not_refundable');
      const left = intent.amount - refundedOf(intent.id);
      // As Stripe answers a refund of a charge refunded in full already (e.g. from the dashboard).
      if (left === 0) return fail(res, 400, `Charge ${intent.latest_charge} has already been refunded.`, 'invalid_request_error', 'charge_already_refunded');
      const amount = params.amount === undefined ? left : Number(params.amount);
      if (amount <= 0 || amount > left) return fail(res, 400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`);
      const refund = { id: id('re'), object: 'refund', amount, payment_intent: intent.id, status: 'succeeded', currency: intent.currency, charge: intent.latest_charge };
      refunds.set(refund.id, refund);
      answer(200, refund);
      void deliver(signedEvent('charge.refunded', intent.id), intent.id);
      return;
    }
    fail(res, 404, `Unrecognized request URL (${method}: ${url.pathname}).`);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error) => fail(res, 500, String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    secretKey,
    publishableKey,
    webhookSecret,
    intents,
    requests,
    pay,
    decline,
    signedEvent,
    delivered,
    faults,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

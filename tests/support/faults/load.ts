/**
 * The load the fault suite keeps running while it breaks the stack (docs/reliability.md):
 * - a poller that reads pages of every tenant through the edge on a clock (a request every
 *   `everyMs`, not after the previous answer, so a stalled edge shows as requests waiting, as
 *   shoppers would), each with a client time limit, recording status, time, release and price;
 * - a writer that posts leads with an Idempotency-Key to both lead APIs in turn, and sends a
 *   lead again with the same key after a 503's Retry-After or a lost connection, as the forms
 *   do, recording every answer per key.
 */
import { request } from 'node:http';

export interface Answer {
  status: number;
  ms: number;
  release?: string;
  body: string;
  retryAfter?: string;
}

/** One GET or POST with a Host header, a connection of its own and a time limit; status 0 when it failed or timed out. */
export function call(
  base: string,
  path: string,
  host: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const url = new URL(base);
  const started = performance.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const done = (answer: Omit<Answer, 'ms'>) => resolve({ ...answer, ms: Math.round(performance.now() - started) });
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        agent: false,
        headers: { host, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            release: res.headers['x-release'] as string | undefined,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (error) => done({ status: 0, body: error.message }));
      },
    );
    req.setTimeout(options.timeoutMs ?? 15_000, () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 15_000} ms`)));
    req.on('error', (error) => done({ status: 0, body: error.message }));
    req.end(payload);
  });
}

export interface Read {
  at: number;
  slug: string;
  path: string;
  status: number;
  ms: number;
  release?: string;
  /** What the page shows of the watched car's price (a tenant's named prices), or 'none' / 'a+b' (two at once). */
  price: string;
}

/** Reads `paths` of every tenant through the edge, one request every `everyMs`, until stopped. */
export function startPoller(options: {
  edge: string;
  tenants: readonly string[];
  paths: readonly string[];
  everyMs: number;
  timeoutMs: number;
  priceOf: (slug: string, body: string) => string;
}) {
  const reads: Read[] = [];
  const inFlight = new Set<Promise<void>>();
  let turn = 0;
  const timer = setInterval(() => {
    const slug = options.tenants[turn % options.tenants.length]!;
    const path = options.paths[Math.floor(turn / options.tenants.length) % options.paths.length]!;
    turn += 1;
    const at = Date.now();
    const pending = call(options.edge, path, `${slug}.localhost`, { timeoutMs: options.timeoutMs }).then((answer) => {
      reads.push({
        at,
        slug,
        path,
        status: answer.status,
        ms: answer.ms,
        release: answer.release,
        price: answer.status === 200 ? options.priceOf(slug, answer.body) : 'none',
      });
    });
    inFlight.add(pending);
    void pending.finally(() => inFlight.delete(pending));
  }, options.everyMs);
  return {
    reads,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

export interface LeadRecord {
  key: string;
  slug: string;
  sentAt: number;
  /** Every answer to this key, in order (status 0: no answer). */
  answers: { at: number; api: string; status: number; ms: number; retryAfter?: string }[];
  /** The lead id of the first 2xx. */
  leadId?: string;
  ackedAt?: number;
}

/**
 * Posts a lead every `everyMs` (alternating the APIs and the tenants) with a fresh key; a lead
 * answered 503 (after its Retry-After, at most `retryAfterCapMs`) or not answered is sent again
 * with the same key, on the other API, until it is acknowledged or the writer is stopped and
 * drained. A 500 or any other status is kept as it came, never retried.
 */
export function startWriter(options: { apis: readonly string[]; tenants: readonly string[]; everyMs: number; retryAfterCapMs: number; prefix: string }) {
  const leads = new Map<string, LeadRecord>();
  const inFlight = new Set<Promise<void>>();
  let count = 0;
  let stopping = false;
  const send = async (record: LeadRecord, attempt: number): Promise<void> => {
    const api = options.apis[(count + attempt) % options.apis.length]!;
    const answer = await call(api, '/api/leads', `${record.slug}.localhost`, {
      method: 'POST',
      headers: { 'idempotency-key': record.key },
      body: {
        category: 'General Enquiry',
        name: `Fault ${record.key}`,
        email: `${record.key}@example.com`,
        phone: '0412345678',
        postcode: '4000',
        message: 'Is this car still available?',
        source: 'Website',
      },
      timeoutMs: 10_000,
    });
    record.answers.push({ at: Date.now(), api, status: answer.status, ms: answer.ms, retryAfter: answer.retryAfter });
    if (answer.status === 200 || answer.status === 201) {
      record.leadId ??= (JSON.parse(answer.body) as { lead_id: string }).lead_id;
      record.ackedAt ??= Date.now();
      return;
    }
    if (answer.status !== 503 && answer.status !== 0) return;
    const wait = answer.status === 503 ? Math.min(options.retryAfterCapMs, Number(answer.retryAfter ?? 1) * 1000) : 500;
    await new Promise((done) => setTimeout(done, stopping ? 200 : wait));
    if (attempt < 200) await send(record, attempt + 1);
  };
  const timer = setInterval(() => {
    const slug = options.tenants[count % options.tenants.length]!;
    const record: LeadRecord = { key: `${options.prefix}-${String(count).padStart(5, '0')}`, slug, sentAt: Date.now(), answers: [] };
    leads.set(record.key, record);
    count += 1;
    const pending = send(record, 0);
    inFlight.add(pending);
    void pending.finally(() => inFlight.delete(pending));
  }, options.everyMs);
  return {
    leads,
    /** Stop sending new leads; wait until every lead sent is answered for good. */
    async stop() {
      clearInterval(timer);
      stopping = true;
      await Promise.all(inFlight);
    },
  };
}
